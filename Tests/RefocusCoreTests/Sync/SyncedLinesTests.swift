import RefocusCore
import Testing
import RefocusFeatures

/// A side as canonical texts: byte order, byte-exact lookups, and the
/// synced text in the entries' order.
struct SyncedLinesTests {
    static let mixed = [
        "zeta.org", "192.0.2.1", "a.com/x", "a.com-b.org", "2001:db8::/32", "a.com", "10.0.0.0/8",
        "en.wikipedia.org/wiki/Special:Random", "a.com/a", "xn--bcher-kva.example", "a.com-b.org/y",
    ]

    @Test func rendersAsTheEntriesSort() throws {
        let entries = try Self.mixed.map { try BlockEntry(parsing: $0) }
        let lines = SyncedLines(Self.mixed.shuffled() + Self.mixed)
        #expect(lines.count == Self.mixed.count)
        #expect(lines.lines == Self.mixed.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(lines.render() == SyncedListText.render(entries))
        #expect(lines.entries == Set(entries))
    }

    @Test func findsLinesByTheirBytesOnly() {
        let lines = SyncedLines(["a.com", "example.com/a;b"])
        #expect(lines.contains("a.com") && lines.contains("example.com/a;b"))
        #expect(!lines.contains("a.co") && !lines.contains("a.com.") && !lines.contains(""))
        // U+037E is canonically equivalent to ";": equal as Swift strings, not as bytes.
        #expect("example.com/a\u{037E}b" == "example.com/a;b")
        #expect(!lines.contains("example.com/a\u{037E}b"))
        #expect(lines != SyncedLines(["a.com", "example.com/a\u{037E}b"]))
    }

    @Test func subtractsInOnePass() {
        let old = SyncedLines(["a.com", "b.com", "c.com"])
        let new = SyncedLines(["b.com", "d.com", "a.com"])
        #expect(new.subtracting(old) == ["d.com"])
        #expect(old.subtracting(new) == ["c.com"])
    }

    @Test func aBaseCopyIsTakenAsWritten() {
        let base = SyncedLines(trusted: "b.com\na.com\n\na.com\n")
        #expect(base.lines == ["a.com", "b.com"])
    }
}

/// Lookups in order (the next line) and in any order (by halves), by bytes.
struct SyncedLinesFinderTests {
    @Test func findsInAnyOrderByBytes() {
        let texts = (0..<500).map { "n\($0).example" } + ["example.com/a;b"]
        let sorted = SyncedLines(texts)
        var finder = SyncedLines.Finder(sorted)
        let inOrder = sorted.lines.map { finder.find($0) }
        let reversed = texts.reversed().map { finder.find($0) }
        let missing = (0..<200).map { finder.find("m\($0).example") }
        #expect(inOrder.allSatisfy { $0 } && reversed.allSatisfy { $0 } && !missing.contains(true))
        let equivalent = finder.find("example.com/a\u{037E}b")
        let exact = finder.find("example.com/a;b")
        #expect(!equivalent && exact)
    }
}
