/// What one DNS query (A or AAAA) for one name came back with.
public enum LookupOutcome: Sendable, Equatable {
    /// The addresses of the answer, in the order the server gave them, and
    /// the shortest time to live among them, in seconds.
    case addresses([IPAddress], ttl: UInt32)
    /// The name exists but has no record of the type asked for.
    case noData
    /// The name does not exist (NXDOMAIN).
    case notFound
    /// No server answered before the deadline.
    case timedOut
    /// The servers failed or refused; `reason` is the resolver library's text.
    case serverFailure(reason: String)
}
