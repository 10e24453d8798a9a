import Foundation
import RefocusCore
import Testing

@testable import RefocusCommands
@testable import RefocusProtocol

/// How the CLI shows what issue 31 adds to a session, at a fixed `now`
/// (see `PomodoroFormatTests`): a pending change in `refocus status`, in the
/// status bar's line and in what `stop` and `pause` print; a session's
/// delay; an ended emergency exit with its reason in `history`, `--json`
/// and `--csv`; and emergency exits in `refocus stats`.
@Suite struct PendingChangeFormatTests {
    typealias At = PomodoroFormatTests
    static let reason = try! EmergencyReason("a call from the school")

    /// Session 9 (news) with 30 minutes left and `pending` asked 5 minutes ago, applying in 10.
    static func waiting(_ kind: PendingChange.Kind, delay: Int? = nil) -> SessionSummary {
        var session = At.plain(9, left: 1800)
        session.pending = PendingChange(
            kind: kind, requestedAt: At.now.addingTimeInterval(-300), effectiveAt: At.now.addingTimeInterval(600),
            reason: kind == .emergency ? reason : nil)
        session.delay = delay
        return session
    }

    @Test func statusShowsThePendingChangeAndTheDelay() {
        let at = At.clock(600)
        #expect(
            SessionFormat.line(Self.waiting(.emergency), now: At.now)
                == "#9 news until \(At.clock(1800)) (30m left), ending at \(at) (emergency exit)")
        #expect(
            SessionFormat.line(Self.waiting(.stop, delay: 900), now: At.now)
                == "#9 news until \(At.clock(1800)) (30m left, 15m delay), stopping at \(at) (delay)")
        #expect(
            SessionFormat.line(Self.waiting(.pause, delay: 120), now: At.now)
                == "#9 news until \(At.clock(1800)) (30m left, 2m delay), pausing at \(at) (delay)")
        // Without a delay or a pending change, the line is as it always was.
        #expect(
            SessionFormat.line(At.plain(9, left: 1800), now: At.now) == "#9 news until \(At.clock(1800)) (30m left)")
    }

    @Test func theStatusLineShowsItBriefly() throws {
        let snapshot = StatusSnapshot(sessions: [.init(Self.waiting(.emergency))], counts: nil)
        #expect(StatusBarFormat.polybar.render(snapshot, now: At.now) == "focus: news 30m, ends \(At.clock(600))")
        let stopping = StatusSnapshot(sessions: [.init(Self.waiting(.stop, delay: 120))], counts: nil)
        #expect(StatusBarFormat.polybar.render(stopping, now: At.now) == "focus: news 30m, stops \(At.clock(600))")
        // `refocus status --json` writes the snapshot as it is: the pending change and the delay with it.
        let json = String(decoding: try HelperProtocol.encoder().encode(stopping), as: UTF8.self)
        #expect(json.contains(#""pending":{"effectiveAt":"#) && json.contains(#""delay":120"#), "\(json)")
        let waybar = StatusBarFormat.waybar.render(snapshot, now: At.now)
        #expect(waybar.contains(#""text":"focus: news 30m, ends "#) && waybar.contains("(emergency exit)"), "\(waybar)")
    }

    @Test func stopAndPauseSayWhenTheirChangeApplies() throws {
        let at = At.clock(600)
        #expect(
            SessionFormat.asked(Self.waiting(.emergency), PendingChange.emergencyExample, now: At.now)
                == "Session 9 (news) ends at \(at): an emergency exit; it blocks until then. "
                + "'refocus stop --cancel' withdraws it.")
        let stop = Self.waiting(.stop, delay: 120)
        #expect(
            SessionFormat.asked(stop, try #require(stop.pending), now: At.now)
                == "Session 9 (news) stops at \(at), after its delay; it blocks until then. "
                + "'refocus stop --cancel' withdraws it.")
        let pause = Self.waiting(.pause, delay: 120)
        #expect(
            SessionFormat.asked(pause, try #require(pause.pending), now: At.now)
                == "Session 9 (news) pauses at \(at), after its delay; it blocks until then. "
                + "'refocus stop --cancel' withdraws it.")
        #expect(
            SessionFormat.cancelled(At.plain(9, left: 1800), now: At.now)
                == "Session 9 (news) runs on until \(At.clock(1800)); nothing is pending.")
    }

    /// Session 6: locked, 3 hours planned, ended by its emergency exit after 1h35m.
    static var ended: SessionSummary {
        SessionSummary(
            id: 6, owner: 1000, lists: At.social, start: At.now.addingTimeInterval(-7200),
            plannedEnd: At.now.addingTimeInterval(3600), locked: true, endedAt: At.now.addingTimeInterval(-1500),
            outcome: .emergency, reason: reason)
    }

    @Test func historyShowsTheOutcomeAndTheReason() throws {
        #expect(
            SessionFormat.line(Self.ended, now: At.now)
                == "#6 social: \(At.clock(-7200)), 1h35m of 3h, emergency, reason: a call from the school")
        let row = HistoryCommand.Row(session: Self.ended)
        let json = String(decoding: try JSONEncoder().encode(row), as: UTF8.self)
        #expect(json.contains(#""outcome":"emergency""#) && json.contains(#""reason":"a call from the school""#))
        let fields = row.fields { _ in "t" }
        #expect(fields.last == "a call from the school" && HistoryCommand.Row.Key.allCases.last == .reason)
        #expect(fields[HistoryCommand.Row.Key.allCases.firstIndex(of: .outcome) ?? 0] == "emergency")
        // A session without a reason leaves the column empty and the key out.
        let plain = HistoryCommand.Row(session: At.plain(9, left: 0))
        #expect(plain.fields { _ in "t" }.last == "")
        #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("reason"))
    }
}

extension PendingChangeFormatTests {
    /// The history of `StatsReportTests` (28 sessions: 24 completed, 4 stopped) and one emergency exit more.
    @Test func statsCountEmergencyExits() throws {
        let (plain, calendar, records) = try StatsReportTests.stats()
        let last = try #require(records.last)
        let exit = FocusRecord(
            id: 99, start: last.end.addingTimeInterval(3600), end: last.end.addingTimeInterval(4200),
            focusedSeconds: 600, outcome: .emergency, lists: At.social)
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let now = try #require(StatsReportTests.parts(berlin, 2026, 5, 13, 23))
        let stats = FocusStats(records: records + [exit], now: now, calendar: calendar)
        let report = StatsReport(stats: stats, calendar: calendar, since: nil, groups: nil)
        let text = report.lines(heatmap: .plain).joined(separator: "\n")
        #expect(text.contains("in 29 sessions: 24 completed, 4 stopped early, 1 by emergency exit\n"), "\(text)")
        let json = String(
            decoding: try JSONEncoder().encode(StatsJSON(report: report, since: nil, error: nil)), as: UTF8.self)
        #expect(json.contains(#""emergency":1"#) && json.contains(#""sessions":29"#), "\(json)")
        // Without an emergency exit, the object has no such key (it reads as it did before).
        let before = StatsReport(stats: plain, calendar: calendar, since: nil, groups: nil)
        let old = String(
            decoding: try JSONEncoder().encode(StatsJSON(report: before, since: nil, error: nil)), as: UTF8.self)
        #expect(!old.contains("emergency") && old.contains(#""sessions":28"#), "\(old)")
    }
}

extension PendingChange {
    /// An emergency exit asked 5 minutes before `PomodoroFormatTests.now`, applying 10 minutes after it.
    static var emergencyExample: PendingChange {
        PendingChange(
            kind: .emergency, requestedAt: PomodoroFormatTests.now.addingTimeInterval(-300),
            effectiveAt: PomodoroFormatTests.now.addingTimeInterval(600), reason: PendingChangeFormatTests.reason)
    }
}
