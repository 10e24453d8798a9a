import RefocusCore
import Testing
import RefocusFeatures

/// A local `.domains` file read and edited line by line: the same lines,
/// errors and edits as `ListText`, with known lines not parsed again.
struct LocalListLinesTests {
    static let texts = [
        "", "\n", "a.com\n", "a.com", "# mine\nzeta.example  # last\n\n  Reddit.com\n",
        "one.example\r\ntwo.example\r\n", "dup.example\ndup.example\n# été\nbücher.example # ok\n",
        "https://old.reddit.com/r/x\n192.0.2.1\n2001:db8::/32\nyoutube.com/shorts\n",
        "one.example\r\nzeta.example\r", "a.com\r\n\r\n# x\r",
    ]

    @Test(arguments: texts)
    func readsAndEditsAsListTextDoes(_ text: String) throws {
        let list = try ListText<BlockEntry>(parsing: text, source: "work.domains")
        let lines = try LocalListLines(parsing: text, source: "work.domains", known: [])
        #expect(lines.entries.entries == list.items)
        let target = try ["a.com", "new.example", "192.0.2.9", "zeta.example"].map { try BlockEntry(parsing: $0) }
        let expected = list.editing(
            adding: Array(Set(target).subtracting(list.items)), removing: list.items.subtracting(target))
        #expect(lines.editing(to: SyncedLines(target)) == expected)
    }

    @Test func refusesBadLinesAsListTextDoes() throws {
        let text = "a.com\ncom\nexa mple.com\n"
        let expected = #expect(throws: ListError.self) { try ListText<BlockEntry>(parsing: text, source: "w.domains") }
        let thrown = #expect(throws: ListError.self) {
            try LocalListLines(parsing: text, source: "w.domains", known: [SyncedLines(["a.com"])])
        }
        #expect(thrown?.description == expected?.description && thrown != nil)
    }

    @Test func aKnownLineIsNotParsedAgain() throws {
        // "com" is a public suffix: refused unless it is one of the known lines.
        #expect(throws: ListError.self) { try LocalListLines(parsing: "com\n", source: "w.domains", known: []) }
        let lines = try LocalListLines(parsing: "com\n", source: "w.domains", known: [SyncedLines(["com"])])
        #expect(lines.entries.lines == ["com"])
    }
}
