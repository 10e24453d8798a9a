/// Why no name server can be asked for the addresses of blocked domains.
public enum NameServerError: RefocusError, Equatable {
    /// The resolv.conf file at `path` lists no upstream server; `skippedStubs`
    /// are the systemd-resolved stubs it listed instead.
    case noServers(path: String, skippedStubs: [IPAddress])

    /// Always `.configuration`: the system's resolver configuration must change.
    public var category: ErrorCategory { .configuration }

    /// One line naming the file, the cause and the fix.
    public var description: String {
        switch self {
        case let .noServers(path, stubs) where !stubs.isEmpty:
            let listed = stubs.map(\.description).joined(separator: " and ")
            return "no upstream name server in \(path): it lists only the systemd-resolved stub \(listed),"
                + " which answers from /etc/hosts; start systemd-resolved (it lists the upstream servers in "
                + "\(ResolvConf.systemdUpstreamPath)) or add a 'nameserver ADDRESS' line for your network's DNS server"
        case let .noServers(path, _):
            return "no name server in \(path); add a 'nameserver ADDRESS' line for your network's DNS server"
        }
    }
}
