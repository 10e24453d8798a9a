import RefocusCore
import RefocusOS

/// The addresses blocked names resolved to, kept between reconciles so that
/// a repair or a timer costs no DNS round: only names not yet asked are
/// resolved, and `forgetAll` (the daemon's periodic re-resolution) asks
/// again. Incomplete answers (a timeout, a server failure) are kept too,
/// with whatever addresses they had, and counted, so that the daemon asks
/// again sooner rather than on every repair.
public final class AddressCache {
    private var known: [String: Set<AddressRange>] = [:]
    /// How many kept answers are incomplete.
    public private(set) var incompleteCount = 0

    /// An empty cache.
    public init() {}

    /// The addresses of `names`, resolving those not yet known with `resolve`.
    public func addresses(
        of names: [String],
        resolve: ([String]) -> [ResolvedName]
    ) -> Set<AddressRange> {
        let missing = names.filter { known[$0] == nil }
        if !missing.isEmpty {
            for answer in resolve(missing) {
                known[answer.name.ascii] = Set((answer.ipv4 + answer.ipv6).map { AddressRange($0) })
                if answer.failure == .timedOut || answer.failure == .serverFailure { incompleteCount += 1 }
            }
        }
        return knownAddresses(of: names)
    }

    /// The addresses already known for `names`, resolving nothing.
    public func knownAddresses(of names: [String]) -> Set<AddressRange> {
        var union = Set<AddressRange>()
        for name in names { union.formUnion(known[name] ?? []) }
        return union
    }

    /// Drops every answer, so that the next reconcile resolves every name again.
    public func forgetAll() {
        known = [:]
        incompleteCount = 0
    }

    /// How many names have answers.
    public var count: Int { known.count }
}
