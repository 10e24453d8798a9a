import Testing
@testable import RefocusCore

/// Texts that are not TOML 1.0.0, refused with the line of the problem and
/// a reason a person acts on: syntax, strings, numbers, dates, encoding.
@Suite struct TOMLErrorTests {
    /// The error `text` gives; nil when it reads.
    static func error(_ text: String) -> TOMLError? {
        error(Array(text.utf8))
    }

    static func error(_ bytes: [UInt8]) -> TOMLError? {
        do {
            _ = try TOMLTable(parsing: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("[=]", 1, "a table header needs a name, such as [name] or [[name]]; found '='"),
        ("# mine\n[[[presets.x]]]\n", 2, "a table header needs a name, such as [name] or [[name]]; found '['"),
        (
            "[defaults]\nnotify = true\n[\n", 3,
            "a table header needs a name, such as [name] or [[name]]; found the end of the line"
        ),
        ("[]", 1, "a table header needs a name"), ("[ [a]]", 1, "a table header needs a name"),
        ("[.a]", 1, "needs a name"),
        ("[a", 1, "expected ']' to end the header [a, found the end of the file"),
        ("[[a]\n", 1, "expected ']]' to end the header [[a, found the end of the line"),
        ("[a]]", 1, "expected the end of the line after the table header, found ']'"),
        ("[a.]", 1, "expected a key (letters, digits, '_' and '-', or a name in quotes), found ']'"),
        ("[a..b]", 1, "expected a key"), ("[a b]", 1, "expected ']' to end the header [a, found 'b'"),
        ("[a]\nx = 1 [b]", 2, "expected the end of the line after the value of x, found '['"),
        ("a", 1, "expected '=' after the key a, found the end of the file"),
        ("a b = 1", 1, "expected '=' after the key a, found 'b'"),
        (
            "a =", 1,
            "expected a value (a string in quotes, a number, true, false, an array or an inline table), found the end of the file"
        ),
        ("a = # none", 1, "expected a value"), ("a =\n1", 1, "found the end of the line"),
        ("= 1", 1, "expected a key, a [table] header or a comment, found '='"),
        ("a = 1 b = 2", 1, "expected the end of the line after the value of a, found 'b'"),
        ("a = 1\n\nb", 3, "expected '=' after the key b"),
        ("\"\"\"k\"\"\" = 1", 1, "a key cannot be a multi-line string"),
        ("a.'''b''' = 1", 1, "a key cannot be a multi-line string"),
        ("\"a\nb\" = 1", 1, "a string must end on the line it starts on"),
        ("a = [1, 2", 1, "an array is not closed: end it with ']'"), ("a = [\n1,\n2,\n", 1, "an array is not closed"),
        ("a = [1\n2]", 2, "expected ',' or ']' after an element of the array, found '2'"),
        (
            "a = [,]", 1,
            "expected a value (a string in quotes, a number, true, false, an array or an inline table), found ','"
        ),
        ("a = [1,,2]", 1, "found ','"),
        (
            "[defaults]\nlists = [\n  \"work\",\n}\n", 4,
            "expected a value (a string in quotes, a number, true, false, an array or "
                + "an inline table), found '}'"
        ),
        ("a = {b = 1", 1, "an inline table is not closed: end it with '}'"),
        ("a = {b = 1,}", 1, "a comma after the last value of an inline table; remove it"),
        (
            "a = {\nb = 1}", 1,
            "expected a key in the inline table, found the end of the line; an inline table must end on the line "
                + "it starts on (or write a [table])"
        ),
        ("a = {b = 1\n}", 1, "expected ',' or '}' in the inline table, found the end of the line"),
        ("a = {b = 1 # c\n}", 1, "expected ',' or '}' in the inline table, found '#'"),
        ("a = {b = 1 c = 2}", 1, "expected ',' or '}' after a value of the inline table, found 'c'"),
        ("a = {,}", 1, "expected a key in the inline table, found ','"),
        ("a = {b}", 1, "expected '=' after the key b, found '}'"),
    ])
    func syntax(text: String, line: Int, reason: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line && error.reason.contains(reason), "\(error)")
    }

    @Test(arguments: [
        (
            "a = \"unterminated\nb = 1", 1,
            "a string must end on the line it starts on: close it there, or open it with \"\"\" to span lines"
        ),
        ("a = \"x", 1, "a string is not closed: end it with \" on its line"),
        (
            "a = 'x\n'", 1,
            "a string must end on the line it starts on: close it there, or open it with ''' to span lines"
        ),
        ("\na = \"\"\"\nnever\n", 2, "a multi-line string is not closed: end it with \"\"\""),
        ("a = '''\nx", 1, "a multi-line string is not closed: end it with '''"),
        ("a = \"\"\"a\"\"\"\"\"\"", 1, "6 quotes in a row in a multi-line string; three end it"),
        ("a = '''a''''''", 1, "6 quotes in a row"),
        (
            "a = \"\\x41\"", 1,
            "an unknown escape: a backslash before 'x'; a basic string takes \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX and "
                + "\\UXXXXXXXX (write \\\\ for a backslash, or use a 'literal string')"
        ),
        ("a = \"\\e\"", 1, "an unknown escape: a backslash before 'e'"),
        ("a = \"\\ \"", 1, "an unknown escape: a backslash before a space"),
        ("a = \"\"\"\\ x\"\"\"", 1, "an unknown escape: a backslash before a space"),
        ("a = \"\\", 1, "an unknown escape: a backslash before the end of the file"),
        ("a = \"\\uD800\"", 1, "U+D800 is not a Unicode scalar value (a surrogate, or past U+10FFFF)"),
        ("a = \"\\uDFFF\"", 1, "U+DFFF is not a Unicode scalar value"),
        ("a = \"\\U00110000\"", 1, "U+110000 is not a Unicode scalar value"),
        ("a = \"\\u12\"", 1, "\\u takes exactly 4 hexadecimal digits; found '\"'"),
        ("a = \"\\U0001F60\"", 1, "\\U takes exactly 8 hexadecimal digits"),
        ("a = \"\\u+123\"", 1, "\\u takes exactly 4"),
        ("a = \"\u{1}\"", 1, "a control character (U+0001) in a string; write it as \\u0001"),
        ("a = \"\u{7F}\"", 1, "a control character (U+007F) in a string"),
        ("a = 'a\u{0}b'", 1, "a NUL byte in a string; use a \"basic string\" with \\u0000"),
        ("a = '''\u{1B}'''", 1, "a control character (U+001B) in a string"),
        ("a = \"\"\"x\ry\"\"\"", 1, "a carriage return (\\r) without a line feed"),
        ("a = 1 # \u{7}", 1, "a control character (U+0007) in a comment; remove it"),
        ("# \u{7F}", 1, "a control character (U+007F)"),
        ("# a\u{0}", 1, "a NUL byte in a comment"),
        ("a = 1\rb = 2", 1, "a carriage return (\\r) without a line feed after it"),
        ("\u{0}", 1, "expected a key, a [table] header or a comment, found a NUL byte"),
        ("[defaults]\u{0}\n[presets.x]\n", 1, "expected the end of the line after the table header, found a NUL byte"),
        ("\u{0B}", 1, "found a control character (U+000B)"), ("a = 1\n\u{0C}", 2, "found a control character (U+000C)"),
    ])
    func stringsCommentsAndControlCharacters(text: String, line: Int, reason: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == line && error.reason.contains(reason), "\(error)")
    }

    @Test(arguments: [
        ("012", "'012': a number does not start with a zero (leading zeros are not allowed)"),
        ("-012", "leading zeros"),
        ("+00", "leading zeros"), ("03.14", "leading zeros"), ("-01e1", "leading zeros"),
        (
            "9223372036854775808",
            "'9223372036854775808' does not fit a 64-bit integer (-9223372036854775808 to 9223372036854775807)"
        ),
        ("-9223372036854775809", "does not fit a 64-bit integer"),
        ("0x8000000000000000", "does not fit a 64-bit integer"),
        ("99999999999999999999999", "does not fit"),
        ("0b1111111111111111111111111111111111111111111111111111111111111111", "does not fit"),
        ("+0xFF", "'+0xFF': a hexadecimal, octal or binary integer takes no sign"), ("-0o7", "takes no sign"),
        ("+0b1", "takes no sign"),
        ("0XFF", "'0XFF' is not a value TOML knows: write a string in quotes (\"0XFF\"), a number, true or false"),
        ("0x", "is not a value TOML knows"), ("0xG", "is not a value"), ("0b102", "is not a value"),
        ("0o8", "is not a value"),
        ("1__000", "'1__000': an underscore in a number must stand between two digits"), ("1_", "between two digits"),
        ("_1", "is not a value"), ("0x_1", "between two digits"), ("1_.5", "between two digits"),
        ("1._5", "between two digits"),
        ("1e_5", "between two digits"), ("1.", "'1.': a decimal point needs digits on both sides"),
        (".5", "is not a value"),
        ("1.e5", "a decimal point needs digits"), ("1e", "'1e': an exponent needs digits"),
        ("1e+", "an exponent needs digits"),
        ("1.5.3", "is not a value"), ("1e5e5", "is not a value"), ("Inf", "is not a value"), ("NaN", "is not a value"),
        ("infinity", "is not a value"), ("True", "is not a value"), ("hello", "'hello' is not a value TOML knows"),
        ("+", "not a value"),
        ("- 1", "not a value"),
    ])
    func numbersAndBareWords(text: String, reason: String) throws {
        let error = try #require(Self.error("\n  v = \(text)\n"))
        #expect(error.line == 2 && error.column == 7 && error.reason.contains(reason), "\(error)")
    }

    @Test(arguments: [
        (
            "1979-05-27T&7",
            "'1979-05-27T' is not a date or a time as TOML writes them: YYYY-MM-DD, HH:MM:SS (with an optional "
                + "fraction), or YYYY-MM-DDTHH:MM:SS with an optional Z or ±HH:MM"
        ),
        ("1979-02-29", "'1979-02-29' names a date or a time that does not exist"), ("1900-02-29", "does not exist"),
        ("2000-02-30", "does not exist"), ("1979-13-01", "does not exist"), ("1979-00-01", "does not exist"),
        ("1979-01-00", "does not exist"), ("1979-04-31", "does not exist"), ("24:00:00", "does not exist"),
        ("23:60:00", "does not exist"), ("23:59:61", "does not exist"), ("1979-05-27T07:32:00+24:00", "does not exist"),
        ("1979-05-27T07:32:00-07:60", "does not exist"),
        ("07:32", "is not a date or a time"), ("1979-05-27T07:32", "is not a date or a time"),
        ("1979-5-27", "is not a date"),
        ("1979-05-27T07:32:00.", "is not a date"), ("1979-05-27T07:32:00.Z", "is not a date"),
        ("07:32:00Z", "is not a date"),
        ("07:32:00+01:00", "is not a date"), ("1979-05-27T07:32:00+0700", "is not a date"),
        ("1979-05-27T07:32:00+7:00", "is not"),
        ("1979-05-27X07:32:00", "is not a date"), ("1979-05-27T7:32:00", "is not a date"),
        ("10000-01-01", "is not a value"),
        ("1979-05-27 07:32:00 Z", "expected the end of the line after the value of v, found 'Z'"),
        ("1979-05-27 X", "expected the end of the line after the value of v, found 'X'"),
    ])
    func datesAndTimes(text: String, reason: String) throws {
        let error = try #require(Self.error("v = \(text)"))
        #expect(error.line == 1 && error.reason.contains(reason), "\(error)")
    }

    /// Bytes that are not UTF-8 are refused where they stand, in a string, a
    /// key or a comment; a byte-order mark counts only at the very start.
    @Test(
        arguments: [
            ([0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22], 1, "bytes that are not UTF-8 text; save the file as UTF-8"),
            (Array("# caf\u{E9}\n# caf".utf8) + [0xC3, 0x0A], 2, "bytes that are not UTF-8 text"),
            (Array("a = 'x".utf8) + [0xC0, 0xAF, 0x27], 1, "bytes that are not UTF-8 text"),
            (Array("a = \"".utf8) + [0xED, 0xA0, 0x80, 0x22], 1, "bytes that are not UTF-8 text"),
            (Array("a = '''".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("'''".utf8), 1, "bytes that are not UTF-8 text"),
            (Array("a = \"".utf8) + [0xE2, 0x82], 1, "bytes that are not UTF-8 text"),
            (
                [0xFF, 0xFE, 0x61, 0x00], 1,
                "expected a key, a [table] header or a comment, found bytes that are not UTF-8 text"
            ),
            (
                Array("a = 1\n\u{FEFF}b = 2".utf8), 2,
                "expected a key, a [table] header or a comment, found '\u{FEFF}' (U+FEFF)"
            ),
            (
                Array("\u{3000}a = 1".utf8), 1,
                "expected a key, a [table] header or a comment, found '\u{3000}' (U+3000)"
            ),
        ] as [([UInt8], Int, String)])
    func encoding(bytes: [UInt8], line: Int, reason: String) throws {
        let error = try #require(Self.error(bytes))
        #expect(error.line == line && error.reason.contains(reason), "\(error)")
    }

    /// The column counts bytes from the start of the line, from 1.
    @Test func anErrorHasItsColumn() throws {
        let error = try #require(Self.error("a = 1\n  b = [1, 2 3]\n"))
        #expect(
            error
                == TOMLError(
                    line: 2, column: 13, reason: "expected ',' or ']' after an element of the array, found '3'"))
        #expect(error.description == "line 2: expected ',' or ']' after an element of the array, found '3'")
    }

    /// A long bare value is shortened in the message.
    @Test func aLongValueIsShortenedInTheMessage() throws {
        let error = try #require(Self.error("v = " + String(repeating: "x", count: 10_000)))
        #expect(error.reason.hasPrefix("'\(String(repeating: "x", count: 40))…' is not a value"))
        #expect(error.reason.count < 200)
    }
}
