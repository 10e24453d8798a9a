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
        text.setTable("presets.morning", to: [("lists", TOMLText.array(["work"])), ("length", "\"3h\""),
                                              ("label", TOMLText.string("thesis"))])
        #expect(text.text == """
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
        #expect(text.text.hasSuffix("[presets.evening]\nlabel = \"reading\"\n\n[presets.night]\nlists = [\"video\"]\nlength = \"1h\"\n"))
        text.removeTable("presets.night")
        text.removeTable("presets.morning")
        #expect(text.text == """
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
        #expect(text.line(ofKey: "length", in: "presets.morning") == 12)
        #expect(text.line(ofKey: "label", in: "presets.evening") == 16)
        #expect(text.line(ofKey: "lists", in: "defaults") == 3)
        #expect(text.line(ofKey: "nope", in: "defaults") == nil)
        #expect(text.body(of: "presets.none") == nil)
    }

    @Test(arguments: [("plain", "\"plain\""), ("say \"hi\"", #""say \"hi\"""#), ("a\\b", #""a\\b""#),
                      ("tab\there", #""tab\there""#), ("bell\u{7}", #""bell\u0007""#), ("café", "\"café\"")])
    func stringsAreQuoted(text: String, quoted: String) {
        #expect(TOMLText.string(text) == quoted)
    }

    /// Headers on which TOMLKit's parser (toml++ 3.4.0) aborted the process, found by fuzzing
    /// (`make fuzz`, target policy), and their neighbours, which it reads or refuses itself.
    @Test(arguments: [
        ("[=]", 1), ("[[[x]]]", 1), ("a = 1\n[\nb = 2\n", 2), ("[ #comment\n", 1), ("\u{FEFF}[.a]", 1),
        ("[\r\nx = 1\r\n", 1), ("[[ !]]", 1), ("[\r", 1),
        ("[a]", nil), ("[ \"q\" ]", nil), ("[[a.b]]", nil), ("[]", nil), ("[", nil), ("[ [x]]", nil),
        ("a = [\n[{b = 1}],\n]\n", nil), ("s = '''\n[=\n'''\n", nil), ("# [=]\n", nil),
    ] as [(String, Int?)])
    func headersWithoutAName(text: String, line: Int?) {
        #expect(TOMLText(text).headerWithoutName == line)
    }

    /// Values on which TOMLKit's parser aborted the process (found by fuzzing): an array element
    /// that starts with `}`, a malformed date; and their neighbours, which it reads or refuses itself.
    @Test(arguments: [
        ("a = [}", 1), ("a = [\n  1,\n  # c\n  }\n]\n", 4), ("a = [{ b = [2, }] }]", 1), ("x = 1\na = [ [ } ] ]", 2),
        ("x = 1979-05-27T&7", 1), ("x = 07:32:00", 1), ("a = [1, 2000-01-01]", 1), ("t = { d = 1979-05-27 }", 1),
        ("a = [\"}\"]", nil), ("a = { b = [1], }", nil), ("a = '''\n[}\n'''\n", nil), ("a = [1] # [}", nil),
        ("n = -5", nil), ("n = 1_000", nil), ("s = \"1979-05-27\"", nil), ("f = 1e-5", nil), ("[t]\n\"k=\" = 1\n", nil),
    ] as [(String, Int?)])
    func valuesThatStartAsTOMLKitAssumes(text: String, line: Int?) {
        #expect(TOMLText(text).badValueStart?.number == line)
    }

    /// A `\r` ends a line only before a `\n`: at the very end it stays, in the lines and the text.
    @Test func aLastCarriageReturnWithoutALineFeedStays() {
        #expect(TOMLText("a = 1\r").lines == ["a = 1\r"])
        #expect(TOMLText("a = 1\r").text == "a = 1\r")
        #expect(TOMLText("a = 1\r\n").lines == ["a = 1"])
    }

    /// A NUL byte, where TOMLKit's parser stopped reading without a word (found by fuzzing), comes first.
    @Test func aNulByteIsUnreadable() {
        #expect(TOMLText("a = 1\nb = \"x\u{0}\"\n[=]\n").unreadableLine?.number == 2)
        #expect(TOMLText("a = 1\n[=]\n").unreadableLine?.number == 2)
        #expect(TOMLText("a = 1\n").unreadableLine == nil)
    }
}
