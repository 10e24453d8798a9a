#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import SystemPackage

/// Runs a program in the foreground: in this process's group, sharing its
/// terminal and environment, and waits for it. What `refocus list edit`
/// needs for `$EDITOR`, and what sudo needs to ask for a password: a program
/// in a group of its own (as `Foundation.Process` makes it) is stopped by
/// SIGTTOU as soon as it touches the terminal.
///
/// Runs with the caller's own privileges; the helper uses it only to start
/// refocus.service with systemctl.
public enum ForegroundProcess {
    /// What a program printed and how it ended.
    public struct Output: Sendable {
        /// Its exit status, or 128 + the signal number when a signal ended it.
        public let status: Int32
        /// Everything it wrote on its standard output.
        public let standardOutput: Data
        /// Everything it wrote on its standard error.
        public let standardError: Data
    }

    /// Runs `arguments` (the first is looked up in PATH) with this process's
    /// standard streams and returns its exit status, or 128 + the signal
    /// number when a signal ended it.
    public static func run(_ arguments: [String]) throws(SystemError) -> Int32 {
        guard !arguments.isEmpty else { return 0 }
        return try wait(for: try spawn(arguments, actions: nil), arguments)
    }

    /// Runs `arguments` (the first is looked up in PATH) with `input` on its
    /// standard input and its standard output and error collected; the
    /// terminal stays reachable through /dev/tty (sudo's password prompt).
    /// SIGPIPE must be ignored: a program that exits before reading all of
    /// `input` makes the rest of the write fail, which is not an error here.
    public static func run(_ arguments: [String], input: Data) throws(SystemError) -> Output {
        let program = arguments.first ?? ""
        let stdin = try PipeEnds(program), stdout = try PipeEnds(program), stderr = try PipeEnds(program)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy; every other pipe end closes at exec.
        posix_spawn_file_actions_adddup2(&actions, stdin.read.rawValue, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stdout.write.rawValue, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stderr.write.rawValue, STDERR_FILENO)
        let pid: pid_t
        do {
            pid = try spawn(arguments, actions: &actions)
        } catch {
            [stdin, stdout, stderr].forEach { $0.close() }
            throw error
        }
        // The child holds its own copies: close ours, so that each pipe ends when the child's does.
        [stdin.read, stdout.write, stderr.write].forEach { try? $0.close() }
        let output = PipeReader(stdout.read), errors = PipeReader(stderr.read)
        _ = try? stdin.write.writeAll(input)
        try? stdin.write.close()
        let status = try wait(for: pid, arguments)
        return Output(status: status, standardOutput: output.wait(), standardError: errors.wait())
    }

    /// Starts `arguments` in this process group with this process's
    /// environment, every signal at its default action and none blocked.
    private static func spawn(
        _ arguments: [String], actions: UnsafePointer<posix_spawn_file_actions_t>?
    ) throws(SystemError) -> pid_t {
        let program = arguments.first ?? ""
        let argv = SpawnStrings(arguments)
        var pid: pid_t = 0
        let spawned = SpawnAttributes.withDefaults { attributes in
            posix_spawnp(&pid, program, actions, attributes, argv.pointers, environ)
        }
        guard spawned == 0 else { throw SystemError("run", program, Errno(rawValue: spawned)) }
        return pid
    }

    /// Waits for `pid` to end: its exit status, or 128 + the signal number.
    private static func wait(for pid: pid_t, _ arguments: [String]) throws(SystemError) -> Int32 {
        var status: Int32 = 0
        _ = try syscall { waitpid(pid, &status, 0) }.get("wait for", arguments.first ?? "")
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Both ends of a pipe, closed at exec.
    private struct PipeEnds {
        let read: FileDescriptor
        let write: FileDescriptor

        init(_ program: String) throws(SystemError) {
            var ends: [Int32] = [-1, -1]
            // Glibc's module lacks pipe2; no other thread of ours spawns in between.
            _ = try syscall { pipe(&ends) }.get("make a pipe for", program)
            read = FileDescriptor(rawValue: ends[0])
            write = FileDescriptor(rawValue: ends[1])
            for end in ends {
                _ = try syscall { fcntl(end, F_SETFD, FD_CLOEXEC) }.get("make a pipe for", program)
            }
        }

        func close() {
            try? read.close()
            try? write.close()
        }
    }
}
