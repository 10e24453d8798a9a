import Foundation
import RefocusCore
import Testing

@testable import RefocusCommands
@testable import RefocusProtocol

/// How `refocus status` (every format) and `history` show pomodoro and
/// paused sessions, at a fixed `now`. Clock times are
/// `SessionFormat.time`'s (local, checked with the commands' tests); the rest is exact.
@Suite struct PomodoroFormatTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let social = [try! BlockListName("social")]

    static func clock(_ offset: TimeInterval) -> String { SessionFormat.time(now.addingTimeInterval(offset), now: now) }

    /// A standard pomodoro session (25/5 × 4, 15m long break: 130m) that started `elapsed` seconds ago.
    static func pomodoro(
        _ id: Int64 = 3, elapsed: TimeInterval, pausedFor: TimeInterval? = nil,
        locked: Bool = false
    ) -> SessionSummary {
        let start = now.addingTimeInterval(-elapsed)
        var progress = SessionProgress(pomodoro: .standard)
        // A paused session's end moves only when it resumes.
        let pausedAt = pausedFor.map { now.addingTimeInterval(-$0) }
        if let pausedAt { progress.pause = PauseStatus(pausedAt: pausedAt, seconds: 0, count: 1) }
        return SessionSummary(
            id: id, owner: 1000, lists: social, start: start,
            plannedEnd: start.addingTimeInterval(7800), locked: locked,
            progress: progress)
    }

    static func plain(_ id: Int64, left: TimeInterval, pausedFor: TimeInterval? = nil) -> SessionSummary {
        var progress = SessionProgress()
        if let pausedFor {
            progress.pause = PauseStatus(pausedAt: now.addingTimeInterval(-pausedFor), seconds: 0, count: 1)
        }
        return SessionSummary(
            id: id, owner: 1000, lists: [try! BlockListName("news")], start: now.addingTimeInterval(-600),
            plannedEnd: now.addingTimeInterval(left), locked: false, progress: progress)
    }

    static func render(_ format: StatusBarFormat, _ sessions: [SessionSummary]) -> String {
        format.render(
            StatusSnapshot(sessions: sessions.map { StatusSnapshot.ActiveSession($0) }, counts: nil), now: now)
    }

    @Test func plainStatusShowsThePhaseTheCycleAndBothTimesLeft() {
        // 37m into the plan: work 1 (0-25m), break 1 (25-30m), work 2 (30-55m): 18m left in it, 93m in all.
        let running = Self.pomodoro(elapsed: 37 * 60, locked: true)
        #expect(
            Self.render(.plain, [running])
                == "#3 social until \(Self.clock(93 * 60)) (1h33m left, locked), work 2/4 until \(Self.clock(18 * 60)) (18m left)"
        )
        let inBreak = Self.pomodoro(elapsed: 57 * 60 + 30)
        #expect(
            SessionFormat.line(inBreak, now: Self.now)
                == "#3 social until \(Self.clock(72 * 60 + 30)) (1h12m30s left), break 2/4 until \(Self.clock(150)) (2m30s left)"
        )
        let longBreak = Self.pomodoro(elapsed: 120 * 60)
        #expect(
            SessionFormat.line(longBreak, now: Self.now).hasSuffix(", long break until \(Self.clock(600)) (10m left)"))
    }

    @Test func aPausedSessionShowsPausedAndItsFrozenTimeLeft() {
        // Paused 5 minutes ago, 12m into the plan: work 1 has 13m left, the session 1h58m, frozen.
        let paused = Self.pomodoro(elapsed: 17 * 60, pausedFor: 5 * 60)
        #expect(Self.render(.plain, [paused]) == "#3 social paused (1h58m left), in work 1/4 (13m left)")
        let later = SessionFormat.line(paused, now: Self.now.addingTimeInterval(3600))
        #expect(later == "#3 social paused (1h58m left), in work 1/4 (13m left)", "an hour later, the same")
        #expect(
            Self.render(.plain, [Self.plain(4, left: -60, pausedFor: 120)]) == "#4 news paused (1m left)",
            "paused before its end, shown after it")
    }

    @Test func barsShowThePhaseOrPausedWithoutEmoji() throws {
        let work = Self.pomodoro(elapsed: 37 * 60 + 3)
        #expect(Self.render(.polybar, [work]) == "focus: social work 2/4 17m57s")
        #expect(Self.render(.i3blocks, [work]) == "focus: social work 2/4 17m57s\nwork 2/4 17m57s\n#E5C07B")
        let waybar = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.render(.waybar, [work]).utf8))
                as? [String: String])
        #expect(
            waybar["text"] == "focus: social work 2/4 17m57s" && waybar["class"] == "active"
                && waybar["alt"] == "active")

        let inBreak = Self.pomodoro(elapsed: 26 * 60)
        #expect(Self.render(.polybar, [inBreak]) == "focus: social break 1/4 4m")
        #expect(Self.render(.i3blocks, [inBreak]) == "focus: social break 1/4 4m\nbreak 1/4 4m\n#98C379")
        #expect(Self.render(.waybar, [inBreak]).contains(#""class":"break""#))

        let paused = Self.pomodoro(elapsed: 17 * 60, pausedFor: 5 * 60)
        #expect(
            Self.render(.polybar, [paused, Self.plain(5, left: 1800, pausedFor: 60)])
                == "focus: social, news paused 1h58m")
        #expect(
            Self.render(.waybar, [paused]).hasPrefix(
                #"{"alt":"paused","class":"paused","text":"focus: social paused 1h58m""#))

        // A plain session still blocks while the pomodoro session is in a break; a paused one is left out.
        #expect(Self.render(.polybar, [inBreak, Self.plain(6, left: 900)]) == "focus: social, news 1h44m")
        #expect(Self.render(.polybar, [paused, Self.plain(6, left: 900)]) == "focus: social, news 15m")
        #expect(
            Self.render(.polybar, [inBreak, Self.pomodoro(7, elapsed: 60)]) == "focus: social work 1/4 24m",
            "a session at work wins over one in a break")
        #expect(Self.render(.polybar, [Self.plain(6, left: 900)]) == "focus: news 15m", "a plain session as before")
        let all = [work, inBreak, paused].map { Self.render(.waybar, [$0]) + Self.render(.i3blocks, [$0]) }.joined()
        #expect(all.allSatisfy { $0.isASCII }, "\(all)")
    }

    @Test func historyShowsTheWorkPhasesCompletedAndThePauses() throws {
        var ended = Self.pomodoro(elapsed: 7800)
        ended.endedAt = ended.start.addingTimeInterval(3600)
        ended.outcome = .stopped
        ended.progress.completedWork = 2
        ended.progress.pause = PauseStatus(pausedAt: nil, seconds: 720, count: 2)
        let line = SessionFormat.line(ended, now: Self.now)
        #expect(line.hasSuffix(", 1h of 2h10m, stopped, 2/4 work phases, paused 2 times for 12m"), "\(line)")
        ended.progress.pause = PauseStatus(pausedAt: nil, seconds: 90, count: 1)
        #expect(SessionFormat.line(ended, now: Self.now).hasSuffix(", paused once for 1m30s"))
        let row = try Self.json(HistoryCommand.Row(session: ended))
        #expect(row["pomodoro"] as? [String: Int] == ["work": 1500, "shortBreak": 300, "cycles": 4, "longBreak": 900])
        #expect(row["completedWork"] as? Int == 2 && row["pauses"] as? Int == 1 && row["pausedSeconds"] as? Int == 90)
        var plain = Self.plain(8, left: 0)
        plain.endedAt = plain.plannedEnd
        #expect(!SessionFormat.line(plain, now: Self.now).contains("work phases"))
        let plainRow = try Self.json(HistoryCommand.Row(session: plain))
        #expect(plainRow["pomodoro"] == nil && plainRow["completedWork"] == nil && plainRow["pauses"] == nil)
        #expect(plainRow["seconds"] as? Int == 600, "\(plainRow)")
    }

    /// A history row as `--json` prints it, read back as a dictionary.
    static func json(_ row: HistoryCommand.Row) throws -> [String: Any] {
        let data = try HelperProtocol.encoder().encode(row)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
