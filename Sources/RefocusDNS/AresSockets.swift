import CAres
import RefocusOS

/// The sockets a c-ares channel wants watched, kept up to date by its
/// socket-state callback, so that the event loop can poll all of them
/// (ares_getsock reports at most 16).
final class AresSockets {
    /// What to wait for on one socket.
    struct Interest: Equatable {
        var readable: Bool
        var writable: Bool
    }

    /// Every socket c-ares has open, with what it waits for.
    private(set) var interests: [ares_socket_t: Interest] = [:]

    /// Records c-ares' latest wish for `socket`; neither readable nor
    /// writable means the socket is closing.
    func update(_ socket: ares_socket_t, readable: Bool, writable: Bool) {
        if readable || writable {
            interests[socket] = Interest(readable: readable, writable: writable)
        } else {
            interests[socket] = nil
        }
    }
}
