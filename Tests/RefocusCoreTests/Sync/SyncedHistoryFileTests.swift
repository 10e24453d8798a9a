import Foundation
import RefocusCore
import RefocusFeatures
import Testing

/// The history files of the sync store (issue 32): what a machine writes
/// reads back the same, and what another could put in a shared folder (a
/// huge line, JSON nested deep, a smuggled field, a bad date, a session
/// twice, one of another month, a half-written last line, an oversized
/// file) is skipped and named, line by line, while the good lines count.
@Suite struct SyncedHistoryFileTests {
    static let intent = "0123456789abcdef0123456789abcdef"
    /// 2027-01-15T08:00:00Z.
    static let at = Date(timeIntervalSince1970: 1_800_000_000)
    static let month = HistoryMonth(containing: at)

    static func record(_ id: Int64, minutes: Int = 25, intent: String? = nil) throws -> SyncedFocusRecord {
        let start = at.addingTimeInterval(Double(id) * 3600)
        return SyncedFocusRecord(
            record: FocusRecord(
                id: id, start: start, end: start.addingTimeInterval(Double(minutes) * 60),
                focusedSeconds: minutes * 60, outcome: .completed, lists: [try BlockListName("social")],
                label: try SessionLabel("thesis"), completedWork: 2,
                blocked: BlockedCounts(attempts: 7, programsKilled: 1)),
            intent: intent)
    }

    /// A good line's fields as JSON fragments, with `changes` (nil: a field left out).
    static func line(_ changes: [String: String?] = [:]) -> String {
        let fields: [(String, String)] = [
            ("version", "1"), ("id", "9"), ("start", "\"2027-01-15T08:00:00Z\""), ("end", "\"2027-01-15T08:25:00Z\""),
            ("focusedSeconds", "1500"), ("outcome", "\"completed\""), ("lists", "[\"social\"]"),
        ]
        return JSONFieldsText.object(fields, changing: changes)
    }

    static func read(_ text: String, month: HistoryMonth = month) -> HistoryMonthFile.Contents {
        HistoryMonthFile.read(Array(text.utf8), month: month)
    }

    @Test func whatAMachineWritesReadsBackTheSameOldestFirst() throws {
        let records = [try Self.record(3, intent: Self.intent), try Self.record(1), try Self.record(2, minutes: 50)]
        let bytes = try HistoryMonthFile.render(records)
        let contents = HistoryMonthFile.read(bytes, month: Self.month)
        #expect(contents.problems.isEmpty, "\(contents.problems)")
        #expect(contents.records == [records[1], records[2], records[0]])
        #expect(String(decoding: bytes, as: UTF8.self).split(separator: "\n").count == 3)
        #expect(Self.month.fileName == "2027-01.jsonl" && HistoryMonth(fileName: "2027-01.jsonl") == Self.month)
    }

    @Test(
        arguments: [
            (["owner": "0"], "unknown field 'owner'"),
            (["version": "2"], "version 2 is not 1"),
            (["start": "\"yesterday\""], "start"),
            (["start": "\"2027-01-15T08:00:00.5Z\""], "start"),
            (["end": "\"2027-01-15T07:00:00Z\""], "does not end after it starts"),
            (["end": "\"2028-02-15T07:00:00Z\""], "within 366 days"),
            (["focusedSeconds": "3600"], "focused time is not within its length"),
            (["focusedSeconds": "-1"], "focused time is not within its length"),
            (["focusedSeconds": "1e3"], "focusedSeconds"),
            (["id": "0"], "its id is not a positive number"),
            (["id": "99999999999999999999"], "id"),
            (["lists": "[\"../etc\"]"], "'../etc' is not a list name"),
            (["lists": "[\"social\",\"social\"]"], "a list twice"),
            (["outcome": "\"won\""], "outcome"),
            (["intent": "\"../../x\""], "its intent is not 32 lower-case hexadecimal digits"),
            (["attempts": "5"], "attempts and programsKilled go together"),
            (["completedWork": "10001"], "completed work phases"),
            (["label": "\"a\\nb\""], "label"),
            (["focusedSeconds": nil], "'focusedSeconds' is missing"),
        ] as [([String: String?], String)])
    func aHostileLineIsSkippedWithItsReasonAndTheOthersCount(changes: [String: String?], reason: String) {
        let contents = Self.read(Self.line() + "\n" + Self.line(changes.merging(["id": "10"]) { old, _ in old }) + "\n")
        #expect(contents.records.map(\.record.id) == [9], "\(contents)")
        #expect(contents.problems.count == 1 && contents.problems.first?.line == 2, "\(contents.problems)")
        #expect(contents.problems.first?.reason.contains(reason) == true, "\(contents.problems)")
    }

    @Test func aHugeLineDeepJSONNotJSONAndAHalfWrittenLineAreSkipped() {
        let huge = Self.line(["label": "\"" + String(repeating: "x", count: 5000) + "\""])
        let deep = String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000)
        let text = [huge, deep, "not json", Self.line(), "", Self.line(["id": "11"])].joined(separator: "\n")
        let contents = Self.read(text)
        #expect(contents.records.map(\.record.id) == [9])
        #expect(contents.problems.map(\.line) == [1, 2, 3, 5, 6], "\(contents.problems)")
        guard contents.problems.count == 5 else { return }
        #expect(contents.problems[0].reason.contains("over 4096"))
        #expect(contents.problems[1].reason.contains("not JSON"), "\(contents.problems[1])")
        #expect(contents.problems[4].reason.contains("half written"))
    }

    @Test func aSessionTwiceOrOfAnotherMonthIsSkipped() {
        let text =
            [
                Self.line(), Self.line(["focusedSeconds": "1000"]),
                Self.line(["id": "12", "start": "\"2027-02-01T00:00:00Z\"", "end": "\"2027-02-01T00:25:00Z\""]),
            ]
            .joined(separator: "\n") + "\n"
        let contents = Self.read(text)
        #expect(contents.records.map(\.record.focusedSeconds) == [1500])
        #expect(contents.problems.map(\.reason) == ["session 9 again", "it did not start in 2027-01"])
    }

    @Test func anOversizedFileIsRefusedUnreadAndLinesOverTheCountAreLeft() {
        let over = [UInt8](repeating: 0x20, count: HistoryMonthFile.maximumBytes + 1)
        let refused = HistoryMonthFile.read(over, month: Self.month)
        #expect(refused.records.isEmpty && refused.problems.count == 1 && refused.problems[0].line == nil)
        let blank = String(repeating: "{}\n", count: HistoryMonthFile.maximumLines + 5)
        let many = Self.read(blank)
        #expect(many.problems.count == HistoryMonthFile.maximumLines + 1)
        #expect(many.problems.last?.reason.contains("the rest skipped") == true)
    }

    @Test(arguments: [
        "2027-1.jsonl", "2027-13.jsonl", "1969-12.jsonl", "2027-01.json", "../2027-01.jsonl", "2027-01.jsonl~",
        "abcd-01.jsonl",
    ])
    func onlyAMonthNameNamesAMonthFile(name: String) {
        #expect(HistoryMonth(fileName: name) == nil)
    }

    @Test func monthsAreUTCMonths() {
        let december = HistoryMonth(containing: Date(timeIntervalSince1970: 1_798_761_599))  // 2026-12-31T23:59:59Z
        #expect(december.description == "2026-12" && december.adding(months: 1) == Self.month)
        #expect(Self.month.start == Date(timeIntervalSince1970: 1_798_761_600))
        #expect(HistoryMonth(containing: Self.month.start) == Self.month)
        #expect(!december.contains(Self.month.start) && Self.month.contains(Self.month.start))
    }
}
