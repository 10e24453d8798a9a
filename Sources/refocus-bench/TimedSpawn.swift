import Foundation
import Glibc

/// A program whose runs are timed whole, from spawn to exit: what a status
/// bar or a shell pays for it. Its standard output goes to /dev/null; the
/// environment is this process's at each run.
final class TimedSpawn {
    let path: String
    let arguments: [String]
    private var actions = posix_spawn_file_actions_t()
    private let argv: [UnsafeMutablePointer<CChar>?]

    /// `path` (absolute) with `arguments`.
    init(_ path: String, _ arguments: [String]) {
        self.path = path
        self.arguments = arguments
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        argv = ([path] + arguments).map { strdup($0) } + [nil]
    }

    deinit {
        posix_spawn_file_actions_destroy(&actions)
        argv.forEach { free($0) }
    }

    /// One run: its wall time in seconds and its exit status (128 + the signal that ended it).
    func run() throws -> (seconds: Double, status: Int32) {
        let start = ContinuousClock.now
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
            throw BenchError.referenceFailed("spawn \(path)")
        }
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid else { throw BenchError.referenceFailed("waitpid \(path)") }
        let elapsed = Samples.seconds(ContinuousClock.now - start)
        return (elapsed, status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F)
    }

    /// `runs` runs, each of which must exit 0.
    func times(runs: Int) throws -> Samples {
        Samples(
            try (0..<runs).map { _ in
                let run = try run()
                guard run.status == 0 else {
                    throw BenchError.referenceFailed("\(path) \(arguments) exited with \(run.status)")
                }
                return run.seconds
            })
    }
}
