import RefocusCore
import RefocusNetfilter
import RefocusPlanning

extension TableLayer {
    /// What the table meters of the open daily allowances' sites: each
    /// one's written addresses and those its names resolve to (kept by
    /// `cache`, as blocked names are, so that a list whose allowance is then
    /// used is blocked without resolving again), less the addresses never
    /// blocked (`protected`), which would not be blocked once it is used.
    func meteredTraffic(
        _ desired: DesiredEnforcement, protected: AddressIntervals, policy: Policy, notes: inout [Note]
    ) -> [MeteredTraffic] {
        guard !desired.metered.isEmpty else { return [] }
        _ = cache.addresses(of: desired.metered.flatMap(\.namesToResolve)) {
            resolve($0, policy: policy, notes: &notes)
        }
        return desired.metered.map { sites in
            let resolved = cache.knownAddresses(of: sites.namesToResolve)
            return MeteredTraffic(
                owner: sites.owner, list: sites.list,
                addresses: AddressIntervals(sites.addresses.union(resolved)).subtracting(protected))
        }
    }
}
