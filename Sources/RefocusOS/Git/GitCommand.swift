import CLinux
import Glibc
import RefocusCore
import SystemPackage

/// Runs the `git` command (for the git sync transport, and root's fleet
/// pull): by its absolute path, never through a shell, with the environment
/// its user gives (the sync transport's: the user's own, less the variables
/// that would point git at another repository, with
/// `GIT_TERMINAL_PROMPT=0`); in a session of its own, so neither git nor
/// ssh can ask for a password on the terminal (cron must never hang), for
/// at most a time limit (`TimeLimitedProcess`). Its output and errors are
/// collected in memory files, so nothing it leaves running can block us.
public struct GitCommand: Sendable {
    /// How one run ended.
    public struct Result: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        public let status: Int32
        /// Its standard output.
        public let output: [UInt8]
        /// Its standard error.
        public let errors: [UInt8]

        /// Whether it exited with 0.
        public var succeeded: Bool { status == 0 }
        /// The standard output as text, without the final newline.
        public var outputText: String {
            var text = String(decoding: output, as: UTF8.self)
            while text.hasSuffix("\n") { text.removeLast() }
            return text
        }
        /// git's own words: the first lines of its errors that are not hints, trimmed.
        public var gitSays: String { GitCommand.firstLines(of: errors) }
    }

    /// The git program's absolute path.
    public let path: String
    /// The environment it runs with (`NAME=VALUE`).
    public let environment: [String]
    /// The longest one run may take; then its whole session is killed.
    public let limit: Duration
    /// The largest file one run may write, in bytes (`FileSizeLimit`), or nil for no cap.
    public let fileSizeLimit: Int?

    /// The variables that name a repository, an index or a work tree
    /// (`git rev-parse --local-env-vars`): set by a git hook that runs
    /// `refocus sync`, they would send our commands to the user's repository.
    public static let repositoryVariables: Set<String> = [
        "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_OBJECT_DIRECTORY",
        "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE", "GIT_INDEX_FILE",
        "GIT_NO_REPLACE_OBJECTS", "GIT_REPLACE_REF_BASE", "GIT_PREFIX", "GIT_SHALLOW_FILE", "GIT_COMMON_DIR",
        "GIT_NAMESPACE", "GIT_QUARANTINE_PATH",
    ]

    /// The environment git runs with: `user`'s, less `repositoryVariables`,
    /// with every way of prompting on a terminal turned off.
    public static func environment(from user: [String: String]) -> [String] {
        var variables = user.filter { !repositoryVariables.contains($0.key) }
        variables["GIT_TERMINAL_PROMPT"] = "0"
        // Git Credential Manager asks in a window or on the terminal unless told not to.
        variables["GCM_INTERACTIVE"] = "never"
        return variables.map { "\($0.key)=\($0.value)" }.sorted()
    }

    /// The first non-empty lines of `errors` that are not `hint:` lines, trimmed, joined by " / ".
    public static func firstLines(of errors: [UInt8], count: Int = 4) -> String {
        let lines = String(decoding: errors, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingASCIIWhitespace() }
            .filter { !$0.isEmpty && !$0.hasPrefix("hint:") }
        return lines.prefix(count).joined(separator: " / ")
    }

    /// A command that runs the git at `path` with `environment` (`NAME=VALUE`), each run for at most `limit`,
    /// writing no file larger than `fileSizeLimit` bytes when it is given.
    public init(path: String, environment: [String], limit: Duration, fileSizeLimit: Int? = nil) {
        self.path = path
        self.environment = environment
        self.limit = limit
        self.fileSizeLimit = fileSizeLimit
    }

    /// The git command `arguments` run (`fetch` of `-C CLONE -c KEY=VALUE fetch …`), for messages.
    public static func subcommand(of arguments: [String]) -> String {
        var rest = arguments[...]
        while let first = rest.first, first.hasPrefix("-") {
            rest = rest.dropFirst(first == "-C" || first == "-c" ? 2 : 1)
        }
        return rest.first ?? arguments.first ?? "git"
    }

    /// Runs git with `arguments`; throws when git is missing, could not be
    /// started, or ran until the time limit.
    public func execute(_ arguments: [String]) throws(GitCommandError) -> Result {
        guard access(path, X_OK) == 0 else { throw .notInstalled(path) }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
        var previousLimit: rlimit?
        if let fileSizeLimit {
            do { previousLimit = try FileSizeLimit.lower(to: fileSizeLimit) } catch { throw .cannotRun(error) }
        }
        defer { if let previousLimit { FileSizeLimit.restore(previousLimit) } }
        do {
            let directory = try syscall { open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
                .get("open the folder of", path)
            defer { close(directory) }
            let output = try MemoryFile("git output"), errors = try MemoryFile("git errors")
            let (end, _) = try TimeLimitedProcess.run(
                name, in: directory, arguments: arguments,
                environment: environment, output: output.descriptor,
                errors: errors.descriptor, newSession: true, limit: limit)
            let status: Int32
            switch end {
            case .exited(let code): status = code
            case .signalled(let signal): status = 128 + signal
            case .killedAtLimit: throw GitCommandError.timedOut(command: Self.subcommand(of: arguments), limit: limit)
            }
            return Result(status: status, output: try output.contents(), errors: try errors.contents())
        } catch let error as GitCommandError {
            throw error
        } catch let error as SystemError {
            throw .cannotRun(error)
        } catch {
            throw .cannotRun(SystemError("run", path, .ioError))
        }
    }
}

/// An anonymous file in memory (`memfd_create`), closed in `deinit`: where
/// a child's output goes, read back once it has exited.
private final class MemoryFile {
    let descriptor: Int32
    private let name: String

    init(_ name: String) throws(SystemError) {
        self.name = name
        // MFD_CLOEXEC: only the child's standard streams, made by dup2, survive its exec.
        descriptor = try syscall { memfd_create(name, 1) }.get("make a memory file for", name)
    }

    deinit {
        close(descriptor)
    }

    /// Everything written to it.
    func contents() throws(SystemError) -> [UInt8] {
        try syscall { lseek(descriptor, 0, SEEK_SET) }.get("rewind", name)
        return try FileReader.readAll(descriptor, path: name)
    }
}
