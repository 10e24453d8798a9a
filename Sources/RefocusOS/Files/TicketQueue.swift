import Glibc
import RefocusCore

/// A place in line for a lock, so that its waiters are served in the order
/// they came: `flock` alone wakes them in no order, and a waiter that polls
/// can lose to newcomers again and again (a member's 16 loops kept another
/// member's start waiting 23 s).
///
/// Each waiter takes the next ticket number from a counter file (held only
/// to read and write the number), creates the ticket file of that number,
/// holds it with `flock` until it ends, and waits for the ticket before its
/// own to be let go: when that waiter ends, whether it finished or died.
/// A waiter ahead that is stopped (`T` in /proc/PID/stat: a member who
/// suspended their own run) is passed, so no one can hold the line for
/// others; every wait has a deadline. The lock itself is still taken after
/// the line (the ticket orders, the lock excludes).
public final class TicketQueue {
    private let fd: Int32
    /// This waiter's ticket file, removed as it ends.
    public let path: String
    /// This waiter's number.
    public let ticket: UInt64

    /// Takes a ticket in `directory` (made `directoryMode`) and waits for
    /// every waiter ahead to end or stop, at most until `deadline`; nil
    /// when it passed first.
    public static func wait(
        directory: String, directoryMode: mode_t = 0o700,
        deadline: ContinuousClock.Instant
    ) throws(SystemError) -> TicketQueue? {
        try Directories.prepare(directory, mode: directoryMode)
        guard let place = try take(directory) else { return nil }
        guard place.ticket > 0 else { return place }
        let ahead = "\(directory)/\(place.ticket - 1)"
        var pause: UInt32 = 1_000
        while !(try hasLetGo(ahead)) {
            guard ContinuousClock.now < deadline else { return nil }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
        // Its holder has ended (or stopped): nobody else waits for that ticket.
        unlink(ahead)
        return place
    }

    private init(fd: Int32, path: String, ticket: UInt64) {
        (self.fd, self.path, self.ticket) = (fd, path, ticket)
    }

    deinit {
        // Removed before it is let go: the next waiter either holds it open
        // already, and gets it as it closes, or finds no file, and goes on.
        unlink(path)
        close(fd)
    }

    /// The next ticket, made and held, and the counter moved on; the
    /// counter's lock is held for that only (and waited for at most a second).
    private static func take(_ directory: String) throws(SystemError) -> TicketQueue? {
        let counterPath = directory + "/counter"
        guard let counter = try ExclusiveLock.wait(path: counterPath, directoryMode: 0o700, deadline: .seconds(1))
        else {
            return nil
        }
        var number = decimal(try? FileReader.readIfPresent(counterPath, limit: 32)) ?? 0
        // A ticket file still held under this number (a counter reset under a live waiter) is skipped.
        for _ in 0..<64 {
            let path = "\(directory)/\(number)"
            let fd = try syscall { open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600) }
                .get("open the ticket", path)
            if case .success = syscall({ flock(fd, LOCK_EX | LOCK_NB) }) {
                let place = TicketQueue(fd: fd, path: path, ticket: number)
                let pid = Array("\(getpid())\n".utf8)
                _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
                try counter.record("\(number &+ 1)\n")
                return place
            }
            close(fd)
            number &+= 1
        }
        throw SystemError("take a ticket in", directory, .resourceTemporarilyUnavailable)
    }

    /// Whether the ticket file `path` is no longer held by a running waiter:
    /// gone, free, or held by a process that is stopped.
    private static func hasLetGo(_ path: String) throws(SystemError) -> Bool {
        let fd: Int32
        switch syscall({ open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }) {
        case .success(let opened): fd = opened
        case .failure(.noSuchFileOrDirectory): return true
        case .failure(let errno): throw SystemError("open the ticket", path, errno)
        }
        defer { close(fd) }
        switch syscall({ flock(fd, LOCK_EX | LOCK_NB) }) {
        case .success: return true
        case .failure(.wouldBlock): break
        case .failure(let errno): throw SystemError("lock", path, errno)
        }
        var text = [UInt8](repeating: 0, count: 24)
        let count = text.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0, let pid = decimal(Array(text[..<count])).flatMap({ Int32(exactly: $0) }) else { return false }
        return isStopped(pid)
    }

    /// The number written in decimal at the start of `bytes`, up to a newline; nil for anything else.
    private static func decimal(_ bytes: [UInt8]?) -> UInt64? {
        guard let digits = bytes?.prefix(while: { $0 != UInt8(ascii: "\n") }), !digits.isEmpty, digits.count < 20,
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return digits.reduce(0) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
    }

    /// Whether process `pid` is stopped (`T`) or stopped by a tracer (`t`).
    static func isStopped(_ pid: Int32) -> Bool {
        guard let stat = try? FileReader.readIfPresent("/proc/\(pid)/stat", limit: 4_096),
            let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count
        else { return false }
        return stat[close + 2] == UInt8(ascii: "T") || stat[close + 2] == UInt8(ascii: "t")
    }
}
