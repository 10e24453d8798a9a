import CAres
import Glibc
import RefocusCore
import RefocusOS

extension AresChannel {
    /// Waits with poll(2) on the channel's sockets for at most `limit` (less
    /// when c-ares has a retry due sooner), then lets c-ares read answers,
    /// send retries and expire queries. Completions run inside this call.
    func waitAndProcess(upTo limit: Duration) throws(DNSClientError) {
        var watched = sockets.interests.map { socket, interest in
            pollfd(
                fd: socket,
                events: (interest.readable ? Int16(POLLIN) : 0) | (interest.writable ? Int16(POLLOUT) : 0),
                revents: 0)
        }
        let milliseconds = Int32(clamping: nextTimeout(limit).roundedUpMilliseconds)
        let ready: Int32
        switch syscall({
            watched.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        }) {
        case .success(let count): ready = count
        case .failure(let errno): throw .wait(errno)
        }
        guard ready > 0 else {
            ares_process_fd(channel, ARES_SOCKET_BAD, ARES_SOCKET_BAD)
            return
        }
        let readMask = Int16(POLLIN) | Int16(POLLERR) | Int16(POLLHUP)
        for socket in watched where socket.revents != 0 {
            let readable = socket.revents & readMask != 0 ? socket.fd : ARES_SOCKET_BAD
            let writable = socket.revents & Int16(POLLOUT) != 0 ? socket.fd : ARES_SOCKET_BAD
            ares_process_fd(channel, readable, writable)
        }
    }

    /// The time until c-ares' next retry or expiry, at most `limit`.
    private func nextTimeout(_ limit: Duration) -> Duration {
        let seconds = limit.components.seconds
        let microseconds = limit.components.attoseconds / 1_000_000_000_000
        var maximum = timeval(tv_sec: Int(seconds), tv_usec: Int(microseconds))
        var buffer = timeval()
        let next = withUnsafeMutablePointer(to: &maximum) { maximumPointer in
            withUnsafeMutablePointer(to: &buffer) { bufferPointer in
                ares_timeout(channel, maximumPointer, bufferPointer)?.pointee
            }
        }
        guard let next else { return limit }
        return .seconds(next.tv_sec) + .microseconds(next.tv_usec)
    }
}
