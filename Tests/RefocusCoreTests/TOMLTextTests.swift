import Testing
@testable import RefocusCore

/// Changing one table of a person's config.toml keeps every other byte:
/// comments, blank lines, other tables, key order, CRLF, a missing final newline.
@Suite struct TOMLTextTests {
    static let config = """
        # My ReFocus settings.
        [defaults]
        lists = ["social"]   # the usual
        length = "25m"

        # Mornings.
        [presets.morning]
        lists = [
          "social",   # friends
          "news",
        ]
        length = "2h"
        lock = true

        [presets.evening]
        label = "reading"

        """

    @Test func aTableIsSetInPlaceKeepingCommentsAndOrder() {
        var text = TOMLText(Self.config)
        text.setTable(
            "presets.morning",
            to: [
                ("lists", TOMLText.array(["work"])), ("length", "\"3h\""),
                ("label", TOMLText.string("thesis")),
            ])
        #expect(
            text.text == """
                # My ReFocus settings.
                [defaults]
                lists = ["social"]   # the usual
                length = "25m"

                # Mornings.
                [presets.morning]
                lists = ["work"]
                length = "3h"
                label = "thesis"

                [presets.evening]
                label = "reading"

                """)
    }

    @Test func aMissingTableIsAddedAtTheEndAndARemovedOneLeavesTheRest() {
        var text = TOMLText(Self.config)
        text.setTable("presets.night", to: [("lists", TOMLText.array(["video"])), ("length", "\"1h\"")])
        #expect(
            text.text.hasSuffix(
                "[presets.evening]\nlabel = \"reading\"\n\n[presets.night]\nlists = [\"video\"]\nlength = \"1h\"\n"))
        text.removeTable("presets.night")
        text.removeTable("presets.morning")
        #expect(
            text.text == """
                # My ReFocus settings.
                [defaults]
                lists = ["social"]   # the usual
                length = "25m"

                [presets.evening]
                label = "reading"

                """)
    }

    @Test(arguments: [
        ("a = 1\r\n[t]\r\nb = 2\r\n", "a = 1\r\n[t]\r\nb = 3\r\n"),
        ("[t]\nb = 2", "[t]\nb = 3"),
        ("", "[t]\nb = 3\n"),
        ("[t] # trailing comment\nb = 2 # old\n", "[t] # trailing comment\nb = 3\n"),
        ("[\"t\"]\nb = \"\"\"\nmulti [\nline\n\"\"\"\nc = 1\n", "[\"t\"]\nb = 3\n"),
    ])
    func lineEndingsQuotingAndMultiLineValuesAreKept(before: String, after: String) {
        var text = TOMLText(before)
        text.setTable("t", to: [("b", "3")])
        #expect(text.text == after)
    }

    @Test func keysAreFoundWithTheirLines() {
        let text = TOMLText(Self.config)
        let keys = { (table: String) in
            text.body(of: table).map { text.keys(in: $0).map { "\($0.key)@\($0.lines.lowerBound + 1)" } }
        }
        #expect(keys("presets.morning") == ["lists@8", "length@12", "lock@13"])
        #expect(keys("presets.evening") == ["label@16"])
        #expect(keys("defaults") == ["lists@3", "length@4"])
        #expect(keys("presets.none") == nil)
    }

    @Test(arguments: [
        ("plain", "\"plain\""), ("say \"hi\"", #""say \"hi\"""#), ("a\\b", #""a\\b""#),
        ("tab\there", #""tab\there""#), ("bell\u{7}", #""bell\u0007""#), ("café", "\"café\""),
    ])
    func stringsAreQuoted(text: String, quoted: String) {
        #expect(TOMLText.string(text) == quoted)
    }

    /// A `\r` ends a line only before a `\n`: at the very end it stays, in the lines and the text.
    @Test func aLastCarriageReturnWithoutALineFeedStays() {
        #expect(TOMLText("a = 1\r").lines == ["a = 1\r"])
        #expect(TOMLText("a = 1\r").text == "a = 1\r")
        #expect(TOMLText("a = 1\r\n").lines == ["a = 1"])
    }
}
