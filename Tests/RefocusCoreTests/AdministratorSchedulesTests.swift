import Foundation
import RefocusCore
import Testing

/// The administrator's schedules evaluated: which windows are in force at
/// an instant, for whom, and when the next change comes, across midnight
/// and across both clock changes of Europe/Berlin (2026-03-29 02:00 CET
/// becomes 03:00 CEST at 01:00 UTC; 2026-10-25 03:00 CEST becomes 02:00
/// CET at 01:00 UTC), in a zone the test names, never the machine's.
@Suite struct AdministratorSchedulesTests {
    static func berlin() throws -> LocalZone {
        LocalZone(try #require(TimeZone(identifier: "Europe/Berlin")))
    }

    static func date(_ text: String) throws -> Date {
        try Date(text, strategy: .iso8601)
    }

    static let targets = ScheduleTargets(
        uid: { ["kid": 1001, "teen": 1002, "parent": 1000][$0] },
        members: { $0 == "children" ? [1002, 1001] : [] })

    static func schedule(
        _ name: String, _ timing: ScheduleTiming, users: [String] = ["kid"], groups: [String] = [], lock: Bool = true
    ) throws -> AdministratorSchedule {
        AdministratorSchedule(
            name: try BlockListName(name), file: "test.toml", users: users, groups: groups,
            lists: [BlockList(name: try BlockListName("games"), programs: [try ProgramName("supertux2")])],
            timing: timing, lock: lock)
    }

    /// Sunday to Thursday, as the days a range starts on.
    static let schoolNights: Set<Int> = [0, 1, 2, 3, 4]

    /// The window in force at `instant` (ISO 8601), as ISO 8601 texts, or nil.
    static func window(_ timing: ScheduleTiming, at instant: String) throws -> [String]? {
        let schedules = AdministratorSchedules([try schedule("s", timing)])
        return try schedules.inForce(at: date(instant), zone: berlin(), targets: targets).first.map {
            [$0.start.formatted(.iso8601), $0.end.formatted(.iso8601)]
        }
    }

    static let schoolNightRange = ScheduleTiming.daily(startMinute: 20 * 60, endMinute: 7 * 60, days: schoolNights)

    @Test(
        arguments: [
            // Wednesday 1 July 2026, 21:30 in Berlin (UTC+2): the night that started at 20:00.
            ("2026-07-01T19:30:00Z", ["2026-07-01T18:00:00Z", "2026-07-02T05:00:00Z"]),
            // Thursday 06:59:59: still Wednesday's night, across midnight.
            ("2026-07-02T04:59:59Z", ["2026-07-01T18:00:00Z", "2026-07-02T05:00:00Z"]),
            // Thursday 07:00: over.
            ("2026-07-02T05:00:00Z", nil),
            // Wednesday 19:59:59: not yet.
            ("2026-07-01T17:59:59Z", nil),
            // Friday 21:00 and Saturday 05:00: Friday starts no range.
            ("2026-07-03T19:00:00Z", nil),
            ("2026-07-04T03:00:00Z", nil),
            // Monday 02:00: Sunday's night.
            ("2026-07-06T00:00:00Z", ["2026-07-05T18:00:00Z", "2026-07-06T05:00:00Z"]),
        ] as [(String, [String]?)])
    func aRangeCrossingMidnightStartsOnItsDays(instant: String, expected: [String]?) throws {
        #expect(try Self.window(Self.schoolNightRange, at: instant) == expected)
    }

    @Test func aCronStartAndALengthMakeTheSameWindow() throws {
        let timing = ScheduleTiming.cron(start: try CronExpression("0 20 * * sun-thu"), lengthSeconds: 11 * 3600)
        #expect(
            try Self.window(timing, at: "2026-07-02T04:59:59Z") == ["2026-07-01T18:00:00Z", "2026-07-02T05:00:00Z"])
        #expect(try Self.window(timing, at: "2026-07-02T05:00:00Z") == nil)
        #expect(try Self.window(timing, at: "2026-07-03T19:00:00Z") == nil)
    }

    @Test func aRangeStartingInTheSkippedHourStartsWhenTheClockJumps() throws {
        // 02:30 does not exist on 29 March 2026 in Berlin: the range starts at the jump (03:00 CEST, 01:00 UTC).
        let timing = ScheduleTiming.daily(startMinute: 150, endMinute: 6 * 60, days: Set(0...6))
        #expect(try Self.window(timing, at: "2026-03-29T00:59:59Z") == nil)
        #expect(
            try Self.window(timing, at: "2026-03-29T01:00:00Z") == ["2026-03-29T01:00:00Z", "2026-03-29T04:00:00Z"])
        let schedules = AdministratorSchedules([try Self.schedule("s", timing)])
        let next = schedules.nextChange(after: try Self.date("2026-03-29T00:30:00Z"), zone: try Self.berlin())
        #expect(next == (try Self.date("2026-03-29T01:00:00Z")))
        // The day before, the same range starts at 02:30 CET (01:30 UTC).
        #expect(
            try Self.window(timing, at: "2026-03-28T01:30:00Z") == ["2026-03-28T01:30:00Z", "2026-03-28T05:00:00Z"])
    }

    @Test func aNightAcrossTheSpringChangeEndsAtSevenOnTheClock() throws {
        // Saturday 28 March 20:00 CET (19:00 UTC) to Sunday 07:00 CEST (05:00 UTC): ten hours, not eleven.
        let timing = ScheduleTiming.daily(startMinute: 20 * 60, endMinute: 7 * 60, days: [6])
        #expect(
            try Self.window(timing, at: "2026-03-29T04:59:59Z") == ["2026-03-28T19:00:00Z", "2026-03-29T05:00:00Z"])
        #expect(try Self.window(timing, at: "2026-03-29T05:00:00Z") == nil)
    }

    @Test func aCronStartInTheSkippedHourRunsAtTheJumpAsCronDoes() throws {
        let timing = ScheduleTiming.cron(start: try CronExpression("30 2 * * *"), lengthSeconds: 3600)
        #expect(
            try Self.window(timing, at: "2026-03-29T01:30:00Z") == ["2026-03-29T01:00:00Z", "2026-03-29T02:00:00Z"])
    }

    @Test func aRangeInTheRepeatedHourHoldsItsFirstShowingOnly() throws {
        // 02:15-02:45 on 25 October 2026: 02:15 CEST (00:15 UTC) to 02:45 CEST (00:45 UTC); the clock shows
        // 02:15-02:45 again an hour later (CET), and the range is not in force then.
        let timing = ScheduleTiming.daily(startMinute: 135, endMinute: 165, days: Set(0...6))
        #expect(
            try Self.window(timing, at: "2026-10-25T00:15:00Z") == ["2026-10-25T00:15:00Z", "2026-10-25T00:45:00Z"])
        #expect(try Self.window(timing, at: "2026-10-25T00:45:00Z") == nil)
        #expect(try Self.window(timing, at: "2026-10-25T01:20:00Z") == nil)
        let schedules = AdministratorSchedules([try Self.schedule("s", timing)])
        let zone = try Self.berlin()
        #expect(
            schedules.nextChange(after: try Self.date("2026-10-25T00:20:00Z"), zone: zone)
                == (try Self.date("2026-10-25T00:45:00Z")))
        // After it, the next change is the next day's 02:15 CET (01:15 UTC), not the repeated hour.
        #expect(
            schedules.nextChange(after: try Self.date("2026-10-25T00:50:00Z"), zone: zone)
                == (try Self.date("2026-10-26T01:15:00Z")))
    }

    @Test func aNightAcrossTheAutumnChangeLastsTwelveHours() throws {
        // Saturday 24 October 20:00 CEST (18:00 UTC) to Sunday 07:00 CET (06:00 UTC).
        let timing = ScheduleTiming.daily(startMinute: 20 * 60, endMinute: 7 * 60, days: [6])
        #expect(
            try Self.window(timing, at: "2026-10-25T01:30:00Z") == ["2026-10-24T18:00:00Z", "2026-10-25T06:00:00Z"])
        #expect(try Self.window(timing, at: "2026-10-25T06:00:00Z") == nil)
    }

    @Test func aCronStartInTheRepeatedHourRunsOnceAsCronDoes() throws {
        let timing = ScheduleTiming.cron(start: try CronExpression("30 2 * * *"), lengthSeconds: 1800)
        #expect(
            try Self.window(timing, at: "2026-10-25T00:40:00Z") == ["2026-10-25T00:30:00Z", "2026-10-25T01:00:00Z"])
        #expect(try Self.window(timing, at: "2026-10-25T01:40:00Z") == nil)
    }

    @Test func overlappingWindowsAreRenewedByTheLaterStart() throws {
        let timing = ScheduleTiming.cron(start: try CronExpression("0 * * * *"), lengthSeconds: 2 * 3600)
        #expect(
            try Self.window(timing, at: "2026-07-01T10:30:00Z") == ["2026-07-01T10:00:00Z", "2026-07-01T12:00:00Z"])
        let schedules = AdministratorSchedules([try Self.schedule("s", timing)])
        #expect(
            schedules.nextChange(after: try Self.date("2026-07-01T10:30:00Z"), zone: try Self.berlin())
                == (try Self.date("2026-07-01T11:00:00Z")))
    }

    @Test func aStartEveryMinuteForTheLongestLengthFindsItsLatestRun() throws {
        let timing = ScheduleTiming.cron(
            start: try CronExpression("* * * * *"), lengthSeconds: ScheduleTiming.maximumLengthSeconds)
        #expect(
            try Self.window(timing, at: "2026-07-01T10:30:30Z") == ["2026-07-01T10:30:00Z", "2026-07-08T10:30:00Z"])
    }

    @Test func nextChangeIsTheFirstStartOrEndOfAnySchedule() throws {
        let zone = try Self.berlin()
        let schedules = AdministratorSchedules([
            try Self.schedule("nights", Self.schoolNightRange),
            try Self.schedule("lunch", .daily(startMinute: 12 * 60, endMinute: 13 * 60, days: [1, 2, 3, 4, 5])),
        ])
        // Wednesday 21:30: the night ends Thursday 07:00 (05:00 UTC), before Thursday's lunch.
        #expect(
            schedules.nextChange(after: try Self.date("2026-07-01T19:30:00Z"), zone: zone)
                == (try Self.date("2026-07-02T05:00:00Z")))
        // Thursday 07:00 exactly: the end is not after it; lunch at 12:00 (10:00 UTC) is next.
        #expect(
            schedules.nextChange(after: try Self.date("2026-07-02T05:00:00Z"), zone: zone)
                == (try Self.date("2026-07-02T10:00:00Z")))
        // Friday afternoon: Friday starts no night, the weekend no lunch: Sunday 20:00 (18:00 UTC).
        #expect(
            schedules.nextChange(after: try Self.date("2026-07-03T12:00:00Z"), zone: zone)
                == (try Self.date("2026-07-05T18:00:00Z")))
        #expect(AdministratorSchedules().nextChange(after: try Self.date("2026-07-03T12:00:00Z"), zone: zone) == nil)
    }

    @Test func usersAndGroupMembersBecomeUidsAtEvaluation() throws {
        let schedules = AdministratorSchedules([
            try Self.schedule("family", Self.schoolNightRange, users: ["kid", "ghost"], groups: ["children"]),
            try Self.schedule("nobody", Self.schoolNightRange, users: ["ghost"], groups: ["nogroup"], lock: false),
            try Self.schedule("adults", Self.schoolNightRange, users: ["parent"], lock: false),
        ])
        let sessions = schedules.inForce(
            at: try Self.date("2026-07-01T19:30:00Z"), zone: try Self.berlin(), targets: Self.targets)
        #expect(sessions.map(\.name.rawValue) == ["adults", "family"])
        #expect(sessions.map(\.uids) == [[1000], [1001, 1002]])
        #expect(sessions.map(\.lock) == [false, true])
        #expect(sessions.last?.lists.map(\.name.rawValue) == ["games"])
    }

    /// `lastRun` walks back a day at a time; it must find what walking forward with `nextRuns` finds.
    @Test(arguments: ["* * * * *", "30 2 * * *", "*/7 2 * * *", "0 20 * * sun-thu", "15 1-3 25-31 3,10 *", "@daily"])
    func theLastRunOfASpanIsTheLastOfTheNextRuns(expression: String) throws {
        let cron = try CronExpression(expression)
        let zone = try Self.berlin()
        for end in ["2026-03-29T01:30:00Z", "2026-10-25T01:10:00Z", "2026-07-01T19:00:00Z"] {
            let upper = LocalZone.seconds(of: try Self.date(end))
            for length in [60, 3600, 3 * 3600, 2 * 86_400] {
                let forward = cron.nextRuns(
                    after: Date(timeIntervalSince1970: Double(upper - length)), in: zone, count: 3000
                )
                .map(LocalZone.seconds(of:)).filter { $0 <= upper }
                #expect(cron.lastRun(in: (upper - length)...upper, in: zone) == forward.last, "\(end) \(length)")
            }
        }
    }
}
