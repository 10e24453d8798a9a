import Testing
@testable import RefocusCore

@Suite struct ListTextTests {
    @Test func parsesEntriesCommentsAndBlankLines() throws {
        let text = """
            # my list
            reddit.com
              Example.ORG   # trailing comment

            https://news.ycombinator.com/news
            192.0.2.0/24
            reddit.com

            """
        let list = try ListText<BlockEntry>(parsing: text, source: "work.domains")
        #expect(
            list.items.map(\.description).sorted()
                == ["192.0.2.0/24", "example.org", "news.ycombinator.com", "reddit.com"])
        #expect(list.lines.count == 7)
    }

    @Test func badLinesAreAllReportedWithNumbers() {
        let text = "reddit.com\nco.uk\n\nexa mple.com # x\nok.example\n"
        #expect {
            try ListText<BlockEntry>(parsing: text, source: "work.domains")
        } throws: { error in
            guard case ListError.badLines(let source, let issues)? = error as? ListError else { return false }
            return source == "work.domains" && issues.map(\.line) == [2, 4]
                && issues[0].text == "co.uk" && issues[0].reason.contains("public suffix")
                && issues[1].text == "exa mple.com # x"
        }
    }

    @Test func renderIsSortedAndRoundTrips() throws {
        let items = try ["b.example", "10.0.0.1", "a.example", "a.example", "::1"].map { try BlockEntry(parsing: $0) }
        let text = ListText<BlockEntry>.render(items)
        #expect(text == "a.example\nb.example\n10.0.0.1\n::1\n")
        let reparsed = try ListText<BlockEntry>(parsing: text, source: "x")
        #expect(ListText<BlockEntry>.render(reparsed.items) == text)
        #expect(ListText<BlockEntry>.render([BlockEntry]()) == "")
    }

    @Test func addingKeepsCommentsAndOrderAndAppendsSorted() throws {
        let text = "# work\nzeta.example # keep me\n\nalpha.example\n"
        let list = try ListText<BlockEntry>(parsing: text, source: "x")
        let added = try ["mid.example", "alpha.example", "beta.example"].map { try BlockEntry(parsing: $0) }
        #expect(
            list.editing(adding: added)
                == "# work\nzeta.example # keep me\n\nalpha.example\nbeta.example\nmid.example\n")
    }

    @Test func removingDropsOnlyThoseLines() throws {
        let text = "# work\nzeta.example # gone with its comment\nalpha.example\n# end\n"
        let list = try ListText<BlockEntry>(parsing: text, source: "x")
        let removed: Set = [try BlockEntry(parsing: "zeta.example")]
        #expect(list.editing(removing: removed) == "# work\nalpha.example\n# end\n")
    }

    @Test func editingATextWithoutFinalNewline() throws {
        let list = try ListText<BlockEntry>(parsing: "a.example", source: "x")
        #expect(list.editing(adding: [try BlockEntry(parsing: "b.example")]) == "a.example\nb.example\n")
        #expect(try ListText<BlockEntry>(parsing: "", source: "x").editing(adding: []) == "")
    }

    @Test func crlfListsParse() throws {
        let list = try ListText<BlockEntry>(parsing: "a.example\r\nb.example\r\n", source: "x")
        #expect(list.items.count == 2)
    }

    static let programs: [(String, Bool)] = [
        ("discord", true), ("Discord", true), ("telegram-desktop", true), ("steamwebhelper", true),
        ("", false), (".", false), ("..", false), ("/usr/bin/steam", false), ("my game", false),
        ("a#b", false), ("tab\tname", false), (String(repeating: "x", count: 255), true),
        (String(repeating: "x", count: 256), false),
    ]

    @Test(arguments: programs)
    func programNames(_ name: String, valid: Bool) {
        #expect(((try? ProgramName(name)) != nil) == valid)
    }

    @Test func programPathErrorSuggestsTheBaseName() {
        #expect {
            try ProgramName("/usr/bin/steam")
        } throws: { error in
            "\(error)".contains("try: steam")
        }
    }

    static let listNames: [(String, Bool)] = [
        ("social", true), ("work-2", true), ("a_b", true), ("0day", true),
        (String(repeating: "a", count: 64), true), (String(repeating: "a", count: 65), false),
        ("", false), ("Social", false), ("-x", false), ("_x", false), ("a.b", false), ("a/b", false),
        ("../etc", false), ("naïve", false),
    ]

    @Test(arguments: listNames)
    func blockListNames(_ name: String, valid: Bool) {
        #expect(((try? BlockListName(name)) != nil) == valid)
    }
}
