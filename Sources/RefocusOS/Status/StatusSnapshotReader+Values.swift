#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// The values of the status file's JSON as `StatusSnapshotReader` takes
/// them, each read as `JSONValueDecoder` reads it for `Codable`: whole
/// numbers in the type's range, `null` counting as absent for an optional
/// member, times in UTC.
extension JSONValue {
    /// The member `key`, unless it is missing or `null`.
    func present(_ key: String) -> JSONValue? {
        guard let value = self[key], value != .null else { return nil }
        return value
    }

    /// The elements of an array.
    var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text of a string.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of `true` or `false`.
    var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// A whole number that fits in an `Int`.
    var integer: Int? { whole(Int.self) }

    /// A whole number that fits in a `UInt64`.
    var unsigned: UInt64? { whole(UInt64.self) }

    /// A whole number written without a fraction or exponent that fits in `T`.
    func whole<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard case .number(let text) = self else { return nil }
        return T(text, radix: 10)
    }
}

extension StatusSnapshotReader {
    /// A UTC time as the daemon writes it (`UTCTimestamp`).
    static func date(_ text: String?) -> Date? {
        text.flatMap(UTCTimestamp.date)
    }
}
