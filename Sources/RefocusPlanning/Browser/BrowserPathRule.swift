import RefocusCore

/// A blocked path of a host, such as `youtube.com/shorts`: only browsers
/// enforce it (through their managed policies); /etc/hosts and the firewall
/// see whole hosts only. The path is taken as given (the list entry's own
/// validation percent-encodes and normalises it); it always starts with `/`.
public struct BrowserPathRule: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The host whose path is blocked, and the same path of every name under it.
    public let host: DomainName
    /// The path and everything below it, starting with `/` (`/shorts`).
    public let path: String

    /// A rule for `path` of `host`; a missing leading `/` is added.
    public init(host: DomainName, path: String) {
        self.host = host
        self.path = path.hasPrefix("/") ? path : "/" + path
    }

    /// `host/path`, as lists write it.
    public var description: String { host.ascii + path }

    /// Ordered by host, then path.
    public static func < (lhs: BrowserPathRule, rhs: BrowserPathRule) -> Bool {
        (lhs.host, lhs.path) < (rhs.host, rhs.path)
    }
}
