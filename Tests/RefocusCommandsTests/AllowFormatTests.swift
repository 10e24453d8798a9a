import Foundation
import RefocusCore
import Testing

@testable import RefocusCommands

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
        #expect(waybar.contains(#""class":"allow""#) && waybar.contains(#""text":"focus: allow: work, news 30m""#), "\(waybar)")
        #expect(Format.render(.waybar, [Format.plain(6, left: 600)]).contains(#""class":"active""#), "a block list alone")
    }

    @Test func anAllowSessionInABreakIsABreak() throws {
        // 27m into 25/5: the first break, which lifts the restriction.
        let inBreak = Self.allowing(left: 0, pomodoro: true)
        #expect(Format.render(.waybar, [inBreak]).contains(#""class":"break""#))
    }
}
