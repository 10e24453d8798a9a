import RefocusCore
import RefocusOS

/// The bookkeeping of one `DNSClient.resolve` call: which queries (an A and
/// an AAAA per name, in name order) are yet to be sent, how many are in
/// flight, and what each came back with.
final class LookupBatch {
    /// One query to send: the name's index and the record type.
    struct Query {
        let index: Int
        let type: RecordType
    }

    let names: [DomainName]
    private var ipv4: [LookupOutcome?]
    private var ipv6: [LookupOutcome?]
    private var nextQuery = 0
    private var answered = 0
    /// Queries sent and not yet answered.
    private(set) var inFlight = 0

    init(names: [DomainName]) {
        self.names = names
        ipv4 = Array(repeating: nil, count: names.count)
        ipv6 = Array(repeating: nil, count: names.count)
    }

    /// Whether every query has an outcome.
    var isComplete: Bool { answered == names.count * 2 }

    /// The next query to send, counted as in flight; nil when all are sent.
    func startNext() -> Query? {
        guard nextQuery < names.count * 2 else { return nil }
        defer { nextQuery += 1 }
        inFlight += 1
        return Query(index: nextQuery / 2, type: nextQuery % 2 == 0 ? .a : .aaaa)
    }

    /// Records the outcome of a query that `startNext` gave.
    func record(_ outcome: LookupOutcome, for query: Query) {
        inFlight -= 1
        answered += 1
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
