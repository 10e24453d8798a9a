/// The members of one JSON object, each key with where its value lies in
/// the bytes, without decoding the values: how the CLI finds the `focus`
/// member of an answer of megabytes and hands the rest, a few hundred
/// bytes, to `JSONDecoder`.
///
/// A skim, not a validator: it follows strings (with their escapes),
/// nesting and literals far enough to find where each value ends, and
/// returns nil for anything it cannot follow (not an object, an unclosed
/// string, a key with an escape in it, nesting deeper than
/// `maximumDepth`), so that the caller falls back to the full decoder and
/// its error messages. The values themselves are checked by whoever reads
/// them.
struct JSONMembers {
    /// Deeper nesting than this is not followed (the answer nests four deep).
    static let maximumDepth = 64

    /// The object's members, in their order.
    let members: [(key: String, value: Range<Int>)]
    /// Where the object ends (just after its `}`).
    let end: Int

    /// The object that starts at or after `start` in `bytes` (white space
    /// before it skipped), or nil when `bytes` holds none that this skim can follow.
    init?(_ bytes: UnsafeRawBufferPointer, from start: Int = 0) {
        var reader = Reader(bytes: bytes, index: start)
        reader.skipWhiteSpace()
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var members: [(key: String, value: Range<Int>)] = []
        reader.skipWhiteSpace()
        if !reader.take(UInt8(ascii: "}")) {
            repeat {
                reader.skipWhiteSpace()
                guard let key = reader.plainString() else { return nil }
                reader.skipWhiteSpace()
                guard reader.take(UInt8(ascii: ":")) else { return nil }
                reader.skipWhiteSpace()
                let valueStart = reader.index
                guard reader.skipValue(depth: 0) else { return nil }
                members.append((key, valueStart..<reader.index))
                reader.skipWhiteSpace()
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")) else { return nil }
        }
        self.members = members
        end = reader.index
    }

    /// The value of the last member named `key` (as a decoder reads a repeated key), or nil.
    func value(of key: String) -> Range<Int>? {
        members.last { $0.key == key }?.value
    }

    /// A cursor over the bytes.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index: Int

        mutating func skipWhiteSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                || bytes[index] == 0x09
            {
                index += 1
            }
        }

        /// Moves past `byte` when it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string without escapes (a key), or nil.
        mutating func plainString() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            return text
        }

        /// Moves past one value of any kind; false when it does not end.
        mutating func skipValue(depth: Int) -> Bool {
            guard index < bytes.count, depth < JSONMembers.maximumDepth else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                index += 1
                skipWhiteSpace()
                if take(close) { return true }
                repeat {
                    skipWhiteSpace()
                    if close == UInt8(ascii: "}") {
                        guard skipString() else { return false }
                        skipWhiteSpace()
                        guard take(UInt8(ascii: ":")) else { return false }
                        skipWhiteSpace()
                    }
                    guard skipValue(depth: depth + 1) else { return false }
                    skipWhiteSpace()
                } while take(UInt8(ascii: ","))
                return take(close)
            default:
                // A number or a literal: its characters up to what ends it.
                let start = index
                while index < bytes.count, Self.isScalarByte(bytes[index]) { index += 1 }
                return index > start
            }
        }

        /// Moves past a string, escapes and all.
        mutating func skipString() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                case UInt8(ascii: "\\"):
                    index += 2
                default:
                    index += 1
                }
            }
            return false
        }

        /// Whether `byte` can be part of a number or of `true`, `false`, `null`.
        private static func isScalarByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "+"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "E"):
                true
            default: false
            }
        }
    }
}
