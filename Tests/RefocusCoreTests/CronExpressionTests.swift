import Foundation
import RefocusCore
import RefocusTestSupport
import Testing
import RefocusFeatures

/// The cron expression parser against a table of what Debian's cron accepts
/// and refuses (CronCases, which RefocusPrivilegedTests also checks against
/// the real `crontab`), and the next run times from a fixed moment,
/// across the clock changes of Europe/Berlin, America/New_York and others.
@Suite struct CronExpressionTests {
    static func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text), "\(text) is ISO 8601")
    }

    @Test(arguments: CronCases.valid)
    func nextRuns(_ valid: CronCases.Valid) throws {
        let expression = try CronExpression(valid.expression)
        let zone = LocalZone(try #require(TimeZone(identifier: valid.zone)))
        let runs = expression.nextRuns(after: try Self.instant(valid.now), in: zone, count: 3)
        #expect(runs == (try valid.runs.map(Self.instant)), "\(valid.why): \(runs.map { $0.ISO8601Format() })")
    }

    @Test(arguments: CronCases.invalid)
    func refusals(_ invalid: CronCases.Invalid) {
        #expect(throws: (any Error).self) { try CronExpression(invalid.expression) }
        do {
            _ = try CronExpression(invalid.expression)
        } catch {
            #expect(error.description == invalid.message)
            #expect(error.category == .data)
        }
    }

    @Test(arguments: [
        ("0\t9  *\t* 1", "0 9 * * 1"), ("  30 8 * * mon-fri ", "30 8 * * mon-fri"),
        ("@daily", "@daily"), ("5 4 * * SUN", "5 4 * * SUN"),
    ])
    func theTextWrittenIsTheFieldsSeparatedBySingleSpaces(given: String, written: String) throws {
        #expect(try CronExpression(given).text == written)
    }

    @Test func emptyAndMultiLineExpressionsAreRefused() {
        #expect(throws: CronExpressionError.empty) { try CronExpression("  ") }
        #expect(throws: CronExpressionError.notOneLine("0 9 * * *\n")) { try CronExpression("0 9 * * *\n") }
        #expect(throws: CronExpressionError.notOneLine("0 9 * * *\r")) { try CronExpression("0 9 * * *\r") }
    }

    @Test func askingForNoRunsOrForRebootGivesNone() throws {
        let now = try Self.instant("2026-05-13T10:20:30Z")
        #expect(try CronExpression("* * * * *").nextRuns(after: now, in: .utc, count: 0).isEmpty)
        #expect(try CronExpression("@reboot").schedule == .atBoot)
    }

    @Test func manyRunsComeInOrderAndAfterNow() throws {
        let zone = LocalZone(try #require(TimeZone(identifier: "Europe/Berlin")))
        let now = try Self.instant("2026-10-24T21:59:00Z")
        let runs = try CronExpression("*/7 * * * *").nextRuns(after: now, in: zone, count: 500)
        #expect(runs.count == 500)
        #expect(runs == runs.sorted() && runs.allSatisfy { $0 > now })
        // Sunday 25 October has 25 hours (02:xx twice), each with 9 runs (0, 7, …, 56), all in order.
        let day = runs.filter { $0 < (try! Self.instant("2026-10-25T23:00:00Z")) }
        #expect(day.count == 25 * 9)
    }
}
