import Foundation
import RefocusCore
import Testing

@testable import RefocusCommands
@testable import RefocusFeatures
@testable import RefocusProtocol

/// The frames `refocus watch` draws, at a fixed `now` and size: the ring
/// with the digits inside on a roomy terminal, a bar on a narrow one and on
/// the Linux console, no escape with NO_COLOR, the colours of work and
/// break; and the plain lines it prints when stdout is not a terminal.
@Suite struct WatchViewTests {
    static let now = PomodoroFormatTests.now
    static let utf8 = ["TERM": "xterm-256color", "LANG": "C.UTF-8"]

    static func snapshot(_ sessions: [SessionSummary], blocked: UInt64 = 0, killed: Int = 0) -> StatusSnapshot {
        StatusSnapshot(
            sessions: sessions.map {
                StatusSnapshot.ActiveSession($0, blockedAttempts: blocked, programsKilled: killed)
            },
            counts: nil)
    }

    static func frame(
        _ sessions: [SessionSummary], columns: Int = 80, rows: Int = 24,
        environment: [String: String] = utf8, blocked: UInt64 = 0, killed: Int = 0
    ) -> [String] {
        WatchView(
            snapshot: snapshot(sessions, blocked: blocked, killed: killed), now: now,
            screen: WatchView.Screen(columns: columns, rows: rows, environment: environment)
        ).lines
    }

    static func plainText(_ lines: [String]) -> String {
        lines.joined(separator: "\n").replacing(/\u{1B}\[[0-9;]*m/, with: "")
    }

    static func hasBraille(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
    }

    @Test func aRoomyTerminalShowsTheRingWithTheDigitsAndPhaseInside() throws {
        // 37m into a standard plan: work 2/4 with 18m left of 25.
        var session = PomodoroFormatTests.pomodoro(elapsed: 37 * 60, locked: true)
        session.label = try SessionLabel("thesis")
        let lines = Self.frame([session], blocked: 12, killed: 1)
        #expect(lines.count == 24)
        let text = Self.plainText(lines)
        #expect(Self.hasBraille(text), "\(text)")
        #expect(text.contains(BigDigits.rows("18:00")[0]), "18:00 in large digits: \(text)")
        #expect(text.contains("work 2/4") && text.contains("thesis") && text.contains("social · locked · until"))
        #expect(text.contains("12 blocked attempts · 1 program killed") && text.contains("q quits"))
        // The digits are inside the ring: the ring's rows are above and below them.
        let digitRow = try #require(lines.firstIndex { $0.contains("████") })
        #expect(Self.hasBraille(lines[digitRow - 2]) && Self.hasBraille(lines[digitRow + 6]))
        #expect(lines.allSatisfy { Self.plainText([$0]).count <= 80 })
        #expect(lines.joined().contains("\u{1B}[38;5;203m"), "tomato red at work")
    }

    @Test func aChangeThatWaitsIsShownUnderTheLists() throws {
        var session = PomodoroFormatTests.pomodoro(elapsed: 37 * 60, locked: true)
        session.pending = PendingChange(
            kind: .emergency, requestedAt: Self.now, effectiveAt: Self.now.addingTimeInterval(900),
            reason: try EmergencyReason("the doctor called"))
        let text = Self.plainText(Self.frame([session]))
        let at = SessionFormat.time(Self.now.addingTimeInterval(900), now: Self.now)
        #expect(text.contains("ending at \(at) (emergency exit)"), "\(text)")
        #expect(!text.contains("the doctor called"), "the reason stays in history: \(text)")
        session.pending = nil
        #expect(!Self.plainText(Self.frame([session])).contains("ending at"))
    }

    @Test func aBreakIsSageAndAPausedSessionDim() {
        let inBreak = PomodoroFormatTests.pomodoro(elapsed: 57 * 60 + 30)
        let breakFrame = Self.frame([inBreak]).joined()
        #expect(breakFrame.contains("\u{1B}[38;5;108m") && !breakFrame.contains("38;5;203"))
        #expect(Self.plainText([breakFrame]).contains("break 2/4"))
        let paused = Self.frame([PomodoroFormatTests.pomodoro(elapsed: 17 * 60, pausedFor: 5 * 60)]).joined()
        #expect(paused.contains("\u{1B}[2m") && !paused.contains("38;5;203") && !paused.contains("38;5;108"))
        #expect(Self.plainText([paused]).contains("paused · work 1/4"))
    }

    @Test func noColorMeansNoEscapeAtAll() {
        let session = PomodoroFormatTests.pomodoro(elapsed: 37 * 60)
        for environment in [Self.utf8.merging(["NO_COLOR": "1"]) { $1 }, ["TERM": "dumb", "LANG": "C.UTF-8"]] {
            let lines = Self.frame([session], environment: environment)
            #expect(!lines.joined().contains("\u{1B}"), "\(environment)")
            #expect(Self.hasBraille(lines.joined()))
        }
        #expect(
            Self.frame([session], environment: Self.utf8.merging(["NO_COLOR": ""]) { $1 }).joined().contains("\u{1B}["),
            "an empty NO_COLOR is unset")
    }

    @Test func narrowTerminalsAndTheLinuxConsoleGetABar() {
        let session = PomodoroFormatTests.plain(4, left: 300)  // 5m of 15m left: a third
        for (columns, environment) in [(30, Self.utf8), (80, ["TERM": "linux", "LANG": "C.UTF-8"])] {
            let text = Self.plainText(Self.frame([session], columns: columns, environment: environment))
            #expect(!Self.hasBraille(text), "\(columns) \(environment): \(text)")
            #expect(text.contains(BigDigits.rows("5:00")[0]) && text.contains("focus"), "5:00: \(text)")
            let bar = text.split(separator: "\n").first { $0.contains("░") }
            #expect(
                bar.map { $0.filter { $0 == "█" }.count * 3 <= $0.filter { $0 != " " }.count + 3 } == true, "\(text)")
        }
        // Outside a UTF-8 locale: ASCII only.
        let ascii = Self.plainText(Self.frame([session], environment: ["TERM": "xterm"]))
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII }, "\(ascii)")
        #expect(ascii.contains("#### ####") && ascii.contains("---"), "\(ascii)")
        // Too narrow for the large digits: the time as text.
        #expect(Self.plainText(Self.frame([session], columns: 12)).contains("5:00"))
    }

    @Test func nothingActiveSaysSoAndSeveralSessionsShowTheSoonestLarge() {
        let idle = Self.plainText(Self.frame([]))
        #expect(idle.contains("No active session.") && idle.contains("The next one shows here when it starts."))
        let soon = PomodoroFormatTests.plain(4, left: 90)
        let later = PomodoroFormatTests.plain(7, left: 3000)
        let text = Self.plainText(Self.frame([later, soon]))
        #expect(text.contains("also #7 news until"), "\(text)")
        #expect(text.split(separator: "\n").filter { $0.contains("also #") }.count == 1)
        #expect(
            WatchView(
                snapshot: Self.snapshot([later, soon]), now: Self.now,
                screen: .init(columns: 80, rows: 24, depth: nil)
            ).main?.session.id == 4)
    }

    @Test func theLoopWakesAtTheNextSecondOfTheCountdownAndSleepsWhenIdle() {
        let session = PomodoroFormatTests.plain(4, left: 90.25)
        #expect(WatchLoop.milliseconds(Self.snapshot([session]), now: Self.now, watched: true) == 255)
        #expect(WatchLoop.milliseconds(Self.snapshot([]), now: Self.now, watched: true) == -1)
        #expect(WatchLoop.milliseconds(Self.snapshot([]), now: Self.now, watched: false) == 1000)
    }

    @Test func withoutATerminalEachChangeIsOnePlainLine() {
        var changes = WatchChanges()
        #expect(changes.lines(for: Self.snapshot([]), now: Self.now) == ["No active session."])
        #expect(changes.lines(for: Self.snapshot([]), now: Self.now) == [])
        let session = PomodoroFormatTests.pomodoro(elapsed: 24 * 60)
        let started = changes.lines(for: Self.snapshot([session]), now: Self.now)
        #expect(started == [SessionFormat.line(session, now: Self.now)] && started[0].contains("work 1/4"))
        #expect(changes.lines(for: Self.snapshot([session]), now: Self.now.addingTimeInterval(30)) == [])
        let inBreak = changes.lines(for: Self.snapshot([session]), now: Self.now.addingTimeInterval(90))
        #expect(inBreak.count == 1 && inBreak[0].contains("break 1/4"))
        #expect(changes.lines(for: Self.snapshot([]), now: Self.now) == ["#3 ended.", "No active session."])
        #expect(!started.joined().contains("\u{1B}"))
    }
}
