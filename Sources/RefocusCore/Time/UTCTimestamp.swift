#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A UTC time in whole seconds as `HelperProtocol.encoder()` writes it,
/// `2026-11-21T19:54:29Z`, read exactly: every field in its range (no 30th
/// of February, no second 60), nothing before 1970, which the daemon never
/// writes (Foundation's encoder writes a time of an early year as another
/// day than a proleptic Gregorian reading gives: found by fuzzing, 1013-11-21
/// did not read back the same). Counted by hand rather than by Foundation's
/// ISO 8601 parser, whose calendar set-up costs each run of `refocus status`.
public enum UTCTimestamp {
    /// The time `text` names, or nil when it is not exactly that form.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 else { return nil }
        for (index, byte) in bytes.enumerated() {
            let expected: UInt8? =
                switch index {
                case 4, 7: UInt8(ascii: "-")
                case 10: UInt8(ascii: "T")
                case 13, 16: UInt8(ascii: ":")
                case 19: UInt8(ascii: "Z")
                default: nil
                }
            if let expected {
                guard byte == expected else { return nil }
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            }
        }
        func number(_ range: Range<Int>) -> Int {
            bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        let (hour, minute, second) = (number(11..<13), number(14..<16), number(17..<19))
        guard year >= 1970, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysBefore(year: year) - daysBefore(year: 1970) + daysBefore(month: month, year: year) + day - 1
        return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days from 1 January of year 1 to 1 January of `year`, in the Gregorian calendar.
    private static func daysBefore(year: Int) -> Int {
        let past = year - 1
        return past * 365 + past / 4 - past / 100 + past / 400
    }

    /// Days from 1 January to the first of `month` (1–12).
    private static func daysBefore(month: Int, year: Int) -> Int {
        let cumulative = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
        return cumulative[month - 1] + (month > 2 && isLeap(year) ? 1 : 0)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
