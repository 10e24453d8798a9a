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

/// Reading a remote text with known lines: only the new lines are validated.
struct SyncedListTextKnownLinesTests {
    @Test func knownLinesAreTakenAndOthersChecked() {
        // "com" stands for a line already accepted on this side; "co.uk" is new and refused.
        let text = SyncedListText(parsing: "a.com\nco.uk\ncom\n", known: [SyncedLines(["com"])])
        #expect(text.lines.lines == ["a.com", "com"])
        #expect(text.issues.map(\.line) == [2] && text.issues.first?.reason.contains("public suffix") == true)
    }

    @Test func aLineEquivalentButNotEqualToAKnownOneIsChecked() {
        let known = SyncedLines(["example.com/a;b"])
        let text = SyncedListText(parsing: "example.com/a\u{037E}b\n", known: [known])
        #expect(text.lines.lines.isEmpty)
        #expect(text.issues.first?.reason.contains("bad characters") == true, "\(text.issues)")
    }

    @Test func readsTheSameWithOrWithoutKnownLines() throws {
        let text = "a.com\nExample.com\n\n# x\n192.0.2.1\nyoutube.com/shorts\nco.uk\n"
        let known = SyncedListText(parsing: text, known: [SyncedLines(["a.com", "192.0.2.1", "youtube.com/shorts"])])
        let plain = SyncedListText(parsing: text)
        #expect(known == plain)
        #expect(
            plain.entries == Set(try ["a.com", "192.0.2.1", "youtube.com/shorts"].map { try BlockEntry(parsing: $0) }))
    }
}
