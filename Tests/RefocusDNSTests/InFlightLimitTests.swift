import RefocusCore
import Testing
@testable import RefocusDNS

/// The in-flight limit of one resolve call (`InFlightLimit`, and
/// `LookupBatch` feeding it by time): it starts at the default, grows by
/// about one query per window of answers up to the caller's ceiling, and
/// halves once per burst of losses; a ceiling at or under the default is
/// where it starts and stays without losses. Times are given, not waited.
@Suite struct InFlightLimitTests {
    @Test func startsAtTheDefaultAndGrowsByAboutOneAWindowToTheCeiling() {
        var limit = InFlightLimit(ceiling: 256, start: 64)
        #expect(limit.current == 64)
        for _ in 0..<64 { limit.answered() }
        #expect(limit.current == 64 || limit.current == 65, "one window of answers adds about one")
        var answers = 64
        while limit.current < 256 {
            limit.answered()
            answers += 1
        }
        // From w to w + 1 takes w answers: 64 + 65 + ... + 255 in all.
        #expect(answers >= (64..<256).reduce(0, +) - 256 && answers <= (64..<256).reduce(0, +) + 256)
        for _ in 0..<10_000 { limit.answered() }
        #expect(limit.current == 256, "never past the ceiling")
    }

    @Test(arguments: [1, 16, 64])
    func aCeilingAtOrUnderTheDefaultIsWhereItStartsAndStays(_ ceiling: Int) {
        var limit = InFlightLimit(ceiling: ceiling, start: DNSClient.defaultMaxInFlight)
        #expect(limit.current == ceiling)
        for _ in 0..<1_000 { limit.answered() }
        #expect(limit.current == ceiling)
    }

    @Test func halvesOncePerBurstOfLossesAndNeverBelowOne() {
        var limit = InFlightLimit(ceiling: 512, start: 200)
        limit.lost()
        #expect(limit.current == 100)
        for _ in 0..<50 { limit.lost() }
        #expect(limit.current == 100, "the losses of one burst are one signal")
        for _ in 0..<99 { limit.answered() }
        limit.lost()
        #expect(limit.current == 100, "not yet a window of answers since it halved")
        limit.answered()
        limit.lost()
        #expect(limit.current == 50)
        for _ in 0..<20 {
            for _ in 0..<limit.current { limit.answered() }
            limit.lost()
        }
        #expect(limit.current <= 2, "a window of answers grows it by one, the loss halves it")
        var one = InFlightLimit(ceiling: 64, start: 1)
        one.lost()
        #expect(one.current == 1, "never below one")
        #expect(InFlightLimit(ceiling: 0, start: 64).current == 1)
        #expect(InFlightLimit(ceiling: .max, start: 64).ceiling == InFlightLimit.largestCeiling)
    }

    @Test func aBatchCountsAnAnswerAfterARetryOrATimeoutAsALoss() throws {
        let names = try (0..<200).map { try DomainName(validating: "name\($0).example") }
        let batch = LookupBatch(
            names: names, limit: InFlightLimit(ceiling: 256, start: 64), lossAfter: .milliseconds(250))
        let start = ContinuousClock.now
        var sent: [LookupBatch.Query] = []
        while batch.mayStartAnother, let query = batch.startNext(at: start) { sent.append(query) }
        #expect(sent.count == 64 && batch.inFlight == 64)
        for query in sent.prefix(63) {
            batch.record(.noData, for: query, at: start + .milliseconds(249))
        }
        #expect(batch.limit.current == 64 || batch.limit.current == 65, "answers in time grow it")
        let grown = batch.limit.current
        batch.record(.addresses([.v4(0xC000_0201)], ttl: 60), for: sent[63], at: start + .milliseconds(250))
        #expect(batch.limit.current == grown / 2, "answered only after a retry: lost")
        let again = try #require(batch.startNext(at: start))
        for _ in 0..<(batch.limit.current) {
            let query = try #require(batch.startNext(at: start))
            batch.record(.notFound, for: query, at: start + .milliseconds(1))
        }
        let before = batch.limit.current
        batch.record(.timedOut, for: again, at: start + .milliseconds(2))
        #expect(batch.limit.current == before / 2, "timed out: lost")
    }
}
