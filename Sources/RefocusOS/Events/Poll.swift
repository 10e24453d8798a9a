import Glibc

/// Waiting on several descriptors at once (poll(2)).
public enum Poll {
    /// Waits until one of `descriptors` is readable or `milliseconds` pass
    /// (-1: no limit); returns the readable ones (hang-ups and errors count).
    public static func readable(_ descriptors: [Int32], milliseconds: Int32) throws(SystemError) -> Set<Int32> {
        var watched = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = try syscall {
            watched.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        }
        .get("wait for", "events")
        guard ready > 0 else { return [] }
        return Set(watched.filter { $0.revents != 0 }.map(\.fd))
    }
}
