import RefocusCore

/// The addresses allowed names resolved to, for allowlist sessions, each
/// name's answer kept until its time to live runs out (bounded by
/// `shortestLife` and `longestLife`), then asked again.
///
/// A new answer joins the addresses of the one before it for one more
/// life: a program that resolved the name a moment before (and keeps its
/// answer for the TTL) still reaches the address it was given, and an
/// address the name moved to is allowed from the reconcile that saw it, so
/// a name's addresses change without a gap. A failed answer keeps the
/// addresses already known and is asked again after `shortestLife`.
public final class AllowedAddressCache {
    /// The shortest a kept answer lives, whatever its TTL (a TTL of 0 or 5
    /// seconds would mean a DNS round at every reconcile).
    public static let shortestLife: Duration = .seconds(30)
    /// The longest a kept answer lives, whatever its TTL.
    public static let longestLife: Duration = .seconds(30 * 60)

    private struct Answer {
        var current: Set<AddressRange>
        var previous: Set<AddressRange>
        /// When to ask again, on the boot-time clock.
        var expires: Duration
    }

    private var answers: [String: Answer] = [:]

    /// An empty cache.
    public init() {}

    /// The addresses of `names` at `now` (on the boot-time clock), resolving
    /// those never asked and those whose answer has expired with `resolve`;
    /// names no longer asked for are forgotten.
    public func addresses(
        of names: [String], now: Duration,
        resolve: ([String]) -> [ResolvedName]
    ) -> Set<AddressRange> {
        refresh(names, now: now, resolve: resolve)
        return known(names)
    }

    /// Keeps answers for `names`, every name asked for at this reconcile
    /// (all owners' together: a name left out is forgotten, with the
    /// address its previous answer gave): resolves those never asked and
    /// those whose answer has expired with `resolve`.
    public func refresh(_ names: [String], now: Duration, resolve: ([String]) -> [ResolvedName]) {
        let wanted = Set(names)
        answers = answers.filter { wanted.contains($0.key) }
        var seen = Set<String>()
        let due = names.filter { name in seen.insert(name).inserted && (answers[name].map { $0.expires <= now } ?? true)
        }
        if !due.isEmpty {
            for answer in resolve(due) { keep(answer, now: now) }
        }
    }

    /// The addresses kept for `names`: each one's current answer and the one before it.
    public func known(_ names: [String]) -> Set<AddressRange> {
        var union = Set<AddressRange>()
        for name in names {
            guard let answer = answers[name] else { continue }
            union.formUnion(answer.current)
            union.formUnion(answer.previous)
        }
        return union
    }

    /// When the first kept answer expires, on the boot-time clock; nil when none is kept.
    public var nextExpiry: Duration? { answers.values.map(\.expires).min() }

    /// Expires every answer, so that the next call asks again for every name
    /// (the daemon's periodic re-resolution); the addresses stay allowed meanwhile.
    public func expireAll() {
        for name in answers.keys { answers[name]?.expires = .zero }
    }

    private func keep(_ answer: ResolvedName, now: Duration) {
        let name = answer.name.ascii
        let found = Set(answer.addresses.map { AddressRange($0) })
        let known = answers[name]
        guard answer.failure == nil || !found.isEmpty else {
            // Nothing new: keep what was known and ask again soon.
            answers[name] = Answer(
                current: known?.current ?? [], previous: known?.previous ?? [],
                expires: now + Self.shortestLife)
            return
        }
        let life = min(max(.seconds(Int64(answer.ttl ?? 0)), Self.shortestLife), Self.longestLife)
        answers[name] = Answer(current: found, previous: known?.current.subtracting(found) ?? [], expires: now + life)
    }
}
