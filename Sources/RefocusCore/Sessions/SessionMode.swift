/// What a session does with its lists: blocks them for the whole machine
/// (`block`, the default), or allows only them, and only to its owner
/// (`allow`: every other destination of the owner's is refused).
public enum SessionMode: String, Codable, Sendable, CaseIterable {
    /// The lists' names, addresses, paths and programs are blocked.
    case block
    /// Only the lists' names, addresses and paths are reachable by the
    /// session's owner; programs have no meaning there and are ignored.
    case allow
}
