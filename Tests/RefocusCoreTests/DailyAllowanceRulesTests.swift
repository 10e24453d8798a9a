import Foundation
import Testing

@testable import RefocusCore
@testable import RefocusPlanning
@testable import RefocusProtocol

/// The pure rules of daily allowances: the day an instant falls in (across
/// midnight and DST changes), the count of overlapping runs, a spent
/// allowance as a locked session of its list, and what a lock refuses.
@Suite struct DailyAllowanceRulesTests {
    static func zone(_ identifier: String) throws -> LocalZone {
        LocalZone(try #require(TimeZone(identifier: identifier), "\(identifier) is known to ICU"))
    }

    static func date(_ text: String) throws -> Date {
        try Date(text, strategy: .iso8601)
    }

    static let video = try! BlockListName("video")

    static func list(programs: [String] = ["mpv"], domains: [String] = ["youtube.com"]) throws -> BlockList {
        BlockList(
            name: video, entries: Set(try domains.map { try BlockEntry(parsing: $0) }),
            programs: Set(try programs.map { try ProgramName($0) }))
    }

    static func stored(daily: Int = 1800, resetMinute: Int = 0, lockedUntil: Date? = nil) throws -> StoredAllowance {
        StoredAllowance(
            owner: 1000, list: try list(),
            allowance: try DailyAllowance(list: video, dailySeconds: daily, resetMinute: resetMinute),
            lockedUntil: lockedUntil)
    }

    /// Now, the reset minute, the zone: the day's key, when it began and when it resets.
    @Test(arguments: [
        // Midnight: the last second of a day, and its first.
        ("2026-07-01T21:59:59Z", 0, "Europe/Berlin", "2026-07-01", "2026-06-30T22:00:00Z", "2026-07-01T22:00:00Z"),
        ("2026-07-01T22:00:00Z", 0, "Europe/Berlin", "2026-07-02", "2026-07-01T22:00:00Z", "2026-07-02T22:00:00Z"),
        // A reset at 04:30: before it, the day is yesterday's.
        ("2026-07-02T02:00:00Z", 270, "Europe/Berlin", "2026-07-01", "2026-07-01T02:30:00Z", "2026-07-02T02:30:00Z"),
        // Spring forward in Berlin (02:00 -> 03:00 on 2026-03-29): a reset at 02:30 comes at the jump's end,
        // and that day lasts 23 hours.
        ("2026-03-29T00:30:00Z", 150, "Europe/Berlin", "2026-03-28", "2026-03-28T01:30:00Z", "2026-03-29T01:00:00Z"),
        ("2026-03-29T01:00:00Z", 150, "Europe/Berlin", "2026-03-29", "2026-03-29T01:00:00Z", "2026-03-30T00:30:00Z"),
        // Fall back (03:00 -> 02:00 on 2026-10-25): a reset at 02:30 is the first 02:30, and the day lasts 25 hours.
        ("2026-10-25T01:15:00Z", 150, "Europe/Berlin", "2026-10-25", "2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"),
        ("2026-10-24T12:00:00Z", 0, "Europe/Berlin", "2026-10-24", "2026-10-23T22:00:00Z", "2026-10-24T22:00:00Z"),
        ("2026-10-25T12:00:00Z", 0, "Europe/Berlin", "2026-10-25", "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z"),
        // New York, midnight reset, across its own spring change (2026-03-08).
        ("2026-03-08T12:00:00Z", 0, "America/New_York", "2026-03-08", "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z"),
    ])
    func theDayOfAnAllowance(
        now: String, resetMinute: Int, zone: String, day: String, begins: String, resetsAt: String
    ) throws {
        let period = AllowancePeriod(
            containing: try Self.date(now), resetMinute: resetMinute, zone: try Self.zone(zone))
        #expect(period.day.description == day)
        #expect(period.begins == (try Self.date(begins)))
        #expect(period.resetsAt == (try Self.date(resetsAt)))
    }

    static let key = AllowanceTally.Key(owner: 1000, list: video)
    static let other = AllowanceTally.Key(owner: 1000, list: try! BlockListName("games"))

    @Test func twoProcessesAtOnceCountOnce() {
        var tally = AllowanceTally()
        tally.open(Self.key, dailySeconds: 600, usedSeconds: 60)
        #expect(tally.started(pid: 10, keys: [Self.key], at: .seconds(100)) == [Self.key])
        #expect(tally.started(pid: 11, keys: [Self.key], at: .seconds(130)).isEmpty, "already counting")
        #expect(tally.ended(pid: 10, at: .seconds(160)).isEmpty, "pid 11 still runs")
        #expect(tally.used(Self.key, at: .seconds(190)) == .seconds(150))
        #expect(tally.ended(pid: 11, at: .seconds(200)) == [Self.key])
        // 60 before, then 100 s with one or two processes running: 160, not 60 + 60 + 70.
        #expect(tally.used(Self.key, at: .seconds(1000)) == .seconds(160))
        #expect(tally.nextDeadline(at: .seconds(1000)) == nil, "nothing counts: no timer")
    }

    @Test func aProgramOnTwoListsCountsForBothAndSpendsAtItsLength() {
        var tally = AllowanceTally()
        tally.open(Self.key, dailySeconds: 600, usedSeconds: 0)
        tally.open(Self.other, dailySeconds: 400, usedSeconds: 0)
        tally.started(pid: 10, keys: [Self.key, Self.other], at: .seconds(0))
        // 400 - 300 s: the warning of `other` comes first.
        #expect(tally.nextDeadline(at: .seconds(0)) == .seconds(100))
        #expect(tally.crossedWarning(at: .seconds(100)) == [Self.other])
        #expect(tally.crossedWarning(at: .seconds(150)).isEmpty, "told once")
        #expect(tally.nextDeadline(at: .seconds(150)) == .seconds(150))
        #expect(tally.spent(at: .seconds(399)).isEmpty)
        #expect(tally.spent(at: .seconds(400)) == [Self.other])
        #expect(tally.used(Self.other, at: .seconds(900)) == .seconds(400), "never more than the daily length")
        tally.close(Self.other, at: .seconds(400))
        #expect(tally.crossedWarning(at: .seconds(350)) == [Self.key])
        #expect(tally.spent(at: .seconds(600)) == [Self.key])
    }

    @Test func aNewDayStartsFromZeroWhileTheProgramRuns() {
        var tally = AllowanceTally()
        tally.open(Self.key, dailySeconds: 600, usedSeconds: 500)
        tally.started(pid: 10, keys: [Self.key], at: .seconds(0))
        #expect(tally.beginDay(Self.key, at: .seconds(50)) == .seconds(550))
        #expect(tally.used(Self.key, at: .seconds(80)) == .seconds(30))
        // The store's count is taken only by a new meter: a counted one keeps its own.
        tally.open(Self.key, dailySeconds: 900, usedSeconds: 0)
        #expect(tally.used(Self.key, at: .seconds(80)) == .seconds(30))
        #expect(tally.meters[Self.key]?.daily == .seconds(900))
    }

    @Test func aSpentAllowanceIsALockedSessionOfItsListUntilTheReset() throws {
        let zone = try Self.zone("Europe/Berlin")
        let now = try Self.date("2026-07-01T12:00:00Z")
        let open = AllowanceDay(try Self.stored(), at: now, zone: zone, usedSeconds: 1799)
        #expect(open.blockingSession == nil)
        let spent = AllowanceDay(try Self.stored(), at: now, zone: zone, usedSeconds: 1800)
        let session = try #require(spent.blockingSession)
        #expect(session.locked && session.id == nil && session.owner == 1000)
        #expect(session.plannedEnd == (try Self.date("2026-07-01T22:00:00Z")))
        #expect(session.enforces(at: now))
        let desired = DesiredEnforcement(sessions: [session], policy: Policy())
        #expect(desired.programs[1000] == [try ProgramName("mpv")])
        #expect(desired.browserHosts.contains(try DomainName(validating: "youtube.com")))
        #expect(desired.namesToResolve.contains("youtube.com"))
        let summary = spent.summary(at: now)
        #expect(summary.spent && summary.left(at: now) == 0 && summary.resetsAt == session.plannedEnd)
        #expect(summary.programs == 1 && summary.domains == 1)
    }

    static func apply(
        _ request: AllowanceRequest, existing: [StoredAllowance], now: Date, policy: Policy = Policy()
    ) throws -> AllowanceRules.Change {
        try AllowanceRules.apply(
            request, owner: 1000, existing: existing, sessions: [], now: now, zone: try zone("Europe/Berlin"),
            policy: policy, protected: ProtectedAddresses(policy: policy, system: []))
    }

    @Test func aLockedAllowanceOnlyTightensUntilItsReset() throws {
        let now = try Self.date("2026-07-01T12:00:00Z")
        let set = try Self.apply(
            .set([try Self.list()], daily: SessionLength(seconds: 1800), locked: true), existing: [], now: now)
        let locked = try #require(set.saved.first)
        #expect(locked.lockedUntil == (try Self.date("2026-07-01T22:00:00Z")))
        let message = "the allowance for 'video' is locked until 00:00 (local time)"
        for loosening in [
            AllowanceRequest.set([try Self.list()], daily: SessionLength(seconds: 3600)),
            .set([try Self.list(programs: [])], daily: SessionLength(seconds: 1800)),
            .set([try Self.list()], daily: SessionLength(seconds: 1800), resetMinute: 60),
            .remove([Self.video]),
        ] {
            #expect(throws: ProtocolFailure(code: .sessionLocked, message: message)) {
                try Self.apply(loosening, existing: [locked], now: now)
            }
        }
        let lower = try Self.apply(
            .set([try Self.list(programs: ["mpv", "vlc"])], daily: SessionLength(seconds: 600)), existing: [locked],
            now: now)
        #expect(lower.saved.first?.allowance.dailySeconds == 600)
        #expect(lower.saved.first?.lockedUntil == locked.lockedUntil, "a change keeps the lock")
        // After the reset it is unlocked: anything goes.
        let later = try Self.date("2026-07-01T22:00:00Z")
        #expect(try Self.apply(.remove([Self.video]), existing: [locked], now: later).removed == [Self.video])
    }

    /// A set without a reset time keeps the list's (the CLI sends none unless --reset is given): lowering
    /// a locked allowance that resets at 04:00 is taken, not refused as another reset time; a new one starts at midnight.
    @Test func aSetWithoutAResetTimeKeepsTheListsOwn() throws {
        let now = try Self.date("2026-07-01T12:00:00Z")
        let set = try Self.apply(
            .set([try Self.list()], daily: SessionLength(seconds: 1800), resetMinute: 240, locked: true), existing: [],
            now: now)
        let locked = try #require(set.saved.first)
        let lower = try Self.apply(
            .set([try Self.list()], daily: SessionLength(seconds: 600)), existing: [locked], now: now)
        #expect(lower.saved.first?.allowance.resetMinute == 240)
        #expect(lower.saved.first?.allowance.dailySeconds == 600)
        let fresh = try Self.apply(.set([try Self.list()], daily: SessionLength(seconds: 600)), existing: [], now: now)
        #expect(fresh.saved.first?.allowance.resetMinute == 0)
    }

    @Test func aSetIsCheckedAsAStartIs() throws {
        let now = try Self.date("2026-07-01T12:00:00Z")
        var policy = Policy()
        policy.sessionBounds = try SessionLengthBounds(
            minimum: SessionLength(seconds: 300), maximum: SessionLength(seconds: 3600))
        #expect(throws: ProtocolFailure.self) {
            try Self.apply(
                .set([try Self.list()], daily: SessionLength(seconds: 60)), existing: [], now: now, policy: policy)
        }
        // Longer than max_session is fine: an allowance is no session.
        #expect(
            try Self.apply(
                .set([try Self.list()], daily: SessionLength(seconds: 7200)), existing: [], now: now, policy: policy
            ).saved.count == 1)
        #expect(throws: ProtocolFailure.self) {
            try Self.apply(
                .set([BlockList(name: Self.video)], daily: SessionLength(seconds: 600)), existing: [], now: now)
        }
        let many = try (0..<AllowanceRequest.maximumAllowances).map { index in
            StoredAllowance(
                owner: 1000, list: BlockList(name: try BlockListName("l\(index)"), programs: [try ProgramName("p")]),
                allowance: try DailyAllowance(list: try BlockListName("l\(index)"), dailySeconds: 600))
        }
        #expect(throws: ProtocolFailure.self) {
            try Self.apply(.set([try Self.list()], daily: SessionLength(seconds: 600)), existing: many, now: now)
        }
        #expect(throws: ProtocolFailure(code: .notFound, message: "there is no daily allowance for 'video'")) {
            try Self.apply(.remove([Self.video]), existing: [], now: now)
        }
    }
}
