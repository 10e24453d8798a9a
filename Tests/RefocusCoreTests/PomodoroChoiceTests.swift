import Foundation
import Testing
@testable import RefocusCore
@testable import RefocusFeatures

/// A pomodoro plan as `refocus start` and `preset save` are given it: a
/// `WORK/BREAK` word among the positional ones, `--pomodoro`, `--cycles`
/// and `--long-break`, and a preset's plan; the plan sets the length, so a
/// length or `--until` beside it is refused saying why.
@Suite struct PomodoroChoiceTests {
    static let social = SessionChoiceTests.names(["social"])
    static let pomodoro = Preset(
        name: try! PresetName("pomodoro"), lists: SessionChoiceTests.names(["news"]),
        duration: nil, pomodoro: .standard)

    static func plan(_ work: Int, _ shortBreak: Int, _ cycles: Int, _ longBreak: Int) throws -> PomodoroPlan {
        try PomodoroPlan(
            work: SessionLength(seconds: work), shortBreak: SessionLength(seconds: shortBreak),
            cycles: cycles, longBreak: SessionLength(seconds: longBreak))
    }

    static func choose(
        _ words: [String], until: String? = nil, _ options: PomodoroOptions = PomodoroOptions(),
        preset: Preset? = nil
    ) throws(SessionChoiceError) -> SessionChoice {
        try SessionChoice(
            words: try SessionChoice.Words(words), lists: preset == nil ? social : [], until: until,
            lock: false, label: nil, pomodoro: options, preset: preset, defaultLists: [],
            defaultLength: SessionLength(seconds: 600))
    }

    @Test(arguments: [
        // words, preset, length, work/break seconds
        (["25/5"], nil as String?, nil as Int?, [1500, 300]), (["deep", "50m/10m"], "deep", nil, [3000, 600]),
        (["1h/15m", "mine", "90"], "mine", 5400, [3600, 900]), (["20s/10s"], nil, nil, [20, 10]),
    ])
    func aWordWithASlashIsWorkAndBreak(words: [String], preset: String?, seconds: Int?, plan: [Int]) throws {
        let parsed = try SessionChoice.Words(words)
        #expect(parsed.preset?.rawValue == preset)
        #expect(parsed.length?.seconds == seconds)
        #expect(parsed.pomodoro.map { [$0.work.seconds, $0.shortBreak.seconds] } == plan)
    }

    @Test(arguments: [
        (["25/5", "50/10"], SessionChoiceError.twoPlans), (["25/0"], .plan(.lengths("25/0"))),
        (["25/5/5"], .notAPresetOrLength("25/5/5")), (["/5"], .plan(.lengths("/5"))),
        (["25m/x"], .plan(.lengths("25m/x"))),
    ])
    func badWorkAndBreakWordsAreNamed(words: [String], error: SessionChoiceError) {
        #expect(throws: error) { try SessionChoice.Words(words) }
    }

    @Test func theCommandLineShapesThePlanAndThePlanSetsTheLength() throws {
        let standard = try Self.choose([], PomodoroOptions(requested: true))
        #expect(
            standard
                == SessionChoice(
                    lists: Self.social, duration: .length(SessionLength(seconds: 7800)), locked: false,
                    label: nil, pomodoro: .standard), "25/5 x4 and 15m: 2h10m")
        let shaped = try Self.choose(["50/10"], PomodoroOptions(cycles: 3, longBreak: SessionLength(seconds: 0)))
        #expect(shaped.pomodoro == (try Self.plan(3000, 600, 3, 0)), "a WORK/BREAK word alone implies --pomodoro")
        #expect(shaped.duration == .length(SessionLength(seconds: 3 * 3000 + 2 * 600)))
        #expect(try Self.choose(["50m"]).pomodoro == nil, "no plan without one asked for")
    }

    @Test func aPresetsPlanIsTheBaseTheCommandLineChanges() throws {
        let preset = try Self.choose(["pomodoro"], preset: Self.pomodoro)
        #expect(preset.pomodoro == .standard && preset.lists.map(\.rawValue) == ["news"])
        let fewer = try Self.choose(["pomodoro"], PomodoroOptions(cycles: 2), preset: Self.pomodoro)
        #expect(
            fewer.pomodoro == (try Self.plan(1500, 300, 2, 900)), "--cycles needs no --pomodoro with a pomodoro preset")
        #expect(fewer.duration == .length(SessionLength(seconds: 2 * 1500 + 300 + 900)))
        let deep = try #require(BuiltinPresets.named(try PresetName("deep")))
        let deepPlan = try Self.choose(["deep", "50/10"], preset: deep)
        #expect(
            deepPlan.pomodoro == (try Self.plan(3000, 600, 4, 900)), "a plain preset's length gives way to the plan")
    }

    @Test func aLengthOrAnEndBesideAPlanIsRefusedSayingWhy() throws {
        #expect(throws: SessionChoiceError.lengthWithPlan(SessionLength(seconds: 3000), .standard, preset: nil)) {
            try Self.choose(["25/5", "50m"])
        }
        #expect(throws: SessionChoiceError.untilWithPlan(.standard, preset: nil)) {
            try Self.choose([], until: "17:00", PomodoroOptions(requested: true))
        }
        let fromPreset = SessionChoiceError.lengthWithPlan(
            SessionLength(seconds: 3000), .standard,
            preset: try PresetName("pomodoro"))
        #expect(throws: fromPreset) { try Self.choose(["pomodoro", "50m"], preset: Self.pomodoro) }
        #expect(
            fromPreset.description.hasPrefix(
                "the preset pomodoro is a pomodoro plan, whose length is its own "
                    + "(2h10m: 25m/5m x4, 15m long break), so 50m does not go with it"), "\(fromPreset.description)")
        #expect(fromPreset.category == .usage)
        #expect(throws: SessionChoiceError.planOptionsWithoutPomodoro) {
            try Self.choose(["50m"], PomodoroOptions(cycles: 3))
        }
        #expect(throws: SessionChoiceError.planOptionsWithoutPomodoro) {
            try Self.choose([], PomodoroOptions(longBreak: SessionLength(seconds: 600)))
        }
    }

    @Test(arguments: [
        (PomodoroOptions(requested: true, cycles: 13), SessionChoiceError.plan(.cycles(13))),
        (PomodoroOptions(requested: true, cycles: 0), .plan(.cycles(0))),
        (
            PomodoroOptions(requested: true, longBreak: SessionLength(seconds: 3 * 3600)),
            .plan(.longBreak(SessionLength(seconds: 3 * 3600)))
        ),
    ])
    func aPlanOutOfBoundsIsAUsageError(options: PomodoroOptions, error: SessionChoiceError) {
        #expect(throws: error) { try Self.choose([], options) }
        #expect(error.category == .usage)
    }

    @Test(arguments: [("0", 0), ("0m", 0), ("15", 900), ("15m", 900), ("1h", 3600)])
    func aLongBreakMayBeNone(text: String, seconds: Int) throws {
        #expect(try PomodoroOptions.longBreak(text).seconds == seconds)
    }

    @Test func aLongBreakThatIsNoLengthIsRefused() {
        #expect(throws: DurationError.self) { try PomodoroOptions.longBreak("soon") }
        #expect(throws: DurationError.self) { try PomodoroOptions.longBreak("-5") }
    }

    @Test func thePomodoroPresetIsBuiltIn() throws {
        let preset = try #require(BuiltinPresets.named(try PresetName("pomodoro")))
        #expect(preset.lists.map(\.rawValue) == ["social", "news", "video"])
        #expect(preset.pomodoro == .standard && preset.duration == nil)
    }
}
