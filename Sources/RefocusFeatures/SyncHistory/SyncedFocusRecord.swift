#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// One ended session as a line of the sync store's history
/// (`history/MACHINE/YYYY-MM.jsonl`): what `refocus stats --all-machines`
/// counts of it, and the followed start it came from (`intent`), by which
/// a session that followed its user onto several machines counts once.
///
/// Read from a folder others may write, so decoding is strict: unknown
/// fields, another version, a bad time, an end before the start, a session
/// longer than `maximumSeconds`, more focus than its length, more than
/// `SessionIntent.maximumLists` lists or a list twice, an intent that is not
/// an intent id are all refused. Its blocked counts are kept as two totals,
/// nothing about what was blocked.
public struct SyncedFocusRecord: Codable, Sendable, Equatable {
    /// The format's version; another is refused.
    public static let version = 1
    /// The longest session a line may tell of (a year and a day).
    public static let maximumSeconds = 366 * 86_400
    /// The most work phases a line may claim.
    public static let maximumCompletedWork = 10_000

    /// The session as stats count it (its id is the id on the machine that published it).
    public var record: FocusRecord
    /// The followed start it came from (`SessionIntent.id`); nil for a session of this machine only.
    public var intent: String?

    /// A line for `record`.
    public init(record: FocusRecord, intent: String? = nil) {
        self.record = record
        self.intent = intent
    }

    /// The line this machine publishes for its own `record`: its times in
    /// whole seconds (as the file holds them) and its focus within them.
    public init(publishing record: FocusRecord, intent: String?) {
        var record = record
        record.start = Date(timeIntervalSince1970: record.start.timeIntervalSince1970.rounded(.down))
        record.end = max(record.start, Date(timeIntervalSince1970: record.end.timeIntervalSince1970.rounded(.down)))
        record.focusedSeconds = min(max(0, record.focusedSeconds), Int(record.end.timeIntervalSince(record.start)))
        self.init(record: record, intent: intent)
    }

    /// What breaks the rules above, or nil when it keeps them all.
    public var problem: String? {
        let length = record.end.timeIntervalSince(record.start)
        guard record.id > 0 else { return "its id is not a positive number" }
        guard length >= 0, length <= Double(Self.maximumSeconds) else {
            return "it does not end after it starts, within \(Self.maximumSeconds / 86_400) days"
        }
        guard record.focusedSeconds >= 0, Double(record.focusedSeconds) <= length else {
            return "its focused time is not within its length"
        }
        guard record.lists.count <= SessionIntent.maximumLists, Set(record.lists).count == record.lists.count else {
            return "it names more than \(SessionIntent.maximumLists) lists, or a list twice"
        }
        if let work = record.completedWork, !(0...Self.maximumCompletedWork).contains(work) {
            return "its completed work phases are not from 0 to \(Self.maximumCompletedWork)"
        }
        if let programs = record.blocked?.programsKilled, programs < 0 { return "it killed fewer than no programs" }
        if let intent, !SessionIntent.isID(intent) { return "its intent is not 32 lower-case hexadecimal digits" }
        return nil
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case version, id, start, end, focusedSeconds, outcome, lists, label, completedWork, attempts, programsKilled
        case intent
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.versionedContainer(CodingKeys.self, version: Self.version, versionKey: .version)
        let attempts = try container.decodeIfPresent(UInt64.self, forKey: .attempts)
        let programs = try container.decodeIfPresent(Int.self, forKey: .programsKilled)
        guard (attempts == nil) == (programs == nil) else {
            throw DecodingError.dataCorruptedError(
                forKey: .attempts, in: container, debugDescription: "attempts and programsKilled go together")
        }
        record = FocusRecord(
            id: try container.decode(Int64.self, forKey: .id),
            start: try container.decode(Date.self, forKey: .start),
            end: try container.decode(Date.self, forKey: .end),
            focusedSeconds: try container.decode(Int.self, forKey: .focusedSeconds),
            outcome: try container.decode(SessionOutcome.self, forKey: .outcome),
            lists: try container.decodeArray(BlockListName.self, forKey: .lists, limit: SessionIntent.maximumLists),
            label: try container.decodeIfPresent(SessionLabel.self, forKey: .label),
            completedWork: try container.decodeIfPresent(Int.self, forKey: .completedWork),
            blocked: attempts.flatMap { attempts in
                programs.map { BlockedCounts(attempts: attempts, programsKilled: $0) }
            })
        intent = try container.decodeIfPresent(String.self, forKey: .intent)
        try DecodingError.refuse(problem)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.version, forKey: .version)
        try container.encode(record.id, forKey: .id)
        try container.encode(record.start, forKey: .start)
        try container.encode(record.end, forKey: .end)
        try container.encode(record.focusedSeconds, forKey: .focusedSeconds)
        try container.encode(record.outcome, forKey: .outcome)
        try container.encode(record.lists, forKey: .lists)
        try container.encodeIfPresent(record.label, forKey: .label)
        try container.encodeIfPresent(record.completedWork, forKey: .completedWork)
        try container.encodeIfPresent(record.blocked?.attempts, forKey: .attempts)
        try container.encodeIfPresent(record.blocked?.programsKilled, forKey: .programsKilled)
        try container.encodeIfPresent(intent, forKey: .intent)
    }
}
