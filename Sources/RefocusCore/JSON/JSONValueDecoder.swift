#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes a `Decodable` type from a `JSONValue`, so that a file written
/// with `Codable` is read back by the same type that wrote it, through the
/// one `JSONReader` (the status file: `StatusFile.decodeByCodable`).
///
/// Numbers are read as the type asks: an integer type takes only a whole
/// number in its range (`1.0`, `1e3` and overflows are refused), a
/// floating-point type any number. A `Date` is a UTC time in whole seconds,
/// `2026-11-21T19:54:29Z`, as `HelperProtocol.encoder()` writes it
/// (`UTCTimestamp`); no other type is given special treatment. `null`
/// counts as absent for `decodeIfPresent`, as in `JSONDecoder`. It makes no
/// cast to a protocol itself, but `Codable`'s containers still cost a
/// process that runs once the runtime's look-ups of their types (3 million
/// instructions for the status file: docs/testing.md, The status line), so
/// `refocus status` takes a fast path checked against this one.
public enum JSONValueDecoder {
    /// The `T` that `value` holds.
    ///
    /// - Throws: `DecodingError` naming the path of the bad field.
    public static func decode<T: Decodable>(_: T.Type, from value: JSONValue) throws -> T {
        try JSONTreeDecoder(value: value, codingPath: []).decode(T.self)
    }
}

/// The `Decoder` of one value of a `JSONValue` tree, and its single-value container.
struct JSONTreeDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSONValue].self, "an object") }
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self, "an array") }
        return JSONUnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }

    func decode(_: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, "true or false") }
        return flag
    }

    func decode(_: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self, "a string") }
        return text
    }

    func decode(_: Double.Type) throws -> Double {
        guard case .number(let text) = value, let number = Double(text), number.isFinite else {
            throw mismatch(Double.self, "a number")
        }
        return number
    }

    func decode(_: Float.Type) throws -> Float {
        guard case .number(let text) = value, let number = Float(text), number.isFinite else {
            throw mismatch(Float.self, "a number")
        }
        return number
    }

    func decode(_: Int.Type) throws -> Int { try integer() }
    func decode(_: Int8.Type) throws -> Int8 { try integer() }
    func decode(_: Int16.Type) throws -> Int16 { try integer() }
    func decode(_: Int32.Type) throws -> Int32 { try integer() }
    func decode(_: Int64.Type) throws -> Int64 { try integer() }
    func decode(_: UInt.Type) throws -> UInt { try integer() }
    func decode(_: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_: UInt64.Type) throws -> UInt64 { try integer() }

    /// A `Date` from its UTC text; any other type from this decoder.
    func decode<T: Decodable>(_: T.Type) throws -> T {
        // A comparison of metatypes, not a cast to a protocol: no conformance search.
        if T.self == Date.self {
            guard case .string(let text) = value, let date = UTCTimestamp.date(text) as? T else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "expected a UTC time such as 2026-11-21T19:54:29Z"))
            }
            return date
        }
        return try T(from: self)
    }

    /// A whole number of `T`'s range, written without a fraction or exponent.
    private func integer<T: FixedWidthInteger>() throws -> T {
        guard case .number(let text) = value, let number = T(text, radix: 10) else {
            throw mismatch(T.self, "a whole number that fits")
        }
        return number
    }

    private func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected)"))
    }
}
