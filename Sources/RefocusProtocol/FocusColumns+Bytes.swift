#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FocusColumns {
    /// The columns of the `focus` object whose members' values lie at
    /// `members` in `bytes` (found by `JSONMemberRanges`), read as
    /// `init(from:)` reads them but straight from the bytes: each number
    /// column's string parsed in place (a string with an escape is not a
    /// column), only `names` (a few short strings) through `JSONDecoder`.
    /// Added keys are skipped; a missing or malformed column, or more than
    /// `HelperProtocol.maximumFocusRecords` numbers in one, is a
    /// `FocusColumnsError` naming it. `records()` checks the rest.
    init(json bytes: UnsafeRawBufferPointer, members: [String: Range<Int>]) throws(FocusColumnsError) {
        func text(_ key: CodingKeys) throws(FocusColumnsError) -> UnsafeRawBufferPointer {
            guard let range = members[key.stringValue] else { throw .init("no 'focus.\(key.stringValue)'") }
            guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\""),
                bytes[range.upperBound - 1] == UInt8(ascii: "\"")
            else { throw .init("'focus.\(key.stringValue)' is not a string") }
            return UnsafeRawBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
        }
        func column<T>(_ key: CodingKeys, _ parse: (UnsafeRawBufferPointer) -> [T?]?) throws(FocusColumnsError)
            -> [T?]
        {
            guard let values = parse(try text(key)) else {
                throw .init(
                    "'focus.\(key.stringValue)' is not at most \(HelperProtocol.maximumFocusRecords) "
                        + "numbers separated by commas")
            }
            return values
        }
        func required<T>(_ key: CodingKeys, _ parse: (UnsafeRawBufferPointer) -> [T?]?) throws(FocusColumnsError)
            -> [T]
        {
            let values = try column(key, parse)
            let present = values.compactMap { $0 }
            guard present.count == values.count else { throw .init("'focus.\(key.stringValue)': a number is missing") }
            return present
        }
        let limit = HelperProtocol.maximumFocusRecords
        // A record names up to `HelperProtocol.maximumLists` lists.
        let listLimit = limit * HelperProtocol.maximumLists
        self.init([])
        ids = try required(.ids) { PackedColumn.integers($0, as: Int64.self, limit: limit) }
        starts = try required(.starts) { PackedColumn.doubles($0, limit: limit) }
        ends = try required(.ends) { PackedColumn.doubles($0, limit: limit) }
        focused = try required(.focused) { PackedColumn.integers($0, as: Int.self, limit: limit) }
        outcomes = try required(.outcomes) { PackedColumn.integers($0, as: Int.self, limit: limit) }
        listCounts = try required(.listCounts) { PackedColumn.integers($0, as: Int.self, limit: limit) }
        lists = try required(.lists) { PackedColumn.integers($0, as: Int.self, limit: listLimit) }
        labels = try column(.labels) { PackedColumn.integers($0, as: Int.self, limit: limit) }
        completedWork = try column(.completedWork) { PackedColumn.integers($0, as: Int.self, limit: limit) }
        attempts = try column(.attempts) { PackedColumn.integers($0, as: UInt64.self, limit: limit) }
        programsKilled = try column(.programsKilled) { PackedColumn.integers($0, as: Int.self, limit: limit) }
        guard let range = members[CodingKeys.names.stringValue] else { throw .init("no 'focus.names'") }
        do {
            names = try HelperProtocol.decoder().decode(
                Names.self, from: Data(UnsafeRawBufferPointer(rebasing: bytes[range])))
        } catch {
            throw .init("'focus.names' is not the outcomes, lists and labels")
        }
    }
}
