import Foundation
import RefocusCore
import Testing

@testable import RefocusCommands
@testable import RefocusProtocol

/// How `refocus status` (every format) shows an allowlist session: its
/// lists as `allow: work`, and waybar's class `allow` while it restricts.
@Suite struct AllowFormatTests {
    typealias Format = PomodoroFormatTests
    static let now = Format.now

    static func allowing(_ id: Int64 = 5, left: TimeInterval, pomodoro: Bool = false) -> SessionSummary {
        var summary = pomodoro ? Format.pomodoro(id, elapsed: 27 * 60) : Format.plain(id, left: left)
        summary.lists = [try! BlockListName("work")]
        summary.mode = .allow
        return summary
    }

    @Test func theListsReadAllowAndTheBarClassIsAllow() throws {
        let allowing = Self.allowing(left: 1800)
        #expect(Format.render(.plain, [allowing]) == "#5 allow: work until \(Format.clock(1800)) (30m left)")
        #expect(Format.render(.polybar, [allowing]) == "focus: allow: work 30m")
        let waybar = Format.render(.waybar, [allowing, Format.plain(6, left: 600)])
        #expect(
            waybar.contains(#""class":"allow""#) && waybar.contains(#""text":"focus: allow: work, news 30m""#),
            "\(waybar)")
        #expect(
            Format.render(.waybar, [Format.plain(6, left: 600)]).contains(#""class":"active""#), "a block list alone")
    }

    @Test func plainStatusCountsTheRefusedConnectionsOfAnAllowSessionFromTheDaemon() throws {
        let counts = StatusSnapshot.Counts(names: 0, addresses: 0, programs: 0, programBlocking: .none)
        let snapshot = StatusSnapshot(
            sessions: [
                StatusSnapshot.ActiveSession(Self.allowing(left: 1800), blockedAttempts: 1),
                StatusSnapshot.ActiveSession(Format.plain(6, left: 600), blockedAttempts: 4),
            ],
            counts: counts)
        let lines = StatusBarFormat.plain.render(snapshot, now: Self.now).split(separator: "\n").map(String.init)
        #expect(lines.first == "#5 allow: work until \(Format.clock(1800)) (30m left), 1 connection refused")
        #expect(
            lines.dropFirst().first == "#6 news until \(Format.clock(600)) (10m left)",
            "a block list's count is watch's")
        var many = snapshot
        many.sessions[0].blockedAttempts = 12
        #expect(
            StatusBarFormat.plain.render(many, now: Self.now).hasPrefix(
                "#5 allow: work until \(Format.clock(1800)) "
                    + "(30m left), 12 connections refused\n"))
    }

    @Test func anAllowSessionInABreakIsABreak() throws {
        // 27m into 25/5: the first break, which lifts the restriction.
        let inBreak = Self.allowing(left: 0, pomodoro: true)
        #expect(Format.render(.waybar, [inBreak]).contains(#""class":"break""#))
    }
}
