import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// The in-place rewrite's journal: replayed only over the file it was
/// written against, or a torn mix of that file and the new one.
@Suite struct RewriteJournalTests {
    static let old = Array("127.0.0.1 localhost\n# BEGIN refocus\n192.0.2.1 a.example\n# END refocus\n".utf8)
    static let new = Array("127.0.0.1 localhost\n".utf8)

    @Test func roundTripsAndRefusesATruncatedJournal() {
        let journal = RewriteJournal(old: Self.old, new: Self.new)
        #expect(RewriteJournal(bytes: journal.bytes) == journal)
        #expect(RewriteJournal(bytes: Array(journal.bytes.dropLast())) == nil)
        #expect(RewriteJournal(bytes: Array("refocus-hosts-journal 2 0 0\n".utf8)) == nil)
        #expect(RewriteJournal(bytes: []) == nil)
        #expect(RewriteJournal(bytes: RewriteJournal(old: [], new: []).bytes) == RewriteJournal(old: [], new: []))
    }

    @Test func replaysOverTheOldFileOrATornMix() {
        let journal = RewriteJournal(old: Self.old, new: Self.new)
        #expect(journal.replay(over: Self.new) == .done)
        #expect(journal.replay(over: Self.old) == .complete)
        // Written whole, not yet truncated: the new bytes, then the old file's tail.
        #expect(journal.replay(over: Self.new + Self.old[Self.new.count...]) == .complete)
        // Part of the new bytes written over the old ones.
        let growing = RewriteJournal(old: Self.new, new: Self.old)
        #expect(growing.replay(over: Array(Self.old.prefix(10)) + Array(Self.new.dropFirst(10))) == .complete)
        #expect(growing.replay(over: Array(Self.old.prefix(Self.new.count + 5))) == .complete)
    }

    @Test func anotherWritersFileIsNeverOverwritten() {
        let journal = RewriteJournal(old: Self.old, new: Self.new)
        // A container runtime rewrote the file after the crash, with a line of its own.
        let runtime = Array("127.0.0.1 localhost\n172.17.0.9 web\n".utf8)
        #expect(journal.replay(over: runtime) == .stale)
        #expect(journal.replay(over: Self.old + Array("172.17.0.9 web\n".utf8)) == .stale)
        #expect(journal.replay(over: []) == .stale)
    }
}

/// What root's clear removes of a damaged section, and what it keeps.
@Suite struct ManagedSectionSalvageTests {
    @Test(
        arguments: [
            // file, what is left, the lines removed
            ("a\n# BEGIN refocus\n192.0.2.1 x.example\n# END refocus\nb\n", "a\nb\n", [2, 3, 4]),
            (
                "a\n# BEGIN refocus\n192.0.2.1 x.example\n100::1 x.example\n172.17.0.9 web\nb\n",
                "a\n172.17.0.9 web\nb\n", [2, 3, 4]
            ),
            ("a\n# END refocus\nb\n", "a\nb\n", [2]),
            (
                "# BEGIN refocus\n0.0.0.0 old.example\n:: old.example\n# BEGIN refocus\n192.0.2.1 y.example\n# END refocus\nz\n",
                "z\n", [1, 2, 3, 4, 5, 6]
            ),
            (
                "# BEGIN refocus\n192.0.2.1 x.example\n# END refocus\nk\n# BEGIN refocus\n# END refocus\n", "k\n",
                [1, 2, 3, 5, 6]
            ),
            ("a\r\n  # BEGIN refocus \r\n192.0.2.1 x.example\r\nkeep me\r\n", "a\r\nkeep me\r\n", [2, 3]),
            ("a\n# BEGIN refocus\n192.0.2.1 not a name\n", "a\n192.0.2.1 not a name\n", [2]),
            ("no section\n", "no section\n", []),
        ] as [(String, String, [Int])])
    func salvage(file: String, left: String, removed: [Int]) throws {
        let section = try ManagedSection(name: "refocus")
        let salvaged = section.salvage(Array(file.utf8), isOwnLine: HostsSection.isOwnLine)
        #expect(String(decoding: salvaged.text, as: UTF8.self) == left)
        #expect(salvaged.removedLines == removed)
    }
}

/// Stored names are read without the checks that data may change.
@Suite struct StoredDomainTests {
    @Test func aStoredNameThatBecameAPublicSuffixIsStillRead() throws {
        #expect(throws: EntryError.self) { try DomainName(validating: "github.io") }
        #expect(try DomainName(stored: "github.io").ascii == "github.io")
        #expect(try BlockEntry(stored: "github.io") == .domain(try DomainName(stored: "github.io")))
        #expect(try BlockEntry(stored: "10.0.0.0/8").addressRange?.prefixLength == 8)
    }

    @Test(arguments: [
        "", "GitHub.io", "a b.example", "x.example\n1.2.3.4 bank.example", "bücher.de", "single",
        "-a.example", "a..example",
    ])
    func aStoredNameIsStillAHostName(text: String) {
        #expect(throws: (any Error).self) { try BlockEntry(stored: text) }
    }

    @Test func neverBlockCoversSubdomainsByLookup() throws {
        var policy = Policy()
        policy.neverBlock = [try DomainName(validating: "corp.example")]
        #expect(policy.forbids(try DomainName(validating: "corp.example")))
        #expect(policy.forbids(try DomainName(validating: "sso.login.corp.example")))
        #expect(!policy.forbids(try DomainName(validating: "notcorp.example")))
        #expect(!Policy().forbids(try DomainName(validating: "corp.example")))
    }
}
