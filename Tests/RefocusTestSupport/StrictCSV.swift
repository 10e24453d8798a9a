/// Test support: a strict RFC 4180 reader, to check what `refocus history
/// --csv` writes without trusting the writer. Every record ends with CRLF;
/// a field is either between double quotes (its quotes doubled) or holds no
/// double quote, comma, CR or LF. Anything else is refused.
public enum StrictCSV {
    /// Why the text is not RFC 4180 CSV, with the byte offset.
    public struct Refusal: Error, CustomStringConvertible {
        public let offset: Int
        public let reason: String
        public var description: String { "not RFC 4180 at byte \(offset): \(reason)" }
    }

    /// The records of `text`, each a list of fields.
    public static func records(_ text: String) throws(Refusal) -> [[String]] {
        let bytes = Array(text.utf8)
        var records: [[String]] = [], fields: [String] = [], index = 0
        let (quote, comma, cr, lf) = (UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "\r"), UInt8(ascii: "\n"))
        while index < bytes.count {
            var field: [UInt8] = []
            if bytes[index] == quote {
                index += 1
                while true {
                    guard index < bytes.count else {
                        throw Refusal(offset: index, reason: "a quoted field is not closed")
                    }
                    if bytes[index] == quote {
                        guard index + 1 < bytes.count, bytes[index + 1] == quote else { index += 1; break }
                        index += 1
                    }
                    field.append(bytes[index])
                    index += 1
                }
            } else {
                while index < bytes.count, ![comma, cr].contains(bytes[index]) {
                    guard ![quote, lf].contains(bytes[index]) else {
                        throw Refusal(offset: index, reason: "a quote or a bare LF in an unquoted field")
                    }
                    field.append(bytes[index])
                    index += 1
                }
            }
            fields.append(String(decoding: field, as: UTF8.self))
            guard index < bytes.count else { throw Refusal(offset: index, reason: "the last record has no CRLF") }
            if bytes[index] == comma {
                index += 1
            } else if bytes[index] == cr, index + 1 < bytes.count, bytes[index + 1] == lf {
                records.append(fields)
                fields = []
                index += 2
            } else {
                throw Refusal(offset: index, reason: "a field is followed by neither a comma nor CRLF")
            }
        }
        return records
    }
}
