import Foundation
import RefocusOS
import SystemPackage

/// Runs the built `refocus` and `refocus-helper` binaries as a user would,
/// with a private configuration folder.
/// Test support: runs the built binaries.
public struct Binary {
    /// What a run printed and how it exited.
    public struct Run {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The folder holding the built products: next to the test bundle, or `REFOCUS_BUILD_DIR`.
    public static let buildDirectory: String = {
        if let explicit = ProcessInfo.processInfo.environment["REFOCUS_BUILD_DIR"] { return explicit }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // Inside an .xctest bundle directory on some layouts: climb out of it.
        while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
        return directory.path
    }()

    public let name: String
    public let home: String

    /// A binary run with `XDG_CONFIG_HOME` set to a fresh folder.
    public init(_ name: String = "refocus") throws {
        self.name = name
        home = NSTemporaryDirectory() + "refocus-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    /// The user's list folder.
    public var listsFolder: String { home + "/refocus/lists" }

    public func cleanUp() {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Runs the binary with `arguments`, feeding `input` on stdin (else /dev/null).
    @discardableResult
    public func callAsFunction(
        _ arguments: String..., input: String? = nil, environment: [String: String] = [:],
        prefix: [String] = []
    ) throws -> Run {
        try run(arguments, input: input, environment: environment, prefix: prefix)
    }

    /// Runs the binary, through `prefix` when given (`setpriv …`).
    public func run(
        _ arguments: [String], input: String? = nil, environment extra: [String: String] = [:],
        prefix: [String] = []
    ) throws -> Run {
        let path = Self.buildDirectory + "/" + name
        var environment = ["XDG_CONFIG_HOME": home, "TMPDIR": home]
        environment.merge(extra) { $1 }
        guard let launcher = prefix.first else {
            return try Self.execute(path, arguments, input: input, environment: environment)
        }
        return try Self.execute(
            launcher, Array(prefix.dropFirst()) + [path] + arguments, input: input,
            environment: environment)
    }

    /// Runs any program with this process's environment plus `environment`,
    /// feeding `input` on stdin (else /dev/null), and collects its output.
    public static func execute(
        _ path: String, _ arguments: [String], input: String? = nil,
        environment: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        if let input {
            let stdin = Pipe()
            process.standardInput = stdin
            try process.run()
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            try process.run()
        }
        // Read both pipes concurrently so that neither fills up and blocks the child.
        // The handle keeps the descriptor: it closes it, not the reader.
        let errorData = PipeReader(FileDescriptor(rawValue: stderr.fileHandleForReading.fileDescriptor), closing: false)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = errorData.wait()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// The text of a file in the list folder, or nil.
    public func listFile(_ name: String) -> String? {
        FileManager.default.contents(atPath: listsFolder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes a file in the home folder and returns its path.
    public func write(_ text: String, to name: String) throws -> String {
        let path = home + "/" + name
        try ProgramFile.write(text.utf8, to: path, mode: 0o644)
        return path
    }

    /// Writes a program (a stand-in, an editor) in the home folder that any
    /// user may run, and returns its path.
    public func writeProgram(_ text: String, to name: String) throws -> String {
        let path = home + "/" + name
        try ProgramFile.write(text.utf8, to: path, mode: 0o755)
        return path
    }

    /// `refocus preset list`, which reads the whole config, with `text` as config.toml.
    public func presetList(withConfig text: String) throws -> Run {
        try FileManager.default.createDirectory(atPath: home + "/refocus", withIntermediateDirectories: true)
        _ = try write(text, to: "refocus/config.toml")
        return try self("preset", "list")
    }
}

extension Binary.Run {
    /// The first whole number after `prefix` on the first output line that
    /// starts with it (`"ended: 137 after 12 ms"`, `"after "` → 12); nil when absent.
    public func number(after prefix: String, onLineStarting start: String) -> Int? {
        guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix(start) }),
            let range = line.range(of: prefix)
        else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
