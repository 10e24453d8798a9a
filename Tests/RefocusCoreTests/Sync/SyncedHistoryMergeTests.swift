import Foundation
import RefocusCore
import RefocusFeatures
import Testing

/// Publishing a machine's history and counting every machine's (issue 32):
/// only the months whose file changed are written, months that left the
/// window are removed, a month over the cap is refused; another machine's
/// files are read strictly (own folder passed over, refused and misnamed
/// files named) and each session counts once, a followed one (the same
/// intent on several machines) as the one with the most focus.
@Suite struct SyncedHistoryMergeTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z

    static func line(_ id: Int64, daysAgo: Int, minutes: Int = 25, intent: String? = nil) throws -> SyncedFocusRecord {
        let start = now.addingTimeInterval(-Double(daysAgo) * 86_400)
        return SyncedFocusRecord(
            record: FocusRecord(
                id: id, start: start, end: start.addingTimeInterval(Double(minutes) * 60),
                focusedSeconds: minutes * 60, outcome: .completed, lists: [try BlockListName("social")]),
            intent: intent)
    }

    @Test func aSyncWithNothingNewPublishesNothingAndAChangedMonthOnly() throws {
        let lines = [try Self.line(1, daysAgo: 40), try Self.line(2, daysAgo: 3), try Self.line(3, daysAgo: 800)]
        let first = try HistoryPublication(records: lines, machine: "a", now: Self.now, before: PublishedHistory())
        #expect(first.files.keys.sorted() == ["history/a/2026-12.jsonl", "history/a/2027-01.jsonl"])
        #expect(PublishedHistory(text: first.published.text) == first.published)
        var named = first.published
        named.target = "a dir /srv/sync"
        #expect(PublishedHistory(text: named.text) == named && named.to("a dir /srv/sync") == named)
        #expect(named.to("b dir /srv/sync").months.isEmpty && named.to("b dir /srv/sync").target == "b dir /srv/sync")
        let again = try HistoryPublication(records: lines, machine: "a", now: Self.now, before: first.published)
        #expect(again.files.isEmpty && again.published == first.published)
        let more = try HistoryPublication(
            records: lines + [try Self.line(4, daysAgo: 1)], machine: "a", now: Self.now, before: first.published)
        #expect(more.files.keys.sorted() == ["history/a/2027-01.jsonl"])
        // Thirteen months later both months are out of the window: their files are removed.
        let later = try HistoryPublication(
            records: lines, machine: "a", now: Self.now.addingTimeInterval(400 * 86_400), before: more.published)
        #expect(later.files.count == 2 && later.files.values.allSatisfy { $0 == nil } && later.published.months.isEmpty)
    }

    @Test func aMonthOverTheCapIsRefusedAndABadSessionSkipped() throws {
        let label = try SessionLabel(String(repeating: "l", count: SessionLabel.maximumLength))
        let lists = try (0..<SessionIntent.maximumLists).map {
            try BlockListName("list-\($0)-" + String(repeating: "n", count: 50))
        }
        let many = try (1...2_500).map { id in
            var line = try Self.line(Int64(id), daysAgo: 0)
            line.record.label = label
            line.record.lists = lists
            return line
        }
        var bad = try Self.line(9_999, daysAgo: 40)
        bad.record.focusedSeconds = -5
        let plan = try HistoryPublication(
            records: many + [bad], machine: "a", now: Self.now, before: PublishedHistory())
        #expect(plan.files.isEmpty, "\(plan.files.keys)")
        #expect(plan.refused.count == 1 && plan.refused[0].contains("history/a/2027-01.jsonl"), "\(plan.refused)")
        #expect(plan.skipped == ["session 9999: its focused time is not within its length"])
    }

    @Test func aLocalRecordIsPublishedInWholeSecondsWithItsFocusWithin() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000.7)
        let record = FocusRecord(
            id: 5, start: start, end: start.addingTimeInterval(60), focusedSeconds: 61, outcome: .stopped, lists: [])
        let line = SyncedFocusRecord(publishing: record, intent: nil)
        #expect(line.problem == nil && line.record.focusedSeconds == 60)
        #expect(line.record.start == Date(timeIntervalSince1970: 1_800_000_000))
        let bytes = try HistoryMonthFile.render([line])
        #expect(HistoryMonthFile.read(bytes, month: HistoryMonth(containing: start)).records == [line])
    }

    static func file(_ machine: String, _ name: String, _ lines: [SyncedFocusRecord]) throws -> SyncStoreFile {
        SyncStoreFile(machine: machine, name: name, contents: .success(try HistoryMonthFile.render(lines)))
    }

    @Test func otherMachinesAreReadStrictlyAndEachSessionCountsOnce() throws {
        let shared = "0123456789abcdef0123456789abcdef"
        let months = HistoryPublication.firstMonth(now: Self.now)...HistoryMonth(containing: Self.now)
        let files = [
            try Self.file("a", "2027-01.jsonl", [try Self.line(1, daysAgo: 1)]),
            try Self.file(
                "b", "2027-01.jsonl",
                [try Self.line(1, daysAgo: 2), try Self.line(2, daysAgo: 1, minutes: 20, intent: shared)]),
            try Self.file("b", "2024-01.jsonl", [try Self.line(7, daysAgo: 1100)]),
            try Self.file("b", "notes.txt", []),
            SyncStoreFile(machine: "c", name: "2027-01.jsonl", contents: .failure(.tooLarge(5 << 20))),
            SyncStoreFile(machine: "d", name: "2027-01.jsonl", contents: .success(Array("{\"version\":1}\n".utf8))),
        ]
        let others = OtherMachinesHistory(files: files, machine: "a", months: months)
        #expect(others.records.map { "\($0.machine) \($0.line.record.id)" } == ["b 1", "b 2"])
        #expect(
            others.problems == [
                "history/b/notes.txt: not named YYYY-MM.jsonl; skipped",
                "history/c/2027-01.jsonl: too large (5242880 bytes); skipped",
                "history/d/2027-01.jsonl: 1 line skipped, the first: line 1: not a session: 'id' is missing",
            ], "\(others.problems)")

        let local = [
            MachineFocusRecord(machine: "a", line: try Self.line(1, daysAgo: 1)),
            MachineFocusRecord(machine: "a", line: try Self.line(3, daysAgo: 1, minutes: 30, intent: shared)),
        ]
        let counted = MachineFocusRecord.counted(local + others.records + [others.records[0]])
        // a's 1 and b's 1 are two sessions; the shared intent counts once, as a's 30 minutes.
        #expect(counted.map { "\($0.machine) \($0.line.record.id)" } == ["b 1", "a 1", "a 3"], "\(counted)")
    }

    @Test func overSoManyMachinesTheRestIsSkipped() throws {
        let months = HistoryPublication.firstMonth(now: Self.now)...HistoryMonth(containing: Self.now)
        let files = try (0...OtherMachinesHistory.maximumMachines).map {
            try Self.file("m\($0)", "2027-01.jsonl", [try Self.line(1, daysAgo: 1)])
        }
        let others = OtherMachinesHistory(files: files, machine: "a", months: months)
        #expect(others.records.count == OtherMachinesHistory.maximumMachines)
        #expect(others.problems == ["history/m64/2027-01.jsonl: over 64 machines; skipped"])
    }
}
