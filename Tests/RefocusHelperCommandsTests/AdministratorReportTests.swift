import Foundation
import RefocusCore
import RefocusEnforcement
import Testing

@testable import RefocusHelperCommands

/// Root's report, from the store's rows: per user, each schedule's windows
/// and the time enforced, and the policy's allowances' use per day, in
/// words and in JSON.
struct AdministratorReportTests {
    static let hour = 3600.0
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func window(
        _ uid: UInt32, _ schedule: String, at hours: Double, enforcedFor minutes: Double,
        blocked: AdministeredBlocked = AdministeredBlocked()
    ) throws -> AdministeredWindowRecord {
        let from = start.addingTimeInterval(hours * hour)
        return AdministeredWindowRecord(
            schedule: try BlockListName(schedule), uid: uid, lists: [try BlockListName("games")],
            window: from..<from.addingTimeInterval(hour), enforced: from...from.addingTimeInterval(minutes * 60),
            blocked: blocked)
    }

    @Test func windowsAndAllowancesAreGatheredPerUserAndSchedule() throws {
        let use = [
            AllowanceUseDay(
                list: try BlockListName("video"), day: try #require(LocalDay(text: "2027-01-15")), usedSeconds: 1800,
                dailySeconds: 1800),
            AllowanceUseDay(
                list: try BlockListName("video"), day: try #require(LocalDay(text: "2027-01-16")), usedSeconds: 600,
                dailySeconds: 1800),
        ]
        let report = AdministratorReport(
            since: Self.start, until: Self.start.addingTimeInterval(48 * Self.hour),
            windows: [
                try Self.window(
                    1001, "evenings", at: 0, enforcedFor: 60,
                    blocked: AdministeredBlocked(refused: 3, programsStopped: 1)),
                try Self.window(1002, "evenings", at: 0, enforcedFor: 30, blocked: AdministeredBlocked(refused: 1)),
                try Self.window(1001, "evenings", at: 24, enforcedFor: 45, blocked: AdministeredBlocked(refused: 2)),
            ], allowances: [1003: use], name: { [1001: "kid", 1002: "teen"][$0] })
        #expect(report.users.map(\.uid) == [1001, 1002, 1003])
        #expect(report.users[0].schedules.map(\.enforcedSeconds) == [105 * 60])
        #expect(report.users[0].schedules.first?.windows.count == 2)
        #expect(report.users[2].allowances.first?.usedSeconds == 2400)
        let text = report.text(zone: .utc)
        #expect(
            text.contains(
                "\nkid (1001)\n  evenings (games): 2 windows, 1h45m enforced, 5 connections refused, 1 program stopped\n"
                    + "    2027-01-15 08:00 to 09:00: enforced 08:00-09:00, 3 connections refused, 1 program stopped\n"
                    + "    2027-01-16 08:00 to 09:00: enforced 08:00-08:45, 2 connections refused\n"), "\(text)")
        #expect(
            text.contains("\n    2027-01-15 08:00 to 09:00: enforced 08:00-08:30, 1 connection refused\n"), "\(text)")
        #expect(
            text.contains("\nuid 1003 (1003)\n  allowance video of 30m a day: 40m used over 2 days, spent on 1"),
            "\(text)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(
            json.contains(
                #""enforcedSeconds":1800,"lists":["games"],"name":"evenings","programsStopped":0,"refused":1"#),
            "\(json)")
    }

    @Test func anEmptyReportSaysSo() {
        let report = AdministratorReport(
            since: Self.start, until: Self.start, windows: [], allowances: [:], name: { _ in nil })
        #expect(
            report.text(zone: .utc).hasSuffix(
                "\nnothing: no schedule bound anyone, and no allowance of the policy was used"))
    }
}
