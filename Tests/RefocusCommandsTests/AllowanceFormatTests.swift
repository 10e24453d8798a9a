import Foundation
import RefocusCore
import RefocusOS
import Testing

@testable import RefocusCommands
@testable import RefocusProtocol

/// How the CLI shows daily allowances at a fixed `now` (see
/// `PomodoroFormatTests`): open, counting (the time since `countingSince`
/// counted at the moment shown), spent, locked, and a summary whose reset
/// has passed; in `refocus allow-daily` and `refocus status` (a section of
/// their own), in the status bar's line (only those counting or spent), in
/// waybar's tooltip, and only the caller's own.
@Suite struct AllowanceFormatTests {
    typealias At = PomodoroFormatTests
    static let resets = At.now.addingTimeInterval(5 * 3600)
    /// The reset's time as the CLI writes one within the next day: the local clock.
    static let at = LocalTime(resets).clock

    /// `list`'s allowance of `daily` seconds with `used` counted, counting for `counting` seconds when given.
    static func allowance(
        _ list: String, daily: Int = 1800, used: Int = 600, counting: TimeInterval? = nil, spent: Bool = false,
        locked: Bool = false, resetsAt: Date = resets, owner: UInt32 = 1000
    ) -> AllowanceSummary {
        AllowanceSummary(
            owner: owner, list: try! BlockListName(list), dailySeconds: daily, usedSeconds: used,
            countingSince: counting.map { At.now.addingTimeInterval(-$0) }, resetsAt: resetsAt,
            lockedUntil: locked ? resetsAt : nil, spent: spent, programs: 2, domains: 6)
    }

    @Test func eachStateReadsAtTheMomentShown() {
        let open = Self.allowance("video")
        #expect(
            AllowanceFormat.line(open, now: At.now) == "video: 20m left of 30m a day (10m used), resets at \(Self.at)")
        #expect(AllowanceFormat.brief(open, now: At.now) == nil, "an open allowance stays off the status line")

        let counting = Self.allowance("video", counting: 120)
        #expect(
            AllowanceFormat.line(counting, now: At.now)
                == "video: 18m left of 30m a day (12m used), counting, resets at \(Self.at)")
        #expect(AllowanceFormat.brief(counting, now: At.now) == "video 18m left")
        // A minute and a half later, without a new summary.
        #expect(AllowanceFormat.brief(counting, now: At.now.addingTimeInterval(90)) == "video 16m30s left")

        let spent = Self.allowance("video", used: 1800, spent: true)
        #expect(AllowanceFormat.line(spent, now: At.now) == "video: spent (30m a day), blocked until \(Self.at)")
        #expect(AllowanceFormat.brief(spent, now: At.now) == "video spent until \(Self.at)")
        // Counted past its daily time before the daemon said so: spent, as it is about to be.
        let usedUp = Self.allowance("video", used: 1700, counting: 200)
        #expect(AllowanceFormat.reading(usedUp, now: At.now).state == .spent(until: Self.resets))
        #expect(AllowanceFormat.brief(usedUp, now: At.now) == "video spent until \(Self.at)")

        let locked = Self.allowance("games", daily: 3600, used: 0, locked: true)
        #expect(
            AllowanceFormat.line(locked, now: At.now)
                == "games: 1h left of 1h a day (0s used), resets at \(Self.at), locked until \(Self.at)")
        let lockedSpent = Self.allowance("games", daily: 3600, used: 3600, spent: true, locked: true)
        #expect(
            AllowanceFormat.line(lockedSpent, now: At.now)
                == "games: spent (1h a day), blocked until \(Self.at), locked until \(Self.at)")
        var administered = Self.allowance("games", daily: 3600, used: 600, locked: true)
        administered.setByAdministrator = true
        #expect(
            AllowanceFormat.line(administered, now: At.now)
                == "games: 50m left of 1h a day (10m used), resets at \(Self.at), set by the administrator")
    }

    @Test func aSummaryWhoseResetHasPassedStartsTheDayAgain() {
        let past = At.now.addingTimeInterval(-60)
        let spent = Self.allowance("video", used: 1800, spent: true, locked: true, resetsAt: past)
        #expect(AllowanceFormat.reading(spent, now: At.now) == .init(used: 0, left: 1800, state: .open, resetsAt: nil))
        #expect(AllowanceFormat.line(spent, now: At.now) == "video: 30m left of 30m a day (0s used)")
        // Counting across the reset: only the time since the reset is today's.
        let counting = Self.allowance("video", used: 1500, counting: 3600, resetsAt: past)
        #expect(AllowanceFormat.line(counting, now: At.now) == "video: 29m left of 30m a day (1m used), counting")
    }

    @Test func aResetMoreThanADayAwayNamesItsDay() {
        let far = At.now.addingTimeInterval(30 * 3600)
        #expect(AllowanceFormat.time(far, now: At.now) == SessionFormat.time(far, now: At.now))
        #expect(AllowanceFormat.time(far, now: At.now).count > 5, "\(AllowanceFormat.time(far, now: At.now))")
        #expect(AllowanceFormat.time(Self.resets, now: At.now) == LocalTime(Self.resets).clock)
    }

    @Test func onlyTheCallersOwnAreShownByListName() {
        let mine = [Self.allowance("video"), Self.allowance("games")]
        let theirs = Self.allowance("social", owner: 1001)
        let snapshot = StatusSnapshot(sessions: [], counts: nil, allowances: mine + [theirs])
        #expect(AllowanceFormat.own(snapshot, owner: 1000).allowances?.map(\.list.rawValue) == ["games", "video"])
        #expect(AllowanceFormat.own(snapshot, owner: 1002).allowances == nil, "none: no key in --json")
    }

    @Test func statusShowsThemInASectionOfTheirOwn() {
        let counts = StatusSnapshot.Counts(names: 6, addresses: 0, programs: 2, programBlocking: .execEvents)
        let counting = Self.allowance("video", counting: 120)
        let withSession = StatusSnapshot(
            sessions: [.init(At.plain(9, left: 1800))], counts: counts, allowances: [counting])
        #expect(
            StatusBarFormat.plain.render(withSession, now: At.now) == """
                #9 news until \(At.clock(1800)) (30m left)
                Daily allowances:
                  video: 18m left of 30m a day (12m used), counting, resets at \(Self.at)
                Enforced by: /etc/hosts (6 names), exec events (2 programs).
                """)
        // No session, nothing spent: nothing is enforced for this user, so no layers line.
        let alone = StatusSnapshot(sessions: [], counts: counts, allowances: [counting])
        #expect(
            StatusBarFormat.plain.render(alone, now: At.now) == """
                No active session.
                Daily allowances:
                  video: 18m left of 30m a day (12m used), counting, resets at \(Self.at)
                """)
        // A spent allowance is enforced as a session would be: the layers say how.
        let spent = StatusSnapshot(
            sessions: [], counts: counts, allowances: [Self.allowance("games", used: 1800, spent: true), counting])
        #expect(
            StatusBarFormat.plain.render(spent, now: At.now) == """
                No active session.
                Daily allowances:
                  games: spent (30m a day), blocked until \(Self.at)
                  video: 18m left of 30m a day (12m used), counting, resets at \(Self.at)
                Enforced by: /etc/hosts (6 names), exec events (2 programs).
                """)
        #expect(
            StatusBarFormat.plain.render(StatusSnapshot(sessions: [], counts: counts), now: At.now)
                == "No active session.")
        // Where the daemon has no process connector (it scans /proc for blocked programs), nothing is counted.
        let scanning = StatusSnapshot.Counts(names: 0, addresses: 0, programs: 2, programBlocking: .procScan)
        let unmetered = StatusBarFormat.plain.render(
            StatusSnapshot(
                sessions: [], counts: scanning, allowances: [Self.allowance("games", used: 1800, spent: true)]),
            now: At.now)
        #expect(
            unmetered.hasSuffix(
                "a blocked program may run for up to a second.\n"
                    + "Daily allowances are not counted here: their programs' time needs the connector."),
            "\(unmetered)")
        #expect(!StatusBarFormat.plain.render(spent, now: At.now).contains("not counted"), "with the connector")
    }

    @Test func theStatusLineAddsThoseCountingOrSpent() {
        let allowances = [
            Self.allowance("games", used: 1800, spent: true), Self.allowance("video", counting: 120),
            Self.allowance("chat"),
        ]
        let session = StatusSnapshot(sessions: [.init(At.plain(9, left: 1800))], counts: nil, allowances: allowances)
        #expect(
            StatusBarFormat.polybar.render(session, now: At.now)
                == "focus: news 30m; games spent until \(Self.at); video 18m left")
        let alone = StatusSnapshot(sessions: [], counts: nil, allowances: allowances)
        #expect(StatusBarFormat.polybar.render(alone, now: At.now) == "games spent until \(Self.at); video 18m left")
        #expect(
            StatusBarFormat.i3blocks.render(alone, now: At.now)
                == "games spent until \(Self.at); video 18m left\ngames spent until \(Self.at); video 18m left")
        let waybar = StatusBarFormat.waybar.render(alone, now: At.now)
        #expect(waybar.contains(#""class":"idle""#), "no session: the class is as it was: \(waybar)")
        #expect(waybar.contains("chat: 20m left of 30m a day (10m used)"), "every allowance in the tooltip: \(waybar)")
        // Open and not counting: the line is as it always was.
        let open = StatusSnapshot(sessions: [], counts: nil, allowances: [Self.allowance("chat")])
        #expect(StatusBarFormat.polybar.render(open, now: At.now) == "no focus")
    }
}

/// `refocus watch` with daily allowances: those counting or spent, a line
/// each under the session shown, or under "No active session." alone.
@Suite struct AllowanceWatchTests {
    typealias Format = AllowanceFormatTests

    static func text(_ snapshot: StatusSnapshot) -> String {
        WatchViewTests.plainText(
            WatchView(
                snapshot: snapshot, now: PomodoroFormatTests.now,
                screen: WatchView.Screen(columns: 100, rows: 30, environment: WatchViewTests.utf8)
            ).lines)
    }

    @Test func theWatchShowsThoseCountingOrSpent() {
        let allowances = [
            Format.allowance("games", used: 1800, spent: true), Format.allowance("video", counting: 120),
            Format.allowance("chat"),
        ]
        let alone = Self.text(StatusSnapshot(sessions: [], counts: nil, allowances: allowances))
        #expect(alone.contains("No active session."), "\(alone)")
        #expect(alone.contains("games: spent (30m a day), blocked until \(Format.at)"), "\(alone)")
        #expect(alone.contains("video: 18m left of 30m a day (12m used), counting"), "\(alone)")
        #expect(!alone.contains("chat"), "an open allowance is left out: \(alone)")
        let session = Self.text(
            StatusSnapshot(
                sessions: [.init(PomodoroFormatTests.plain(9, left: 1800))], counts: nil, allowances: allowances))
        #expect(session.contains("news") && session.contains("video: 18m left of 30m a day"), "\(session)")
    }
}
