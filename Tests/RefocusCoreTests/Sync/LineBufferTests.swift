import RefocusCore
import Testing
import RefocusFeatures

/// The byte buffers under a side: a text already in the synced form is
/// taken whole, anything else is sorted, repeats and empty lines dropped;
/// either way the same lines as a set of strings would give.
struct LineBufferTests {
    @Test(arguments: [
        "", "\n", "a.com\n", "a.com\nb.com\n", "b.com\na.com\n", "a.com\na.com\n", "a.com\n\nb.com\n", "a.com\nb.com",
        "a.com\nb.com\n\n", "b.com\n" + (0..<300).map { "n\($0).example\n" }.joined(), "é.example\ne.example\n",
    ])
    func aBaseCopyReadsAsItsDistinctLines(_ text: String) {
        let expected = Set(text.split(separator: "\n").map(String.init))
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(SyncedLines(trusted: text).lines == expected)
    }

    @Test(arguments: ["", "a.com\n", "b.com\na.com\n", "a.com\na.com\n", "a.com\nb.com", "a.com\n\n"])
    func aRemoteTextReadsTheSameWithKnownLines(_ text: String) {
        let known = SyncedLines(["a.com", "b.com"])
        #expect(SyncedListText(parsing: text, known: [known]) == SyncedListText(parsing: text))
    }

    @Test func aLocalFileOutOfOrderFindsItsKnownLines() throws {
        // More than 64 lines out of the base's order: the finder indexes the base.
        let names = (0..<300).map { "n\($0).example" }
        let base = SyncedLines(names)
        let text = (names.reversed() + ["Extra.example", "n5.example", "# note", ""]).joined(separator: "\n") + "\n"
        let lines = try LocalListLines(parsing: text, source: "w.domains", known: [base])
        let list = try ListText<BlockEntry>(parsing: text, source: "w.domains")
        #expect(lines.entries.entries == list.items)
        #expect(lines.entries == SyncedLines(list.items))
    }
}
