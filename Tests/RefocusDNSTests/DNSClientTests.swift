import CAres
import RefocusCore
import Testing
@testable import RefocusDNS

/// The resolver's parts that need no name server: status mapping, the
/// bookkeeping of a batch, and a channel's life. (Queries are tested against
/// dnsmasq in RefocusPrivilegedTests/ResolverTests, inside a namespace.)
@Suite struct DNSClientTests {
    @Test(arguments: [
        (ARES_ENODATA, LookupOutcome.noData),
        (ARES_ENOTFOUND, .notFound),
        (ARES_ETIMEOUT, .timedOut),
        (ARES_ECANCELLED, .timedOut),
        (ARES_EDESTRUCTION, .timedOut),
        (ARES_ESERVFAIL, .serverFailure(reason: "the server failed (SERVFAIL)")),
        (ARES_ECONNREFUSED, .serverFailure(reason: "every server refused the query or could not be reached")),
        (ARES_SUCCESS, .serverFailure(reason: "empty answer")),
    ])
    func statusesBecomeOutcomes(_ status: Int32, expected: LookupOutcome) {
        #expect(AresReply.outcome(status: status, type: .a, answer: nil, length: 0) == expected)
    }

    @Test func batchCountsQueriesAndTimesOutTheUnanswered() throws {
        let names = try ["a.example", "b.example"].map { try DomainName(validating: $0) }
        let batch = LookupBatch(names: names)
        let first = try #require(batch.startNext())
        let second = try #require(batch.startNext())
        #expect((first.index, first.type, second.index, second.type) == (0, .a, 0, .aaaa))
        #expect(batch.inFlight == 2)
        batch.record(.addresses([.v4(0xC000_0201)], ttl: 300), for: first)
        batch.record(.noData, for: second)
        #expect(batch.inFlight == 0 && !batch.isComplete)
        let results = batch.results()
        #expect(results[0].failure == nil && results[0].ipv4 == [.v4(0xC000_0201)])
        #expect(results[1].failure == .timedOut, "never sent counts as timed out")
        while let query = batch.startNext() { batch.record(.notFound, for: query) }
        #expect(batch.isComplete && batch.results()[1].failure == .notFound)
    }

    @Test func channelTakesIPv4AndIPv6ServersAndCloses() throws {
        let servers = [IPAddress.v4(0xC000_0235), .v6(high: 0x2001_0db8_0000_0000, low: 0x53)]
        let channel = try AresChannel(servers: servers, attemptTimeout: .milliseconds(500), tries: 2)
        #expect(channel.sockets.interests.isEmpty, "no socket before the first query")
    }

    @Test func nothingToResolveSendsNothing() throws {
        #expect(try DNSClient(servers: [.v4(0xC000_0235)]).resolve([]).isEmpty)
    }

    @Test(
        arguments: [
            (Duration.milliseconds(1), 1), (.microseconds(1), 1), (.seconds(2), 2000), (.zero, 0),
            (.milliseconds(1500) + .nanoseconds(1), 1501),
        ] as [(Duration, Int64)])
    func waitsRoundUp(_ duration: Duration, milliseconds: Int64) {
        #expect(duration.roundedUpMilliseconds == milliseconds)
    }
}
