#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A time zone as the core needs one: a name, and the offset of its clock
/// from UTC at any instant. Local days, midnights and clock times are
/// worked out from the offsets alone (`LocalZone+Wall.swift`, proleptic
/// Gregorian days), so the core needs neither ICU nor Foundation's
/// `Calendar`; where the offsets come from is the caller's business (the
/// machine's zone through glibc in RefocusOS, a fixed offset, or
/// Foundation's `TimeZone` in tests).
///
/// Instants are whole seconds since 1970-01-01T00:00:00Z (offsets change on
/// whole seconds), held within ±2^48 s (about nine million years) so that
/// no arithmetic on them overflows.
public struct LocalZone: Sendable, Equatable, CustomStringConvertible {
    /// The zone's name, for display and equality: `Europe/Berlin`, `UTC`, a POSIX TZ string.
    public let name: String
    /// The offset from UTC, in seconds, at an instant within `instants`.
    private let offsetAt: @Sendable (Int) -> Int

    /// The instants offsets are asked for; others are clamped into it.
    public static let instants = -(1 << 48)...(1 << 48)

    /// A zone named `name` whose clock is `offset(seconds)` seconds ahead
    /// of UTC (behind when negative) at the instant `seconds` after the
    /// epoch; `offset` is asked only for instants within `instants`.
    public init(name: String, offset: @escaping @Sendable (_ secondsSinceEpoch: Int) -> Int) {
        self.name = name
        offsetAt = offset
    }

    /// A zone whose clock is always `seconds` ahead of UTC (behind when negative).
    public static func fixed(name: String, offsetSeconds seconds: Int) -> LocalZone {
        LocalZone(name: name) { _ in seconds }
    }

    /// Coordinated Universal Time: offset zero.
    public static let utc = LocalZone.fixed(name: "UTC", offsetSeconds: 0)

    /// The offset from UTC, in seconds, at the instant `seconds` after the epoch.
    public func offset(at seconds: Int) -> Int {
        offsetAt(min(max(seconds, Self.instants.lowerBound), Self.instants.upperBound))
    }

    /// The offset from UTC, in seconds, at `date`.
    public func offset(at date: Date) -> Int {
        offset(at: Self.seconds(of: date))
    }

    /// The whole second `date` falls in, within `instants` (0 for a date that is not a number).
    public static func seconds(of date: Date) -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard !seconds.isNaN else { return 0 }
        let bounded = min(max(seconds, Double(instants.lowerBound)), Double(instants.upperBound))
        return Int(bounded)
    }

    /// The name.
    public var description: String { name }

    /// Whether both have the same name (the offsets are not compared).
    public static func == (lhs: LocalZone, rhs: LocalZone) -> Bool {
        lhs.name == rhs.name
    }
}
