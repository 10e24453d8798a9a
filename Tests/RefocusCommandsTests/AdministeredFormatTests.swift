import Foundation
import RefocusCore
import RefocusOS
import Testing

@testable import RefocusCommands
@testable import RefocusProtocol

/// How `refocus status` shows the administrator's schedules in force: only
/// those that bind the reader, one line each saying who set it and until
/// when, in the plain text, the status bar's line and waybar's tooltip.
@Suite struct AdministeredFormatTests {
    typealias At = PomodoroFormatTests
    static let end = At.now.addingTimeInterval(3 * 3600)

    static func snapshot() throws -> StatusSnapshot {
        StatusSnapshot(
            sessions: [], counts: nil,
            administered: [
                AdministeredSummary(
                    name: try BlockListName("school-nights"), lists: [try BlockListName("games")], uids: [1001],
                    locked: true, start: At.now.addingTimeInterval(-600), end: end),
                AdministeredSummary(
                    name: try BlockListName("lab"), lists: [try BlockListName("video")], uids: [1002], locked: false,
                    start: At.now, end: end),
            ])
    }

    @Test func aMemberSeesTheSchedulesThatBindThemAloneAndWhoSetThem() throws {
        let own = AdministeredFormat.own(try Self.snapshot(), uid: 1001)
        #expect(own.administered?.map(\.name.rawValue) == ["school-nights"])
        let clock = LocalTime(Self.end).clock
        #expect(
            StatusBarFormat.plain.render(own, now: At.now)
                == "No active session.\nBlocking for you: school-nights (games), set by the administrator until "
                + "\(clock), locked.")
        #expect(StatusBarFormat.polybar.render(own, now: At.now) == "games set until \(clock)")
        #expect(StatusBarFormat.waybar.render(own, now: At.now).contains("set by the administrator until \(clock)"))
        #expect(AdministeredFormat.own(try Self.snapshot(), uid: 1000).administered == nil, "others' are never shown")
        #expect(
            StatusBarFormat.plain.render(AdministeredFormat.own(try Self.snapshot(), uid: 1000), now: At.now)
                == "No active session.")
    }
}
