import RefocusCore

/// The system's enforcement points as a reconcile runs them, in order:
/// the hosts section, the resolver module's index, the Chromium-family
/// browsers' policies, Firefox's, table `inet refocus`, and its fallback
/// routes (right after the table, whose outcome they follow). The daemon
/// adds its program blocker after them. Kept by name too, for what the
/// daemon watches and the caches it refreshes. Needs root to apply.
public struct SystemLayers {
    /// The /etc/hosts section.
    public let hosts: HostsFile
    /// The resolver module's index.
    public let index: NameIndexFile
    /// The managed policy files of Chromium-family browsers.
    public let chromium: ChromiumPolicies
    /// Firefox's policy file.
    public let firefox: FirefoxPolicies
    /// Table `inet refocus` and the address caches.
    public let table: TableLayer
    /// The unreachable routes where the table cannot be made.
    public let routes: RoutesLayer

    /// The system's layers, the table named as `policy` says.
    public init(
        policy: Policy, hosts: HostsFile = HostsFile(), index: NameIndexFile = NameIndexFile(),
        chromium: ChromiumPolicies = ChromiumPolicies(), firefox: FirefoxPolicies = FirefoxPolicies()
    ) {
        self.hosts = hosts
        self.index = index
        self.chromium = chromium
        self.firefox = firefox
        table = TableLayer(tableName: policy.nftablesTable)
        routes = RoutesLayer()
    }

    /// The layers in the order a reconcile runs them.
    public var ordered: [any EnforcementLayer] { [hosts, index, chromium, firefox, table, routes] }
}
