import RefocusTestSupport
import Testing

@testable import RefocusCore

/// RFC 4180 fields and records as `refocus history --csv` writes them:
/// quoted only when they hold a comma, a double quote, CR or LF, double
/// quotes doubled, records ended by CRLF.
@Suite struct CSVTextTests {
    @Test(arguments: [
        ("", ""),
        ("plain", "plain"),
        ("social;news", "social;news"),
        ("2020-05-10T09:00:00Z", "2020-05-10T09:00:00Z"),
        ("  spaces kept  ", "  spaces kept  "),
        ("thesis, chapter 2", #""thesis, chapter 2""#),
        (#"the "big" one"#, #""the ""big"" one""#),
        (#"""#, #""""""#),
        (#""quoted, and more""#, #""""quoted, and more""""#),
        ("two\nlines", "\"two\nlines\""),
        ("cr\ronly", "\"cr\ronly\""),
        ("crlf\r\n", "\"crlf\r\n\""),
        ("25m/5m x4, 15m long break", #""25m/5m x4, 15m long break""#),
        ("tab\there", "tab\there"),
        ("é € 😀", "é € 😀"),
        ("'single' quotes", "'single' quotes"),
    ])
    func quotesOnlyWhatMustBeQuoted(field: String, written: String) throws {
        #expect(CSVText.field(field) == written)
        #expect(try StrictCSV.records(CSVText.record([field, field])) == [[field, field]], "read back strictly")
    }

    @Test func aRecordIsItsFieldsJoinedByCommasAndEndedByCRLF() throws {
        #expect(CSVText.record(["id", "label", "lists"]) == "id,label,lists\r\n")
        #expect(CSVText.record(["1", #"a, "b""#, ""]) == "1,\"a, \"\"b\"\"\",\r\n")
        #expect(CSVText.record(["", ""]) == ",\r\n")
        #expect(CSVText.record([""]) == "\"\"\r\n", "one empty field is not an empty line")
        #expect(CSVText.record([]) == "\r\n")
        #expect(try StrictCSV.records(CSVText.record([""])) == [[""]])
    }
}
