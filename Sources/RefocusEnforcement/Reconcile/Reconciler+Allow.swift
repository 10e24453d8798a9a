import RefocusCore

extension Reconciler {
    /// The addresses each owner of allowlist sessions may reach, per uid: the
    /// lists' addresses and ranges, and the addresses their names (with the
    /// policy's subdomains) resolve to, kept by `allowedCache` for their
    /// TTL. A name that does not resolve is a note; it is not reachable
    /// until it does.
    func allowedAddresses(_ desired: DesiredEnforcement, clock: ClockReading,
                          notes: inout [String]) -> [UInt32: AddressIntervals] {
        var result: [UInt32: AddressIntervals] = [:]
        for (owner, allowed) in desired.allowed {
            let names = allowed.namesToResolve(subdomains: policy.subdomains)
            let resolved = allowedCache.addresses(of: names, now: clock.sinceBoot) { resolve($0, notes: &notes) }
            result[owner] = AddressIntervals(allowed.addresses.union(resolved))
        }
        return result
    }
}
