import CLinux
import Glibc
import RefocusOS

/// A run of `refocus` for a request, watched by the server's poll loop
/// instead of waited on: its stdout and stderr are non-blocking pipes read
/// as they fill (each capped: past the cap the rest is read and dropped),
/// its stdin a sealed memfd holding the request's input (so that writing it
/// can never block), its exit reaped once both pipes have closed.
final class CommandChild {
    /// Bytes kept of stdout (a history's CSV is the largest) and of stderr.
    static let outputCap = 16 << 20
    static let errorCap = 64 << 10

    let pid: pid_t
    private(set) var output: Int32
    private(set) var errors: Int32
    private(set) var stdout: [UInt8] = []
    private(set) var stderr: [UInt8] = []

    /// Starts `program` with `arguments` and `input` on stdin; nil (with errno) when it cannot.
    init?(program: String, arguments: [String], input: [UInt8]) {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe2(&outPipe, O_CLOEXEC) == 0 else { return nil }
        guard pipe2(&errPipe, O_CLOEXEC) == 0 else {
            outPipe.forEach { close($0) }
            return nil
        }
        let stdinFile = Self.memoryFile(input)
        guard input.isEmpty || stdinFile >= 0 else {
            (outPipe + errPipe).forEach { close($0) }
            return nil
        }
        defer {
            close(outPipe[1])
            close(errPipe[1])
            if stdinFile >= 0 { close(stdinFile) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdinFile >= 0 {
            posix_spawn_file_actions_adddup2(&actions, stdinFile, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var child: pid_t = 0
        let argv = SpawnStrings([program] + arguments)
        // Every signal at its default and none blocked, whatever this server ignores (SIGPIPE).
        let started = SpawnAttributes.withDefaults {
            posix_spawn(&child, program, &actions, $0, &argv.pointers, environ)
        }
        guard started == 0 else {
            [outPipe[0], errPipe[0]].forEach { close($0) }
            errno = started
            return nil
        }
        pid = child
        output = outPipe[0]
        errors = errPipe[0]
        [output, errors].forEach { _ = fcntl($0, F_SETFL, fcntl($0, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        if output >= 0 { close(output) }
        if errors >= 0 { close(errors) }
    }

    /// Whether both pipes have closed.
    var finished: Bool { output < 0 && errors < 0 }

    /// Reads what `descriptor` (one of the two pipes) holds now; closes it at its end.
    func drain(_ descriptor: Int32) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return }
            if count == 0 {
                close(descriptor)
                if descriptor == output { output = -1 } else { errors = -1 }
                return
            }
            if descriptor == output {
                if stdout.count < Self.outputCap { stdout += chunk[0..<min(count, Self.outputCap - stdout.count)] }
            } else if stderr.count < Self.errorCap {
                stderr += chunk[0..<min(count, Self.errorCap - stderr.count)]
            }
        }
    }

    /// The exit status, once both pipes have closed (the child is exiting); -1 when killed by a signal.
    func reap() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : -1
    }

    /// A sealed memfd holding `bytes` at offset 0, -1 when there are none.
    private static func memoryFile(_ bytes: [UInt8]) -> Int32 {
        guard !bytes.isEmpty else { return -1 }
        let descriptor = memfd_create("refocus-ui-input", 1)
        guard descriptor >= 0 else { return -1 }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                close(descriptor)
                return -1
            }
            written += count
        }
        lseek(descriptor, 0, SEEK_SET)
        return descriptor
    }
}
