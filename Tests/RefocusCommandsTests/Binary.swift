import Foundation

/// Runs the built `refocus` and `refocus-helper` binaries as a user would,
/// with a private configuration folder.
struct Binary {
    /// What a run printed and how it exited.
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The folder holding the built products: next to the test bundle, or `REFOCUS_BUILD_DIR`.
    static let buildDirectory: String = {
        if let explicit = ProcessInfo.processInfo.environment["REFOCUS_BUILD_DIR"] { return explicit }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // Inside an .xctest bundle directory on some layouts: climb out of it.
        while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
        return directory.path
    }()

    let name: String
    let home: String

    /// A binary run with `XDG_CONFIG_HOME` set to a fresh folder.
    init(_ name: String = "refocus") throws {
        self.name = name
        home = NSTemporaryDirectory() + "refocus-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    /// The user's list folder.
    var listsFolder: String { home + "/refocus/lists" }

    func cleanUp() {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Runs the binary with `arguments`, feeding `input` on stdin (else /dev/null).
    @discardableResult
    func callAsFunction(_ arguments: String..., input: String? = nil, environment: [String: String] = [:],
                        prefix: [String] = []) throws -> Run {
        try run(arguments, input: input, environment: environment, prefix: prefix)
    }

    /// Runs the binary, through `prefix` when given (`setpriv …`).
    func run(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:],
             prefix: [String] = []) throws -> Run {
        let process = Process()
        let path = Self.buildDirectory + "/" + name
        if prefix.isEmpty {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: prefix[0])
            process.arguments = Array(prefix.dropFirst()) + [path] + arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = home
        environment["TMPDIR"] = home
        environment.merge(extra) { $1 }
        process.environment = environment
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
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                   stderr: String(decoding: err, as: UTF8.self))
    }

    /// The text of a file in the list folder, or nil.
    func listFile(_ name: String) -> String? {
        FileManager.default.contents(atPath: listsFolder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes a file in the home folder and returns its path.
    func write(_ text: String, to name: String) throws -> String {
        let path = home + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
