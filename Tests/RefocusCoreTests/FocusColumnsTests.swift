import Foundation
import Testing
@testable import RefocusCore
@testable import RefocusProtocol

/// The `focus` verb's compact answer: records to columns and back, through
/// the whole response's JSON, and columns that do not agree refused.
@Suite struct FocusColumnsTests {
    static func records() throws -> [FocusRecord] {
        let base = Date(timeIntervalSince1970: 1_800_000_000.25)
        let social = try BlockListName("social"), work = try BlockListName("work")
        return [
            FocusRecord(
                id: 1, start: base, end: base.addingTimeInterval(1500.5), focusedSeconds: 1500, outcome: .completed,
                lists: [social, work], label: try SessionLabel("thèse, ch. 2"),
                blocked: BlockedCounts(attempts: 12, programsKilled: 1)),
            FocusRecord(
                id: 2, start: base.addingTimeInterval(86_400), end: base.addingTimeInterval(90_000),
                focusedSeconds: 3000, outcome: .stopped, lists: [work], completedWork: 2,
                blocked: BlockedCounts(attempts: UInt64.max, programsKilled: 0)),
            FocusRecord(
                id: 9, start: base.addingTimeInterval(-86_400), end: base.addingTimeInterval(-80_000),
                focusedSeconds: 0, outcome: .cleared, lists: [], label: try SessionLabel("thèse, ch. 2")),
        ]
    }

    @Test func recordsRoundTripThroughTheResponse() throws {
        let records = try Self.records()
        let columns = FocusColumns(records)
        #expect(
            columns.names.lists == ["social", "work"] && columns.names.labels == ["thèse, ch. 2"] && columns.count == 3)
        let data = try HelperProtocol.encoder().encode(HelperResponse(sessions: [], focus: columns))
        let decoded = try HelperProtocol.decoder().decode(HelperResponse.self, from: data)
        #expect(decoded.ok && decoded.focus == columns)
        #expect(try decoded.focus?.records() == records)
        #expect(try FocusColumns([]).records() == [])
        #expect(
            try HelperProtocol.decoder().decode(HelperResponse.self, from: Data(#"{"version":1,"ok":true}"#.utf8)).focus
                == nil)
    }

    /// Names each once in the order first met, however many: past the few
    /// compared one by one (16), they are found by hashing, with the same indexes.
    @Test(arguments: [3, 16, 17, 40])
    func manyNamesAreEachNamedOnce(_ distinct: Int) throws {
        let base = Date(timeIntervalSince1970: 1_800_000_000)
        let records = try (0..<(distinct * 3)).map { index in
            let name = index % distinct
            return FocusRecord(
                id: Int64(index), start: base, end: base.addingTimeInterval(60), focusedSeconds: 60,
                outcome: .completed, lists: [try BlockListName("list-\(name)"), try BlockListName("list-\(name + 1)")],
                label: index % 2 == 0 ? try SessionLabel("label \(name)") : nil)
        }
        let columns = FocusColumns(records)
        #expect(columns.names.lists == (0...distinct).map { "list-\($0)" })
        #expect(columns.names.labels.count == Set(records.compactMap(\.label)).count)
        #expect(Set(columns.names.labels).count == columns.names.labels.count)
        #expect(try columns.records() == records)
    }
    @Test func addedKeysAreAcceptedByTheCaller() throws {
        var object =
            try JSONSerialization.jsonObject(
                with: try HelperProtocol.encoder().encode(FocusColumns(try Self.records()))) as? [String: Any] ?? [:]
        object["moods"] = ["calm", "calm", "tired"]
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(try HelperProtocol.decoder().decode(FocusColumns.self, from: data).records() == (try Self.records()))
    }

    static let broken: [(String, @Sendable (inout FocusColumns) -> Void)] = [
        ("a column short", { $0.ends.removeLast() }),
        ("a list index out of range", { $0.lists[0] = 7 }),
        ("list counts that do not add up", { $0.listCounts[0] = 5 }),
        (
            "a negative list count",
            {
                $0.listCounts[0] = -1; $0.listCounts[1] = 4
            }
        ),
        ("an outcome index out of range", { $0.outcomes[1] = 3 }),
        ("a label index out of range", { $0.labels[1] = 1 }),
        ("an invalid list name", { $0.names.lists[0] = "../etc" }),
        ("an invalid label", { $0.names.labels[0] = "two\nlines" }),
        ("attempts without kills", { $0.programsKilled[0] = nil }),
    ]

    @Test(arguments: 0..<broken.count)
    func columnsThatDisagreeAreRefused(_ index: Int) throws {
        var columns = FocusColumns(try Self.records())
        Self.broken[index].1(&columns)
        #expect(throws: FocusColumnsError.self, "\(Self.broken[index].0)") { try columns.records() }
    }
}
