import CLinux
import Glibc
import RefocusCore
import SystemPackage
import RefocusOS

/// Runs the `git` command for the git sync transport: by its absolute path,
/// never through a shell, with the user's own environment (their git
/// configuration, ssh agent and credential helpers) less the variables
/// that would point git at another repository, and with
/// `GIT_TERMINAL_PROMPT=0`; in a session of its own, so neither git nor
/// ssh can ask for a password on the terminal (cron must never hang), for
/// at most a time limit (`TimeLimitedProcess`). Its output and errors are
/// collected in memory files, so nothing it leaves running can block us.
struct GitCommand {
    /// How one run ended.
    struct Result {
        /// The exit status, or 128 + the signal that ended it.
        let status: Int32
        /// Its standard output.
        let output: [UInt8]
        /// Its standard error.
        let errors: [UInt8]

        /// Whether it exited with 0.
        var succeeded: Bool { status == 0 }
        /// The standard output as text, without the final newline.
        var outputText: String {
            var text = String(decoding: output, as: UTF8.self)
            while text.hasSuffix("\n") { text.removeLast() }
            return text
        }
        /// git's own words: the first lines of its errors that are not hints, trimmed.
        var gitSays: String { GitCommand.firstLines(of: errors) }
    }

    /// The git program's absolute path.
    let path: String
    /// The environment it runs with (`NAME=VALUE`).
    let environment: [String]
    /// The longest one run may take; then its whole session is killed.
    let limit: Duration

    /// The variables that name a repository, an index or a work tree
    /// (`git rev-parse --local-env-vars`): set by a git hook that runs
    /// `refocus sync`, they would send our commands to the user's repository.
    static let repositoryVariables: Set<String> = [
        "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_OBJECT_DIRECTORY",
        "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE", "GIT_INDEX_FILE",
        "GIT_NO_REPLACE_OBJECTS", "GIT_REPLACE_REF_BASE", "GIT_PREFIX", "GIT_SHALLOW_FILE", "GIT_COMMON_DIR",
        "GIT_NAMESPACE", "GIT_QUARANTINE_PATH",
    ]

    /// The environment git runs with: `user`'s, less `repositoryVariables`,
    /// with every way of prompting on a terminal turned off.
    static func environment(from user: [String: String]) -> [String] {
        var variables = user.filter { !repositoryVariables.contains($0.key) }
        variables["GIT_TERMINAL_PROMPT"] = "0"
        // Git Credential Manager asks in a window or on the terminal unless told not to.
        variables["GCM_INTERACTIVE"] = "never"
        return variables.map { "\($0.key)=\($0.value)" }.sorted()
    }

    /// The first non-empty lines of `errors` that are not `hint:` lines, trimmed, joined by " / ".
    static func firstLines(of errors: [UInt8], count: Int = 4) -> String {
        let lines = String(decoding: errors, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingASCIIWhitespace() }
            .filter { !$0.isEmpty && !$0.hasPrefix("hint:") }
        return lines.prefix(count).joined(separator: " / ")
    }

    /// Runs git with `arguments`; throws when git is missing, could not be
    /// started, or ran until the time limit.
    package func run(_ arguments: [String]) throws(GitTransportError) -> Result {
        guard access(path, X_OK) == 0 else { throw .notInstalled(path) }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
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
            case .killedAtLimit: throw GitTransportError.timedOut(command: arguments.first ?? "", limit: limit)
            }
            return Result(status: status, output: try output.contents(), errors: try errors.contents())
        } catch let error as GitTransportError {
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
