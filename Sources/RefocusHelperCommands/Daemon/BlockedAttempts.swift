import RefocusCore
import RefocusEnforcement
import RefocusOS

/// Connections refused per session, from the firewall's hits sets (packets
/// per refused destination address). A session is charged for each refused
/// address it blocks: one it lists, one its names resolved to, or the
/// sinkhole its names point at in /etc/hosts. Sessions
/// blocking the same address are each charged. Replacing the table starts
/// its counters at zero, so the daemon carries the counts read before each
/// replacement.
struct BlockedAttempts {
    /// Counts carried over from tables since replaced, per session id.
    private var carried: [Int64: UInt64] = [:]

    /// Adds `hits` to the sessions that blocked them: call with the counters
    /// read just before the table is replaced.
    mutating func carry(_ hits: [IPAddress: UInt64], sessions: [Session], policy: Policy, cache: AddressCache) {
        for (id, count) in Self.attribute(hits, sessions: sessions, policy: policy, cache: cache) {
            carried[id, default: 0] += count
        }
    }

    /// Starts session `id`'s count at `count`: what the store kept of it
    /// when a restarted daemon finds it running.
    mutating func resume(_ id: Int64, at count: UInt64) {
        carried[id] = count
    }

    /// Drops the counts of sessions that ended.
    mutating func forget(_ ids: some Sequence<Int64>) {
        for id in ids { carried[id] = nil }
    }

    /// The refused connections of each session so far, with `hits` the live counters.
    func totals(_ hits: [IPAddress: UInt64], sessions: [Session], policy: Policy, cache: AddressCache) -> [Int64: UInt64] {
        var totals = carried
        for (id, count) in Self.attribute(hits, sessions: sessions, policy: policy, cache: cache) {
            totals[id, default: 0] += count
        }
        return totals
    }

    private static func attribute(_ hits: [IPAddress: UInt64], sessions: [Session], policy: Policy,
                                  cache: AddressCache) -> [Int64: UInt64] {
        guard !hits.isEmpty else { return [:] }
        var result: [Int64: UInt64] = [:]
        for session in sessions {
            guard let id = session.id else { continue }
            let own = DesiredEnforcement(sessions: [session], policy: policy)
            // A refused connection to the sinkhole is one to a name the session blocks in /etc/hosts.
            let ranges = own.addresses.union(cache.knownAddresses(of: own.namesToResolve))
                .union(own.hostsNames.isEmpty ? [] : Sinkhole.ranges)
            let blocked = hits.filter { address, _ in ranges.contains { ($0.first...$0.last).contains(address) } }
            let count = blocked.values.reduce(0, +)
            if count > 0 { result[id] = count }
        }
        return result
    }
}
