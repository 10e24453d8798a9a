import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning

/// What the table counted since it was last replaced: refused packets per
/// destination address (its hits sets), per allowlist owner (the refusing
/// rules of their chains) and per user blocked for them alone (the rules
/// over their sets).
struct TableCounts: Equatable {
    /// Refused packets per destination address, from the hits sets.
    var hits: [IPAddress: UInt64] = [:]
    /// Refused packets per allowlist owner's uid, from their chains.
    var allowRefusals: [UInt32: UInt64] = [:]
    /// Refused packets per user blocked for them alone, from the rules over their sets.
    var userRefusals: [UInt32: UInt64] = [:]
}

/// Connections refused per session, from the table's counters. A block-list
/// session is charged for each refused address it blocks: one it lists,
/// one its names resolved to, or the sinkhole its names point at in
/// /etc/hosts; an allowlist session for every packet of its owner's that
/// the owner's chain refused. Sessions blocking the same address, or of the
/// same allowlist owner, are each charged. Replacing the table starts its
/// counters at zero, so the daemon carries the counts read before each
/// replacement.
struct BlockedAttempts {
    /// Counts carried over from tables since replaced, per session id.
    private var carried: [Int64: UInt64] = [:]

    /// Adds `counted` to the sessions that refused it: call with the
    /// counters read just before the table is replaced.
    mutating func carry(_ counted: TableCounts, sessions: [Session], policy: Policy, cache: AddressCache) {
        for (id, count) in Self.attribute(counted, sessions: sessions, policy: policy, cache: cache) {
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

    /// The refused connections of each session so far, with `counted` the live counters.
    func totals(_ counted: TableCounts, sessions: [Session], policy: Policy, cache: AddressCache) -> [Int64: UInt64] {
        var totals = carried
        for (id, count) in Self.attribute(counted, sessions: sessions, policy: policy, cache: cache) {
            totals[id, default: 0] += count
        }
        return totals
    }

    private static func attribute(
        _ counted: TableCounts, sessions: [Session], policy: Policy,
        cache: AddressCache
    ) -> [Int64: UInt64] {
        var result: [Int64: UInt64] = [:]
        for session in sessions {
            guard let id = session.id else { continue }
            let count =
                session.mode == .allow
                ? counted.allowRefusals[session.owner] ?? 0
                : refused(counted.hits, by: session, policy: policy, cache: cache)
            if count > 0 { result[id] = count }
        }
        return result
    }

    /// The packets of `hits` sent to addresses that the block-list `session` blocks.
    private static func refused(
        _ hits: [IPAddress: UInt64], by session: Session, policy: Policy,
        cache: AddressCache
    ) -> UInt64 {
        guard !hits.isEmpty else { return 0 }
        let own = DesiredEnforcement(sessions: [session], policy: policy)
        // A refused connection to the sinkhole is one to a name the session blocks in /etc/hosts.
        let ranges = own.addresses.union(cache.knownAddresses(of: own.namesToResolve))
            .union(own.hostsNames.isEmpty ? [] : Sinkhole.ranges)
        let blocked = hits.filter { address, _ in ranges.contains { ($0.first...$0.last).contains(address) } }
        return blocked.values.reduce(0, +)
    }
}
