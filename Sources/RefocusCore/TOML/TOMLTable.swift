/// A TOML table: its keys in the order the document defines them, each with
/// its value and the line that defines it, so that a reader of the values
/// points a person at the right line.
///
/// Two tables are equal when they hold the same keys with equal values,
/// whatever their order and lines (TOML gives a table's keys no order).
/// Iterating gives each key and its value, in the document's order.
public struct TOMLTable: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One key of a table.
    public struct Entry: Sendable {
        /// The key (one part of a dotted key), unescaped.
        public let key: String
        /// Its value.
        public let value: TOMLValue
        /// The line that defines it, from 1: its key/value pair or its
        /// table header; 0 in a table built in code.
        public let line: Int

        /// An entry.
        public init(key: String, value: TOMLValue, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// The keys, in the document's order.
    public let entries: [Entry]
    /// Where each key is in `entries`.
    private let positions: [String: Int]

    /// A table of `entries`; should a key repeat, its first entry counts.
    public init(entries: [Entry]) {
        var positions: [String: Int] = [:]
        var kept: [Entry] = []
        kept.reserveCapacity(entries.count)
        for entry in entries where positions[entry.key] == nil {
            positions[entry.key] = kept.count
            kept.append(entry)
        }
        self.entries = kept
        self.positions = positions
    }

    /// A table written in code (lines 0), for tests and defaults.
    public init(dictionaryLiteral elements: (String, TOMLValue)...) {
        self.init(entries: elements.map { Entry(key: $0.0, value: $0.1, line: 0) })
    }

    /// The value of `key`, nil when the table has no such key.
    public subscript(key: String) -> TOMLValue? {
        positions[key].map { entries[$0].value }
    }

    /// The line that defines `key`, nil when the table has no such key.
    public func line(of key: String) -> Int? {
        positions[key].map { entries[$0].line }
    }

    /// Whether the table has `key`.
    public func contains(key: String) -> Bool { positions[key] != nil }

    /// The keys, in the document's order.
    public var keys: [String] { entries.map(\.key) }

    /// Whether the table has no key.
    public var isEmpty: Bool { entries.isEmpty }

    /// Each key and its value, in the document's order.
    public func makeIterator() -> LazyMapSequence<[Entry], (key: String, value: TOMLValue)>.Iterator {
        entries.lazy.map { (key: $0.key, value: $0.value) }.makeIterator()
    }

    /// Whether both hold the same keys with equal values, whatever their order and lines.
    public static func == (lhs: TOMLTable, rhs: TOMLTable) -> Bool {
        lhs.entries.count == rhs.entries.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }
}
