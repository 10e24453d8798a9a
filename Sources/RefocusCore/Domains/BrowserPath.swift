/// A part of a site that browsers block: a host and a path, such as
/// `youtube.com/shorts`, covering that path and every path below it.
/// /etc/hosts, the firewall and the resolver module leave these alone; the
/// browsers' managed policies enforce them.
public struct BrowserPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The host, checked like any domain entry.
    public let host: DomainName
    /// The normalised path, never `/` alone.
    public let path: URLPath

    /// Makes an entry from parts already checked.
    public init(host: DomainName, path: URLPath) {
        self.host = host
        self.path = path
    }

    /// The stored text form, such as `youtube.com/shorts`.
    public var description: String { host.ascii + path.text }

    /// By host, then by path.
    public static func < (lhs: BrowserPath, rhs: BrowserPath) -> Bool {
        lhs.host == rhs.host ? lhs.path < rhs.path : lhs.host < rhs.host
    }
}
