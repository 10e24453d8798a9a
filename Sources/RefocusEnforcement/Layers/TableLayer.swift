import RefocusCore
import RefocusNetfilter
import RefocusOS
import RefocusDNS
import RefocusPlanning

/// Table `inet refocus` as a layer: the listed addresses, those the blocked
/// names resolve to upstream (kept by `cache`), and the `Sinkhole`
/// addresses while the hosts section is in force (no address, no table),
/// less the addresses that must never be blocked (`ProtectedAddresses`,
/// read again at each run); what targeted users alone are refused
/// (`userBlocked`); the DoH endpoints; and the allowlist owners'
/// chains (`allowedTraffic`); and the open daily allowances' sites,
/// metered for their owners (`meteredTraffic`). Applied by the `Firewall`, which owns the
/// table while this layer lives. A table that cannot be made is the
/// outcome's failure (the `RoutesLayer`, run next, stands in); names that
/// do not resolve are notes. The outcome counts the intervals refused: the
/// machine's (without the sinkhole) and every targeted user's. Never
/// throws. Watches the table. Needs root.
public final class TableLayer: EnforcementLayer {
    /// The firewall, and the table it owns.
    public let firewall: Firewall
    /// The addresses blocked names resolved to.
    public let cache = AddressCache()
    /// The addresses allowed names resolved to, for allowlist sessions.
    public let allowedCache = AllowedAddressCache()
    /// The addresses of the configured time servers' names, which allowlist
    /// owners may ask on UDP 123 (kept like allowed names).
    public let timeServerCache = AllowedAddressCache()
    /// Always `.table`.
    public let kind = LayerKind.table

    /// The layer over table `inet tableName` (the policy's `nftables_table`, read once: the
    /// daemon keeps its table until it restarts).
    public init(tableName: String) {
        firewall = Firewall(tableName: tableName)
    }

    /// Resolves what is not known yet and makes the table hold what `plan` blocks and allows.
    public func apply(_ plan: EnforcementPlan, after earlier: [LayerOutcome]) -> LayerOutcome {
        let desired = plan.desired, policy = plan.policy
        var notes: [Note] = []
        // Every name once, whoever blocks it: the machine's and the users' in one call, which asks each name once.
        let userNames = desired.userBlocks.values.flatMap(\.namesToResolve)
        _ = cache.addresses(of: Array(Set(desired.namesToResolve + userNames)).sorted()) {
            resolve($0, policy: policy, notes: &notes)
        }
        let resolved = cache.knownAddresses(of: desired.namesToResolve)
        let protected = ProtectedAddresses(policy: policy, system: plan.system)
        // The sinkhole is refused even where it is protected: a blocked name must never reach a listener here.
        let blocked = AddressIntervals(desired.addresses.union(resolved)).subtracting(protected.intervals)
        let userBlocked = userBlocked(desired, protected: protected.intervals)
        let count = userBlocked.values.reduce(blocked.count) { $0 + $1.count }
        // The DoH endpoints are not cut by the protected addresses: refused on ports 443 and 853 only, a
        // resolver among them (8.8.8.8, say) still answers on port 53. But one the machine resolves
        // through is left out: over DNS-over-TLS, it is asked on port 853.
        let allowed = allowedTraffic(desired, policy: policy, clock: plan.clock, notes: &notes)
        let resolvers =
            desired.dohAddresses.isEmpty ? [] : SystemNameServers.machineResolvers().map { AddressRange($0) }
        let endpoints = AddressIntervals(desired.dohAddresses).subtracting(AddressIntervals(resolvers))
        let metered = meteredTraffic(desired, protected: protected.intervals, policy: policy, notes: &notes)
        let contents = TableContents(
            blocked: blocked.union(AddressIntervals(plan.sinkholeInUse ? Sinkhole.ranges : [])),
            userBlocked: userBlocked, endpoints: endpoints, allowed: allowed, metered: metered,
            meterStep: UInt32(policy.allowanceSiteStep))
        let watches: [TamperWatch] = firewall.nftables == nil ? [] : [.table(firewall.tableName)]
        switch firewall.apply(contents) {
        case .applied(let sent, let replaced):
            return LayerOutcome(
                layer: kind, state: contents.isEmpty ? .idle : .inForce, changed: sent,
                count: contents.isEmpty ? 0 : count, countersReset: replaced, notes: notes,
                watches: watches)
        case .ownedByAnother:
            notes.append(.tableKeptByDaemon(table: firewall.tableName))
            return LayerOutcome(
                layer: kind, state: .keptByAnother, count: count, notes: notes, watches: watches)
        case .failed(let error):
            // Nothing to block: the table's absence is all that was asked, and no problem for a person.
            return LayerOutcome(
                layer: kind, state: contents.isEmpty ? .idle : .failed,
                failure: .tableNotMade(table: firewall.tableName, error: "\(error)"),
                notes: notes, watches: watches)
        }
    }
}
