/// What `refocus-helper nsswitch` answers about the resolver module
/// (`libnss_refocus.so.2`): whether glibc consults it for hosts, as
/// /etc/nsswitch.conf now reads, and whether its library is installed.
/// Under `resolverModule` in the helper's answer; keys are only ever added.
public struct ResolverModuleState: Codable, Sendable, Equatable {
    /// The file read: /etc/nsswitch.conf.
    public var path: String
    /// The services glibc consults for hosts, in order (`NsswitchConf.hostsServices`).
    public var hostsServices: [String]
    /// Whether `refocus` is one of them.
    public var named: Bool
    /// Whether `refocus` comes before any `dns` or `resolve`, so that the module answers first.
    public var beforeResolvers: Bool
    /// The installed library's path; nil when it is not installed.
    public var library: String?

    /// The state of glibc's hosts services `hostsServices`, read from `path`
    /// (`refocus` `named` among them, and consulted `beforeResolvers`), with
    /// the library found at `library` (root builds it from the file: `init(path:conf:library:)`).
    public init(path: String, hostsServices: [String], named: Bool, beforeResolvers: Bool, library: String?) {
        self.path = path
        self.hostsServices = hostsServices
        self.named = named
        self.beforeResolvers = beforeResolvers
        self.library = library
    }

    /// Whether glibc answers through the module: named before the resolvers, and installed.
    public var inForce: Bool { beforeResolvers && library != nil }
}
