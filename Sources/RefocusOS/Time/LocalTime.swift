#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// A moment in the machine's time zone (TZ, else /etc/localtime), through
/// glibc's `localtime_r` and `strftime`: 24-hour clock times and ISO dates,
/// the same whatever the locale, and without loading ICU (which costs a
/// status bar polling every second several milliseconds per run).
public struct LocalTime {
    private var fields: tm

    /// `date` in the local time zone.
    public init(_ date: Date) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        fields = tm()
        localtime_r(&seconds, &fields)
    }

    /// `14:05`.
    public var clock: String { format("%H:%M") }
    /// `Mon`.
    public var weekday: String { format("%a") }
    /// `2026-11-21`.
    public var day: String { format("%Y-%m-%d") }
    /// The time zone's abbreviation then, such as `CET` or `CEST`.
    public var zone: String { format("%Z") }

    /// Whether both fall on the same local calendar day.
    public func isSameDay(as other: LocalTime) -> Bool {
        fields.tm_year == other.fields.tm_year && fields.tm_yday == other.fields.tm_yday
    }

    private func format(_ pattern: String) -> String {
        var fields = self.fields
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &fields)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
