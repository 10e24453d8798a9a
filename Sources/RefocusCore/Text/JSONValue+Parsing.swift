#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Why bytes are not a JSON document that can be merged into.
    public struct ParseProblem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The line of the problem, from 1.
        public let line: Int
        /// What is wrong there (`DuplicateKeyCheck`'s words).
        public let reason: String

        /// "line N: reason".
        public var description: String { "line \(line): \(reason)" }
    }

    /// The document in `bytes`. It is first checked whole by
    /// `DuplicateKeyCheck` (RFC 8259, no key twice in an object, at most
    /// `DuplicateKeyCheck.maximumDepth` levels), so a problem names its
    /// line and the reading below never meets malformed input.
    public init(parsing bytes: [UInt8]) throws(ParseProblem) {
        do {
            try DuplicateKeyCheck.check(bytes)
        } catch {
            let offset: Int
            if case .malformed(let at, _) = error { offset = at } else { offset = bytes.count }
            let line = 1 + bytes.prefix(min(offset, bytes.count)).count { $0 == 0x0A }
            let reason: String
            if case .malformed(_, let why) = error { reason = why } else { reason = error.description }
            throw ParseProblem(line: line, reason: reason)
        }
        var reader = ValidJSONReader(bytes: bytes)
        self = reader.value()
    }
}

/// Builds the tree of a document that `DuplicateKeyCheck` has accepted.
private struct ValidJSONReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func value() -> JSONValue {
        skipSpace()
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "{"):
            offset += 1
            var members: [JSONMember] = []
            while take(until: UInt8(ascii: "}")) {
                skipSpace()
                let key = string()
                skipSpace()
                offset += 1  // ':'
                members.append(JSONMember(key: key, value: value()))
            }
            return .object(members)
        case UInt8(ascii: "["):
            offset += 1
            var elements: [JSONValue] = []
            while take(until: UInt8(ascii: "]")) { elements.append(value()) }
            return .array(elements)
        case UInt8(ascii: "\""): return .string(string())
        case UInt8(ascii: "t"): offset += 4; return .bool(true)
        case UInt8(ascii: "f"): offset += 5; return .bool(false)
        case UInt8(ascii: "n"): offset += 4; return .null
        default:
            let start = offset
            while offset < bytes.count, Self.numberBytes.contains(bytes[offset]) { offset += 1 }
            return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
        }
    }

    /// Skips a ',' between members or elements; false (and skips it) at `close`.
    private mutating func take(until close: UInt8) -> Bool {
        skipSpace()
        if bytes[offset] == close { offset += 1; return false }
        if bytes[offset] == UInt8(ascii: ",") { offset += 1 }
        return true
    }

    /// A string token, unescaped (by `JSONDecoder` where it has escapes).
    private mutating func string() -> String {
        let start = offset
        offset += 1
        var escaped = false
        while bytes[offset] != UInt8(ascii: "\"") {
            if bytes[offset] == UInt8(ascii: "\\") { escaped = true; offset += 1 }
            offset += 1
        }
        offset += 1
        guard escaped else { return String(decoding: bytes[start + 1..<offset - 1], as: UTF8.self) }
        return (try? JSONDecoder().decode(String.self, from: Data(bytes[start..<offset]))) ?? ""
    }

    private mutating func skipSpace() {
        while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
    }

    private static let numberBytes = Set("-+.eE0123456789".utf8)
}
