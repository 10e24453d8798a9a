import RefocusCore
import Testing
import RefocusFeatures

/// The synced form: rendering, and reading a remote text line by line.
struct SyncedListTextTests {
    @Test func rendersSortedASCIIWithLF() throws {
        let entries = try ["Bücher.example", "a.com", "192.0.2.1", "zeta.org"].map { try BlockEntry(parsing: $0) }
        #expect(SyncedListText.render(entries) == "a.com\nxn--bcher-kva.example\nzeta.org\n192.0.2.1\n")
        #expect(SyncedListText.render([BlockEntry]()) == "")
    }

    @Test func readsBackWhatItRenders() throws {
        let entries = Set(try ["a.com", "xn--bcher-kva.example", "2001:db8::/32"].map { try BlockEntry(parsing: $0) })
        let text = SyncedListText(parsing: SyncedListText.render(entries))
        #expect(text.entries == entries && text.issues.isEmpty && !text.isHalfWritten)
    }

    /// A bad line and the word its reason must contain.
    @Test(arguments: [
        ("com", "single label"),
        ("co.uk", "public suffix"),
        ("exa mple.com", "bad characters"),
        ("bücher.example", "bad characters"),
        ("https://example.com/path", "URL"),
        ("example.com/a/", "write it as example.com/a"),
        ("https://example.com", "path"),
        ("Example.com", "write it as example.com"),
        ("# a comment", "comment"),
        ("", "empty line"),
        ("-bad-.com", "-bad-.com"),
    ])
    func reportsAndSkipsBadLines(_ line: String, _ reason: String) {
        let text = SyncedListText(parsing: "a.com\n\(line)\nz.org\n")
        #expect(text.entries.map(\.description).sorted() == ["a.com", "z.org"])
        #expect(text.issues.count == 1)
        #expect(text.issues.first?.line == 2)
        #expect(text.issues.first?.text == line)
        #expect(text.issues.first?.reason.contains(reason) == true, "\(text.issues)")
    }

    @Test func missingFinalNewlineIsHalfWritten() {
        let text = SyncedListText(parsing: "a.com\nb.co")
        #expect(text.isHalfWritten)
        #expect(!SyncedListText(parsing: "").isHalfWritten)
        #expect(!SyncedListText(parsing: "a.com\n").isHalfWritten)
    }
}
