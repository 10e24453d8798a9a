import CLinux
import Glibc
import RefocusCore
import SystemPackage

/// Log lines on standard error that never block the writer: what the
/// enforcer daemon logs with, so that a reader who stops reading (a pipe
/// nobody drains, a stopped terminal, a stalled journal) cannot freeze it.
///
/// How it writes depends on what standard error is, found once at `init`:
/// - a socket (the journal's stream under systemd): `send` with
///   `MSG_DONTWAIT | MSG_NOSIGNAL`;
/// - a regular file (`/run/refocus/daemon.log`): a plain `write`, which a
///   file does not hold back;
/// - anything else (a pipe, a FIFO, a terminal): `/proc/self/fd/2` opened
///   anew with `O_NONBLOCK`, a description of its own, so that the one
///   shared with whoever started the process stays blocking for them.
///   Where that open fails (no /proc; a pipe without reader), lines are
///   dropped.
///
/// A line that would block, or whose write fails, is dropped and counted;
/// the next line that gets through is preceded by `(N log lines dropped)`.
/// A line a socket or pipe took only part of is finished before any later
/// line. Use from one thread.
public final class NonBlockingLog {
    private enum Target {
        case socket(Int32)
        case file(Int32)
        case reopened(Int32)
        case none
    }

    private let target: Target
    private let prefix: String
    /// Lines dropped since the last one that got through.
    public private(set) var dropped = 0
    /// The unwritten end of a line that was written in part.
    private var pending: [UInt8] = []

    /// A log on `descriptor` (standard error), each line starting with `prefix`.
    public init(prefix: String, descriptor: Int32 = STDERR_FILENO) {
        self.prefix = prefix
        var status = stat()
        guard case .success = syscall({ fstat(descriptor, &status) }) else {
            target = .none
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFSOCK:
            target = .socket(descriptor)
        case S_IFREG:
            target = .file(descriptor)
        default:
            let flags = O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
            if case .success(let reopened) = syscall({ open("/proc/self/fd/\(descriptor)", flags) }) {
                target = .reopened(reopened)
            } else {
                target = .none
            }
        }
    }

    deinit {
        if case .reopened(let fd) = target { close(fd) }
    }

    /// Writes `message` and a newline, after the prefix; drops it (and counts it) when that would block.
    public func write(_ message: String) {
        guard pending.isEmpty || flush(&pending) else {
            dropped += 1
            return
        }
        var bytes: [UInt8] = []
        if dropped > 0 {
            bytes += Array("\(prefix)(\(dropped) log line\(dropped == 1 ? "" : "s") dropped)\n".utf8)
        }
        bytes += Array("\(prefix)\(message)\n".utf8)
        var rest = bytes
        if flush(&rest) || rest.count < bytes.count {
            dropped = 0
            pending = rest
        } else {
            dropped += 1
        }
    }

    /// Writes as much of `bytes` as goes without blocking and leaves the rest
    /// in it; returns whether all of it went.
    private func flush(_ bytes: inout [UInt8]) -> Bool {
        if case .none = target { return bytes.isEmpty }
        while !bytes.isEmpty {
            let result = bytes.withUnsafeBytes { buffer in
                syscall { () -> Int in
                    switch target {
                    case .socket(let fd):
                        send(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
                    case .file(let fd), .reopened(let fd):
                        Glibc.write(fd, buffer.baseAddress, buffer.count)
                    case .none:
                        0
                    }
                }
            }
            guard case .success(let written) = result, written > 0 else { return false }
            bytes.removeFirst(written)
        }
        return true
    }
}
