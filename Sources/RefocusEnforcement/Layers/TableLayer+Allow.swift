import RefocusCore
import RefocusNetfilter
import RefocusOS
import RefocusPlanning

extension TableLayer {
    /// What each owner of allowlist sessions may send: the lists' addresses
    /// and ranges, the addresses their names (with the policy's subdomains)
    /// resolve to, kept by `allowedCache` for their TTL, what the policy
    /// says no session may block (`never_block` and its subdomains,
    /// `never_block_addresses`: an allowlist blocks everything else, so it
    /// must let them through); and the servers the machine itself uses, each
    /// on its service's port only: DNS to the name servers of
    /// /etc/resolv.conf, which the owner's programs ask (a stub such as
    /// systemd-resolved's is on loopback, allowed anyway), NTP to the
    /// configured time servers (`TimeServerFiles`, names resolved and kept
    /// by `timeServerCache`), DHCP to the leases' servers and the DHCP groups
    /// (`DHCPLeaseFiles`, `AllowedTraffic.dhcpGroups`). A name that does not
    /// resolve is a note; it is not reachable until it does.
    func allowedTraffic(
        _ desired: DesiredEnforcement, policy: Policy, clock: ClockReading,
        notes: inout [Note]
    ) -> AllowedTraffic {
        guard !desired.allowed.isEmpty else { return .none }
        let wanted = desired.allowed.mapValues { listed in
            var allowed = listed
            allowed.domains.formUnion(policy.neverBlock)
            allowed.addresses.formUnion(policy.neverBlockAddresses)
            return (addresses: allowed.addresses, names: allowed.namesToResolve(subdomains: policy.subdomains))
        }
        // Every owner's names in one call: one owner's call would forget the others' answers.
        allowedCache.refresh(wanted.values.flatMap(\.names), now: clock.sinceBoot) {
            resolve($0, policy: policy, notes: &notes, for: .allowing)
        }
        let owners = wanted.mapValues { AddressIntervals($0.addresses.union(allowedCache.known($0.names))) }
        let text = (try? FileReader.readIfPresent(Self.resolvConfPath, limit: 1 << 20)) ?? nil
        let servers = ResolvConf(parsing: String(decoding: text ?? [], as: UTF8.self), path: Self.resolvConfPath)
            .servers
        let lease = DHCPLeaseFiles.read()
        let time = TimeServerFiles.read(lease: lease)
        let timeNames = time.names.map(\.ascii)
        let timeResolved = timeServerCache.addresses(of: timeNames, now: clock.sinceBoot) {
            resolve($0, policy: policy, notes: &notes, for: .timeServers)
        }
        let timeServers = time.addresses.map { AddressRange($0) } + timeResolved
        return AllowedTraffic(
            owners: owners, nameServers: AddressIntervals(servers.map { AddressRange($0) }),
            timeServers: AddressIntervals(timeServers),
            dhcpServers: AddressIntervals(lease.servers.map { AddressRange($0) } + AllowedTraffic.dhcpGroups))
    }

    /// The resolv.conf the owners' programs read.
    static let resolvConfPath = "/etc/resolv.conf"
}
