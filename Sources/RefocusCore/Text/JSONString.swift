/// JSON string literals, written and read. Written as `JSONEncoder` writes
/// them with `.withoutEscapingSlashes`: `"` and `\` after a backslash, the
/// control characters below U+0020 as `\b`, `\f`, `\n`, `\r`, `\t` or
/// `\u00XX` (lower-case hex), everything else as is.
///
/// For `refocus status --format waybar`, which a status bar runs every
/// second: its one object of four strings costs this next to nothing, where
/// `JSONEncoder` costs the run the Swift runtime's first look-ups of the
/// conformances its generic code asks for (`refocus-bench daemon` times
/// the status line).
package enum JSONString {
    /// `text` between double quotes, escaped.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20: bytes += Array("\\u00".utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The byte a one-letter escape after a backslash stands for (`n` for
    /// LF, `/` for itself), or nil: `u` starts four hex digits instead, and
    /// any other byte is no escape.
    package static func unescaped(_ escape: UInt8) -> UInt8? {
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escape
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
