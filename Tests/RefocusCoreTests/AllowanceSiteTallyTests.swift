import RefocusCore
import RefocusPlanning
import Testing

/// The tally of daily allowances' sites: a message of the table counts the
/// step from its arrival on; steps that follow one another make one run;
/// a step while a program of the list runs costs nothing more (the two
/// count once); idle time between steps counts nothing.
@Suite struct AllowanceSiteTallyTests {
    static let key = DailyAllowanceRulesTests.key

    @Test func aStepCountsFromItsMessageAndEndsUnlessAnotherFollows() {
        var tally = AllowanceTally()
        tally.open(Self.key, dailySeconds: 600, usedSeconds: 0)
        let began = tally.visited(Self.key, at: .seconds(100), step: .seconds(60))
        #expect(began, "began counting")
        #expect(tally.used(Self.key, at: .seconds(130)) == .seconds(30))
        #expect(tally.nextDeadline(at: .seconds(130)) == .seconds(30), "the step's end")
        // The next message, before the step ends: one run, to 210.
        let beganAgain = tally.visited(Self.key, at: .seconds(150), step: .seconds(60))
        #expect(!beganAgain)
        #expect(tally.settle(at: .seconds(200)).isEmpty, "still within the second step")
        // Nothing more: the run ends with its step, at 210, not when settled.
        #expect(tally.used(Self.key, at: .seconds(500)) == .seconds(110))
        #expect(tally.settle(at: .seconds(500)) == [Self.key])
        #expect(tally.meters[Self.key]?.runningSince == nil)
        #expect(tally.used(Self.key, at: .seconds(900)) == .seconds(110), "idle time counts nothing")
        #expect(tally.nextDeadline(at: .seconds(900)) == nil, "nothing counts: no timer")
    }

    @Test func aStepWhileTheProgramRunsCountsOnceAndOutlivesIt() {
        var tally = AllowanceTally()
        tally.open(Self.key, dailySeconds: 600, usedSeconds: 0)
        tally.started(pid: 10, keys: [Self.key], at: .seconds(0))
        tally.visited(Self.key, at: .seconds(30), step: .seconds(60))
        // The program ends at 50; the step goes on to 90.
        #expect(tally.ended(pid: 10, at: .seconds(50)).isEmpty, "the step still counts")
        #expect(tally.used(Self.key, at: .seconds(70)) == .seconds(70))
        #expect(tally.settle(at: .seconds(95)) == [Self.key])
        #expect(tally.used(Self.key, at: .seconds(95)) == .seconds(90), "0 to 90 once, not 50 + 60")
    }

    @Test func aProgramThatOutlivesTheStepCountsToItsEnd() {
        var tally = AllowanceTally()
        tally.open(Self.key, dailySeconds: 600, usedSeconds: 0)
        tally.visited(Self.key, at: .seconds(0), step: .seconds(60))
        tally.started(pid: 10, keys: [Self.key], at: .seconds(30))
        #expect(tally.settle(at: .seconds(80)).isEmpty, "the program runs")
        #expect(tally.ended(pid: 10, at: .seconds(100)) == [Self.key])
        #expect(tally.used(Self.key, at: .seconds(200)) == .seconds(100))
        #expect(tally.meters[Self.key]?.sitesUntil == nil)
    }

    @Test func theLastStepSpendsTheAllowanceAtItsLengthNotAtTheStepsEnd() {
        var tally = AllowanceTally()
        tally.open(Self.key, dailySeconds: 400, usedSeconds: 360)
        tally.visited(Self.key, at: .seconds(0), step: .seconds(60))
        #expect(tally.nextDeadline(at: .seconds(0)) == .seconds(40))
        #expect(tally.spent(at: .seconds(39)).isEmpty)
        #expect(tally.spent(at: .seconds(40)) == [Self.key])
    }

    @Test func aNewDayDuringAStepCountsTheRestOfItOnTheNewDay() {
        var tally = AllowanceTally()
        tally.open(Self.key, dailySeconds: 600, usedSeconds: 100)
        tally.visited(Self.key, at: .seconds(0), step: .seconds(60))
        #expect(tally.beginDay(Self.key, at: .seconds(20)) == .seconds(120))
        #expect(tally.used(Self.key, at: .seconds(90)) == .seconds(40))
    }
}
