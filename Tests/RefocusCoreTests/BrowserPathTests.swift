#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// Path entries (`youtube.com/shorts`): what they parse to, what they refuse,
/// and that they round-trip through every form they are kept in.
@Suite struct BrowserPathTests {
    /// Typed text and its canonical path entry.
    @Test(arguments: [
        ("youtube.com/shorts", "youtube.com/shorts"),
        ("YouTube.COM/shorts/", "youtube.com/shorts"),
        ("reddit.com/r/all", "reddit.com/r/all"),
        ("example.com/a/./b/../c", "example.com/a/c"),
        ("example.com/a/b/../../c/", "example.com/c"),
        ("example.com/../../x", "example.com/x"),
        ("example.com/%7Euser/%2e%2E/page", "example.com/page"),
        ("example.com/%7euser", "example.com/~user"),
        ("example.com/a%2fb", "example.com/a%2Fb"),
        ("example.com/a%20b", "example.com/a%20b"),
        ("example.com/caf%c3%a9", "example.com/caf%C3%A9"),
        ("example.com/café", "example.com/caf%C3%A9"),
        ("example.com/a:b@c;d=e", "example.com/a:b@c;d=e"),
        ("bücher.de/buch", "xn--bcher-kva.de/buch"),
        ("example.com:8080/x", "example.com/x"),
        ("www.example.co.uk/news", "www.example.co.uk/news"),
    ])
    func accepts(_ input: String, _ canonical: String) throws {
        let entry = try BlockEntry(parsing: input)
        #expect(entry.browserPath != nil)
        #expect(entry.description == canonical)
    }

    /// Paths that name the whole site give a domain entry.
    @Test(arguments: ["example.com/", "example.com/.", "example.com//", "example.com/a/..", "example.com/?x=1"])
    func aRootPathIsTheDomain(_ input: String) throws {
        #expect(try BlockEntry(parsing: input) == .domain(try DomainName(validating: "example.com")))
    }

    /// Refused text and a word its message must contain.
    @Test(arguments: [
        ("co.uk/news", "public suffix"),
        ("com/x", "single label"),
        ("example.com/a b", "a space"),
        ("example.com/a\u{7}b", "U+7"),
        ("example.com/a\u{85}b", "U+85"),
        ("example.com/a\u{200B}b", "U+200B"),
        ("example.com/a<b", "'<'"),
        ("example.com/a\\b", "percent-encoded"),
        ("example.com/a%2", "two hex digits"),
        ("example.com/a%zz", "two hex digits"),
        ("example.com/watch?v=1", "no query or fragment"),
        ("example.com/page#top", "no query or fragment"),
        ("example.com/" + String(repeating: "a", count: 1_000), "at most 1000"),
        ("example.com/" + String(repeating: "é", count: 400), "at most 1000"),
        ("example.com/" + String(repeating: "a", count: 4_000), "over 1000"),
    ])
    func refuses(_ input: String, _ word: String) {
        #expect {
            try BlockEntry(parsing: input)
        } throws: { error in
            "\(error)".contains(word)
        }
    }

    /// A URL keeps its host unless its path is asked for; then the query goes.
    @Test(arguments: [
        ("https://www.youtube.com/shorts/abc?x=1", false, "www.youtube.com"),
        ("https://www.youtube.com/shorts/abc?x=1", true, "www.youtube.com/shorts/abc"),
        ("http://user@Example.com:80/a/../b#frag", true, "example.com/b"),
        ("https://example.com/", true, "example.com"),
        ("https://example.com", true, "example.com"),
        ("http://192.0.2.7/admin", true, "192.0.2.7"),
        ("youtube.com/shorts", true, "youtube.com/shorts"),
    ])
    func urls(_ input: String, _ keepingPath: Bool, _ canonical: String) throws {
        #expect(try BlockEntry(parsing: input, keepingURLPath: keepingPath).description == canonical)
    }

    @Test func roundTripsThroughTextStoredAndJSON() throws {
        let entry = try BlockEntry(parsing: "Example.com/a/%7Eb/c%3f/")
        #expect(entry.description == "example.com/a/~b/c%3F")
        #expect(try BlockEntry(parsing: entry.description) == entry)
        #expect(try BlockEntry(stored: entry.description) == entry)
        let json = try JSONEncoder().encode([entry])
        #expect(String(decoding: json, as: UTF8.self) == #"["example.com\/a\/~b\/c%3F"]"#)
        #expect(try JSONDecoder().decode([BlockEntry].self, from: json) == [entry])
    }

    /// A path with a `:` was read back from the session store as an address, and failed
    /// (found by fuzzing): the text before the first `/` tells.
    @Test(arguments: [
        "en.wikipedia.org/wiki/Special:Random", "example.com/a:b@c", "10.0.0.0/8", "2001:db8::/32", "::1",
    ])
    func aStoredEntryReadsBack(text: String) throws {
        let entry = try BlockEntry(parsing: text)
        #expect(entry.description == text)
        #expect(try BlockEntry(stored: text) == entry)
    }

    /// The stored form must already be canonical, and a JSON entry valid.
    @Test func storedAndDecodedTextIsChecked() {
        for text in ["example.com/a/", "example.com/a/../b", "example.com/%7e", "example.com/a b", "example.com/"] {
            #expect(throws: (any Error).self) { try BlockEntry(stored: text) }
        }
        for text in [#"["example.com/a b"]"#, #"["co.uk/x"]"#, #"["example.com/a?b"]"#] {
            #expect(throws: (any Error).self) { try JSONDecoder().decode([BlockEntry].self, from: Data(text.utf8)) }
        }
    }

    @Test func sortsAfterDomainsAndBeforeAddresses() throws {
        let entries = try ["192.0.2.1", "b.example/x", "z.example", "a.example/y", "a.example/b", "a.example"]
            .map { try BlockEntry(parsing: $0) }
        #expect(
            entries.sorted().map(\.description)
                == ["a.example", "z.example", "a.example/b", "a.example/y", "b.example/x", "192.0.2.1"])
        let list = BlockList(name: try BlockListName("l"), entries: Set(entries))
        #expect(list.browserPaths.map(\.description) == ["a.example/b", "a.example/y", "b.example/x"])
        #expect(list.domains.map(\.ascii) == ["a.example", "z.example"])
    }

    @Test func desiredEnforcementLeavesPathsToBrowsers() throws {
        let sessions = [
            try DesiredEnforcementTests.session(
                1000,
                [
                    (
                        "v",
                        [
                            "youtube.example/shorts", "other.example",
                            "corp.example/x",
                        ], []
                    )
                ])
        ]
        let policy = try DesiredEnforcementTests.policy(subdomains: ["www"], neverBlock: ["corp.example"])
        for module in [false, true] {
            let desired = DesiredEnforcement(sessions: sessions, policy: policy, resolverModule: module)
            #expect(Array(desired.hostsNames) == ["other.example", "www.other.example"])
            #expect(desired.namesToResolve == ["other.example", "www.other.example"])
            #expect(desired.addresses.isEmpty)
            #expect(desired.indexedNames.map(\.ascii) == (module ? ["other.example"] : []))
            #expect(desired.browserPaths.map(\.description) == ["youtube.example/shorts"])
        }
    }
}
