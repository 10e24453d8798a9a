#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusProtocol

/// Pomodoro plans: their phases, bounds, positions and the WORK/BREAK words.
@Suite struct PomodoroPlanTests {
    static func plan(_ work: Int, _ shortBreak: Int, _ cycles: Int, _ longBreak: Int) throws -> PomodoroPlan {
        try PomodoroPlan(
            work: SessionLength(seconds: work), shortBreak: SessionLength(seconds: shortBreak),
            cycles: cycles, longBreak: SessionLength(seconds: longBreak))
    }

    @Test func theStandardPlanIsFourWorkPhasesThreeShortBreaksAndALongOne() {
        let phases = PomodoroPlan.standard.phases
        #expect(phases.map(\.kind) == [.work, .shortBreak, .work, .shortBreak, .work, .shortBreak, .work, .longBreak])
        #expect(phases.map(\.cycle) == [1, 1, 2, 2, 3, 3, 4, 4])
        #expect(phases.map(\.start) == [0, 1500, 1800, 3300, 3600, 5100, 5400, 6900])
        #expect(PomodoroPlan.standard.total == 4 * 1500 + 3 * 300 + 900)
        #expect(phases.last?.end == PomodoroPlan.standard.total)
        #expect(PomodoroPlan.standard.description == "25m/5m x4, 15m long break")
    }

    @Test func noLongBreakEndsOnTheLastWorkPhase() throws {
        let plan = try Self.plan(20, 10, 2, 0)
        #expect(plan.phases.map(\.kind) == [.work, .shortBreak, .work])
        #expect(plan.total == 50)
    }

    @Test(arguments: [
        (0.0, PhaseKind.work, 1), (19.9, .work, 1), (20, .shortBreak, 1), (30, .work, 2), (49.99, .work, 2),
    ])
    func thePhaseAtAMomentIncludesItsStartAndNotItsEnd(elapsed: Double, kind: PhaseKind, cycle: Int) throws {
        let phase = try #require(try Self.plan(20, 10, 2, 0).phase(at: elapsed))
        #expect(phase.kind == kind && phase.cycle == cycle)
    }

    @Test func nothingBeforeTheStartOrAfterTheEnd() throws {
        let plan = try Self.plan(20, 10, 2, 0)
        #expect(plan.phase(at: -0.5) == nil)
        #expect(plan.phase(at: 50) == nil)
    }

    @Test func completedWorkCountsWorkPhasesRunToTheirEnd() throws {
        let plan = try Self.plan(20, 10, 2, 5)
        #expect([0, 19.9, 20, 49.9, 50, 55].map(plan.completedWork(at:)) == [0, 0, 1, 1, 2, 2])
    }

    @Test func boundsAreChecked() {
        #expect(throws: PomodoroPlanError.work(SessionLength(seconds: 0))) { try Self.plan(0, 60, 4, 0) }
        #expect(throws: PomodoroPlanError.work(SessionLength(seconds: 4 * 3600 + 1))) {
            try Self.plan(4 * 3600 + 1, 60, 1, 0)
        }
        #expect(throws: PomodoroPlanError.shortBreak(SessionLength(seconds: 3601))) { try Self.plan(60, 3601, 4, 0) }
        #expect(throws: PomodoroPlanError.cycles(0)) { try Self.plan(60, 60, 0, 0) }
        #expect(throws: PomodoroPlanError.cycles(13)) { try Self.plan(60, 60, 13, 0) }
        #expect(throws: PomodoroPlanError.longBreak(SessionLength(seconds: 7201))) { try Self.plan(60, 60, 2, 7201) }
    }

    @Test(arguments: [("25/5", 1500, 300), ("50m/10m", 3000, 600), ("1h/15m", 3600, 900), ("20s/10s", 20, 10)])
    func workAndBreakWords(text: String, work: Int, shortBreak: Int) throws {
        let lengths = try PomodoroPlan.lengths(text)
        #expect(lengths.work.seconds == work && lengths.shortBreak.seconds == shortBreak)
        #expect(PomodoroPlan.looksLikeLengths(text))
    }

    @Test(arguments: ["25", "25/", "/5", "25/5/5", "a/b", "0/5"])
    func badWorkAndBreakWordsAreRefused(text: String) {
        #expect(throws: PomodoroPlanError.lengths(text)) { try PomodoroPlan.lengths(text) }
    }

    @Test func decodingIsStrictAndChecked() throws {
        let decoder = HelperProtocol.decoder()
        let good = #"{"work":1500,"shortBreak":300,"cycles":4,"longBreak":900}"#
        #expect(try decoder.decode(PomodoroPlan.self, from: Data(good.utf8)) == .standard)
        for bad in [
            #"{"work":1500,"shortBreak":300,"cycles":99,"longBreak":900}"#,
            #"{"work":1500,"shortBreak":300,"cycles":4,"longBreak":900,"extra":1}"#,
            #"{"work":-1,"shortBreak":300,"cycles":4,"longBreak":900}"#,
        ] {
            #expect(throws: DecodingError.self) { try decoder.decode(PomodoroPlan.self, from: Data(bad.utf8)) }
        }
    }
}
