#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// A month of UTC time, as the history files of the sync store name it
/// (`history/MACHINE/YYYY-MM.jsonl` holds the sessions that started in it).
/// Pure arithmetic on `LocalDay`; no calendar object, no time zone.
public struct HistoryMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Months since January of year 0: `year * 12 + month - 1`.
    public let index: Int

    /// The month `index` counts.
    public init(index: Int) {
        self.index = index
    }

    /// The UTC month that holds `date`.
    public init(containing date: Date) {
        let day = LocalDay(number: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
        let (year, month, _) = day.civil
        index = year * 12 + month - 1
    }

    /// The month a file is named after: exactly `YYYY-MM.jsonl`, years 1970 to 9999; nil for any other name.
    public init?(fileName: String) {
        let bytes = Array(fileName.utf8)
        guard bytes.count == 13, bytes[4] == UInt8(ascii: "-"), Array(bytes[7...]) == Array(".jsonl".utf8),
            let year = Self.digits(bytes[0..<4]), let month = Self.digits(bytes[5..<7]),
            year >= 1970, (1...12).contains(month)
        else { return nil }
        index = year * 12 + month - 1
    }

    /// `YYYY-MM`.
    public var description: String {
        let (year, month) = (index / 12, index % 12 + 1)
        return "\(year)-" + (month < 10 ? "0\(month)" : "\(month)")
    }

    /// `YYYY-MM.jsonl`.
    public var fileName: String { description + ".jsonl" }

    /// Its first instant, UTC.
    public var start: Date {
        let day = LocalDay(year: index / 12, month: index % 12 + 1, day: 1)
        return Date(timeIntervalSince1970: Double(day.number) * 86_400)
    }

    /// Whether `date` falls in it.
    public func contains(_ date: Date) -> Bool {
        date >= start && date < adding(months: 1).start
    }

    /// The month `months` later (earlier when negative).
    public func adding(months: Int) -> HistoryMonth {
        HistoryMonth(index: index + months)
    }

    public static func < (lhs: HistoryMonth, rhs: HistoryMonth) -> Bool { lhs.index < rhs.index }

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
