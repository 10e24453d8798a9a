#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// Ended sessions as `FocusRecord`s in the compact form the `focus` verb
/// answers with (`HelperResponse.focus`): one column per field, the n-th
/// element of each being the n-th record's, times as seconds since 1970,
/// and outcomes, list names and labels interned (each name once, records
/// holding indexes under `names`). Number columns travel as one JSON string each, the
/// numbers separated by commas and `-` for none (`"ids": "1,2,5"`,
/// `"labels": "0,-,1"`): a JSON array would cost the coders a generic
/// call per number. Times (`starts`, `ends`) are written as the 16
/// hexadecimal digits of their bits (`PackedColumn.bits(of:)`): exact, and
/// neither formatted nor parsed as decimals. 100,000 records are about 6 MB, where as
/// `SessionSummary` objects they would be ten times that. The helper writes
/// them with `json()` and the CLI reads them with `FocusAnswer`, neither
/// through the JSON coders (a third of a second saved each side); the
/// `Codable` conformance below reads and writes the same bytes.
///
/// Decoding accepts added keys (a newer helper may send more); `records()`
/// checks that the columns agree and every index and name is valid.
public struct FocusColumns: Codable, Sendable, Equatable {
    /// Each record's session id.
    public var ids: [Int64] = []
    /// Each record's start, in seconds since 1970.
    public var starts: [Double] = []
    /// Each record's end, in seconds since 1970.
    public var ends: [Double] = []
    /// Each record's focused seconds.
    public var focused: [Int] = []
    /// The outcomes, list names and labels the records name by index.
    public var names = Names()
    /// Each record's outcome, an index into `names.outcomes`.
    public var outcomes: [Int] = []
    /// How many of `lists` each record takes, in order.
    public var listCounts: [Int] = []
    /// Every record's lists one after the other, indexes into `names.lists`.
    public var lists: [Int] = []
    /// Each record's label, an index into `names.labels`; nil for none.
    public var labels: [Int?] = []
    /// Each record's completed work phases; nil for a plain session.
    public var completedWork: [Int?] = []
    /// Each record's refused connections; nil when not recorded.
    public var attempts: [UInt64?] = []
    /// Each record's killed programs; nil when not recorded.
    public var programsKilled: [Int?] = []

    /// The columns of `records`, in their order.
    public init(_ records: [FocusRecord]) {
        var outcomeIndex = NameIndex<SessionOutcome>()
        var listIndex = NameIndex<BlockListName>()
        var labelIndex = NameIndex<SessionLabel>()
        ids.reserveCapacity(records.count)
        starts.reserveCapacity(records.count)
        ends.reserveCapacity(records.count)
        focused.reserveCapacity(records.count)
        for record in records {
            ids.append(record.id)
            starts.append(record.start.timeIntervalSince1970)
            ends.append(record.end.timeIntervalSince1970)
            focused.append(record.focusedSeconds)
            outcomes.append(Self.index(of: record.outcome, in: &outcomeIndex, names: &names.outcomes))
            listCounts.append(record.lists.count)
            for list in record.lists {
                lists.append(Self.index(of: list, in: &listIndex, names: &names.lists, \.rawValue))
            }
            labels.append(record.label.map { Self.index(of: $0, in: &labelIndex, names: &names.labels, \.rawValue) })
            completedWork.append(record.completedWork)
            attempts.append(record.blocked?.attempts)
            programsKilled.append(record.blocked?.programsKilled)
        }
    }

    enum CodingKeys: String, CodingKey {
        case ids, starts, ends, focused, names, outcomes, listCounts, lists, labels, completedWork, attempts,
            programsKilled
    }

    /// Decodes the columns; a number column that does not parse is an error naming it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func column<T>(_ key: CodingKeys, _ parse: (Substring) -> T?) throws -> [T?] {
            guard let values = PackedColumn.parse(try container.decode(String.self, forKey: key), parse) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "not numbers separated by commas")
            }
            return values
        }
        func required<T>(_ key: CodingKeys, _ parse: (Substring) -> T?) throws -> [T] {
            let values = try column(key, parse)
            let present = values.compactMap { $0 }
            guard present.count == values.count else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "a number is missing")
            }
            return present
        }
        ids = try required(.ids) { Int64($0) }
        starts = try required(.starts) { Self.time($0) }
        ends = try required(.ends) { Self.time($0) }
        focused = try required(.focused) { Int($0) }
        names = try container.decode(Names.self, forKey: .names)
        outcomes = try required(.outcomes) { Int($0) }
        listCounts = try required(.listCounts) { Int($0) }
        lists = try required(.lists) { Int($0) }
        labels = try column(.labels) { Int($0) }
        completedWork = try column(.completedWork) { Int($0) }
        attempts = try column(.attempts) { UInt64($0) }
        programsKilled = try column(.programsKilled) { Int($0) }
    }

    /// Encodes each number column as one string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(PackedColumn.join(ids), forKey: .ids)
        try container.encode(starts.map(PackedColumn.bits(of:)).joined(separator: ","), forKey: .starts)
        try container.encode(ends.map(PackedColumn.bits(of:)).joined(separator: ","), forKey: .ends)
        try container.encode(PackedColumn.join(focused), forKey: .focused)
        try container.encode(names, forKey: .names)
        try container.encode(PackedColumn.join(outcomes), forKey: .outcomes)
        try container.encode(PackedColumn.join(listCounts), forKey: .listCounts)
        try container.encode(PackedColumn.join(lists), forKey: .lists)
        try container.encode(PackedColumn.join(labels), forKey: .labels)
        try container.encode(PackedColumn.join(completedWork), forKey: .completedWork)
        try container.encode(PackedColumn.join(attempts), forKey: .attempts)
        try container.encode(PackedColumn.join(programsKilled), forKey: .programsKilled)
    }

    /// A time column's element, as the bytes' reader reads it (`PackedColumn.doubles`).
    private static func time(_ text: Substring) -> Double? {
        Data(text.utf8).withUnsafeBytes { PackedColumn.doubles($0, limit: 1) }?.first ?? nil
    }

    /// The names records refer to by their index, each once.
    public struct Names: Codable, Sendable, Equatable {
        /// Outcomes.
        public var outcomes: [SessionOutcome] = []
        /// List names.
        public var lists: [String] = []
        /// Labels.
        public var labels: [String] = []
    }

    /// How many records the columns hold.
    public var count: Int { ids.count }

    /// The records, in order; throws `FocusColumnsError` when the columns
    /// disagree in length, an index is out of range or a name is invalid.
    public func records() throws(FocusColumnsError) -> [FocusRecord] {
        let n = ids.count
        let lengths = [
            starts.count, ends.count, focused.count, outcomes.count, listCounts.count, labels.count,
            completedWork.count, attempts.count, programsKilled.count,
        ]
        guard lengths.allSatisfy({ $0 == n }) else { throw .init("its columns differ in length") }
        guard listCounts.allSatisfy({ $0 >= 0 }), listCounts.reduce(0, +) == lists.count else {
            throw .init("its list counts do not add up to its lists")
        }
        let listValues: [BlockListName]
        let labelValues: [SessionLabel]
        do {
            listValues = try names.lists.map { try BlockListName($0) }
            labelValues = try names.labels.map { try SessionLabel($0) }
        } catch {
            throw .init("a list name or label is invalid (\(error))")
        }
        var records: [FocusRecord] = []
        records.reserveCapacity(n)
        var next = 0
        for i in 0..<n {
            let listEnd = next + listCounts[i]
            guard names.outcomes.indices.contains(outcomes[i]),
                lists[next..<listEnd].allSatisfy(listValues.indices.contains),
                labels[i].map(labelValues.indices.contains) ?? true,
                (attempts[i] == nil) == (programsKilled[i] == nil)
            else { throw .init("record \(i) (session \(ids[i])) refers to a name it does not have") }
            records.append(
                FocusRecord(
                    id: ids[i], start: Date(timeIntervalSince1970: starts[i]),
                    end: Date(timeIntervalSince1970: ends[i]),
                    focusedSeconds: focused[i], outcome: names.outcomes[outcomes[i]],
                    lists: lists[next..<listEnd].map { listValues[$0] },
                    label: labels[i].map { labelValues[$0] }, completedWork: completedWork[i],
                    blocked: attempts[i].flatMap { attempts in
                        programsKilled[i].map { BlockedCounts(attempts: attempts, programsKilled: $0) }
                    }))
            next = listEnd
        }
        return records
    }

    private static func index<Value: Hashable>(of value: Value, in known: inout NameIndex<Value>, names: inout [Value])
        -> Int
    {
        index(of: value, in: &known, names: &names) { $0 }
    }

    /// `value`'s index in `names`, appending its name when it is new.
    private static func index<Value: Hashable, Name>(
        of value: Value, in known: inout NameIndex<Value>, names: inout [Name],
        _ name: (Value) -> Name
    ) -> Int {
        if let index = known.index(of: value) { return index }
        known.add(value, at: names.count)
        names.append(name(value))
        return names.count - 1
    }
}

/// The index of each value a column names, found by comparing while there
/// are few (a history names a handful of outcomes, lists and labels, the
/// same strings row after row: equal at once, where hashing each cost
/// 1,500 instructions a record), by hashing beyond `fewValues`.
private struct NameIndex<Value: Hashable> {
    static var fewValues: Int { 16 }
    /// The values in the order of their indexes, while there are at most `fewValues`.
    private var few: [Value] = []
    /// Every value's index, once there are more.
    private var many: [Value: Int] = [:]

    func index(of value: Value) -> Int? {
        if many.isEmpty { return few.firstIndex(of: value) }
        return many[value]
    }

    /// Records `value` at `index`, the next one.
    mutating func add(_ value: Value, at index: Int) {
        if many.isEmpty, few.count < Self.fewValues {
            few.append(value)
            return
        }
        if many.isEmpty {
            for (known, value) in few.enumerated() { many[value] = known }
            few = []
        }
        many[value] = index
    }
}

/// Why a `focus` answer's columns cannot be read as records.
public struct FocusColumnsError: RefocusError, Equatable {
    /// What is wrong.
    public let reason: String

    /// A failure for `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var category: ErrorCategory { .data }
    public var description: String {
        "the helper's focus answer cannot be read: \(reason); install refocus and refocus-helper of the same version"
    }
}
