import RefocusCore
import RefocusOS

/// The bookkeeping of one `DNSClient.resolve` call: which queries (an A and
/// an AAAA per name, in name order) are yet to be sent, how many are in
/// flight and may be (`limit`), and what each came back with.
final class LookupBatch {
    /// One query to send: the name's index, the record type, and when it was sent.
    struct Query {
        let index: Int
        let type: RecordType
        let sent: ContinuousClock.Instant
    }

    let names: [DomainName]
    /// How many queries may be in flight: grows with answers, halves on a loss.
    private(set) var limit: InFlightLimit
    /// An answer this long after its query was sent came after a retry: the first send was lost.
    let lossAfter: Duration
    private var ipv4: [LookupOutcome?]
    private var ipv6: [LookupOutcome?]
    private var nextQuery = 0
    private var answered = 0
    /// Queries sent and not yet answered.
    private(set) var inFlight = 0

    /// The queries for `names`, at most `limit.current` in flight, a query
    /// answered `lossAfter` or later after it was sent counted as lost.
    init(
        names: [DomainName],
        limit: InFlightLimit = InFlightLimit(
            ceiling: DNSClient.defaultMaxInFlight, start: DNSClient.defaultMaxInFlight),
        lossAfter: Duration = .seconds(1)
    ) {
        self.names = names
        self.limit = limit
        self.lossAfter = lossAfter
        ipv4 = Array(repeating: nil, count: names.count)
        ipv6 = Array(repeating: nil, count: names.count)
    }

    /// Whether every query has an outcome.
    var isComplete: Bool { answered == names.count * 2 }

    /// Whether the limit lets one more query be sent.
    var mayStartAnother: Bool { inFlight < limit.current }

    /// The next query to send, sent at `now` and counted as in flight; nil when all are sent.
    func startNext(at now: ContinuousClock.Instant = .now) -> Query? {
        guard nextQuery < names.count * 2 else { return nil }
        defer { nextQuery += 1 }
        inFlight += 1
        return Query(index: nextQuery / 2, type: nextQuery % 2 == 0 ? .a : .aaaa, sent: now)
    }

    /// Records the outcome of a query that `startNext` gave, come at `now`:
    /// the limit grows with an answer in time and shrinks with a lost query
    /// (answered after a retry, or timed out).
    func record(_ outcome: LookupOutcome, for query: Query, at now: ContinuousClock.Instant = .now) {
        inFlight -= 1
        answered += 1
        if outcome == .timedOut || now - query.sent >= lossAfter {
            limit.lost()
        } else {
            limit.answered()
        }
        switch query.type {
        case .a: ipv4[query.index] = outcome
        case .aaaa: ipv6[query.index] = outcome
        }
    }

    /// Every name with its addresses; a query never sent or never answered
    /// counts as timed out.
    func results() -> [ResolvedName] {
        names.indices.map { index in
            ResolvedName(name: names[index], ipv4: ipv4[index] ?? .timedOut, ipv6: ipv6[index] ?? .timedOut)
        }
    }
}
