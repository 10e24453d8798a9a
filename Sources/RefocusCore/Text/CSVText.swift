/// CSV as RFC 4180 writes it: records of fields separated by commas, each
/// record ended by CRLF. A field holding a comma, a double quote, CR or LF
/// is put between double quotes, its double quotes doubled; any other field
/// is written as is (an empty field stays empty). Python's `csv` module,
/// spreadsheets and strict RFC 4180 parsers read it alike.
///
/// For `refocus history --csv`. Pure text: the caller chooses the fields
/// and their order, and writes the header as the first record.
package enum CSVText {
    /// The record separator RFC 4180 names: CR LF.
    package static let lineEnd = "\r\n"

    /// `field` as a CSV field: quoted when it must be, else unchanged.
    package static func field(_ field: String) -> String {
        guard field.utf8.contains(where: needsQuotes) else { return field }
        var bytes: [UInt8] = [.quote]
        bytes.reserveCapacity(field.utf8.count + 2)
        for byte in field.utf8 {
            if byte == .quote { bytes.append(.quote) }
            bytes.append(byte)
        }
        bytes.append(.quote)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One record: `fields`, each quoted as `field(_:)` does, joined by
    /// commas and ended by CRLF. A record of one empty field is written
    /// `""`, so that it is not an empty line (which readers skip).
    package static func record(_ fields: [String]) -> String {
        if fields == [""] { return "\"\"" + lineEnd }
        return fields.map(field).joined(separator: ",") + lineEnd
    }

    /// Whether a field holding `byte` must be quoted.
    private static func needsQuotes(_ byte: UInt8) -> Bool {
        switch byte {
        case .comma, .quote, .carriageReturn, .lineFeed: true
        default: false
        }
    }
}

private extension UInt8 {
    static let comma = UInt8(ascii: ",")
    static let quote = UInt8(ascii: "\"")
    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")
}
