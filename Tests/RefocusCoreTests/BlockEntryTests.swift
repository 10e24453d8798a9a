import Testing
@testable import RefocusCore

/// What users type or paste, and the canonical entry it must become.
@Suite struct BlockEntryTests {
    static let accepted: [(input: String, canonical: String)] = [
        ("reddit.com", "reddit.com"),
        ("  Reddit.COM \t", "reddit.com"),
        ("reddit.com.", "reddit.com"),
        ("https://Old.Reddit.com:443/r/x?y", "old.reddit.com"),
        ("http://user:secret@example.org/path", "example.org"),
        ("https://Ex-Ample.COM:8080/path?q=1", "ex-ample.com"),
        ("https://example.com/some/page#frag", "example.com"),
        ("example.com:8080", "example.com"),
        ("ftp://files.example.net", "files.example.net"),
        ("news.ycombinator.com?id=1", "news.ycombinator.com"),
        ("bücher.de", "xn--bcher-kva.de"),
        ("BÜCHER.DE", "xn--bcher-kva.de"),
        ("https://bücher.de/buch", "xn--bcher-kva.de"),
        ("xn--bcher-kva.de", "xn--bcher-kva.de"),
        ("Faß.de", "xn--fa-hia.de"),
        ("пример.рф", "xn--e1afmkfd.xn--p1ai"),
        ("ad_server.example.com", "ad_server.example.com"),
        ("example.co.uk", "example.co.uk"),
        ("foo.github.io", "foo.github.io"),
        ("1password.com", "1password.com"),
        (String(repeating: "a", count: 63) + ".com", String(repeating: "a", count: 63) + ".com"),
        ("192.0.2.1", "192.0.2.1"),
        ("192.0.2.0/24", "192.0.2.0/24"),
        ("http://192.0.2.7:8080/admin", "192.0.2.7"),
        ("2001:db8::1", "2001:db8::1"),
        ("2001:DB8:0:0:0:0:0:1", "2001:db8::1"),
        ("2001:db8::/32", "2001:db8::/32"),
        ("[2001:db8::1]", "2001:db8::1"),
        ("https://[2001:db8::1]:8443/x", "2001:db8::1"),
    ]

    @Test(arguments: accepted)
    func accepts(_ input: String, canonical: String) throws {
        #expect(try BlockEntry(parsing: input).description == canonical)
    }

    @Test func nameOf253CharactersIsAcceptedAnd254IsNot() throws {
        // 63 * 3 + 57 + 3 letters and 4 dots: exactly 253.
        let label = String(repeating: "a", count: 63)
        let name253 = [label, label, label, String(repeating: "b", count: 57), "com"].joined(separator: ".")
        #expect(name253.count == 253)
        #expect(try BlockEntry(parsing: name253).description == name253)
        let name254 = "c" + name253
        #expect(throws: EntryError.nameTooLong(name: name254, length: 254)) {
            try BlockEntry(parsing: name254)
        }
    }

    static let refused: [(input: String, error: EntryError)] = [
        ("", .empty),
        ("   ", .empty),
        ("com", .singleLabel(name: "com")),
        ("localhost", .singleLabel(name: "localhost")),
        ("co.uk", .publicSuffix(name: "co.uk")),
        ("CO.UK", .publicSuffix(name: "co.uk")),
        ("github.io", .publicSuffix(name: "github.io")),
        ("https://github.io/", .publicSuffix(name: "github.io")),
        ("xn--p1ai", .singleLabel(name: "xn--p1ai")),
        ("exa mple.com", .invalidCharacter(name: "exa mple.com", character: " ")),
        ("exa!mple.com", .invalidCharacter(name: "exa!mple.com", character: "!")),
        ("example..com", .emptyLabel(name: "example..com")),
        (".example.com", .emptyLabel(name: ".example.com")),
        ("-example.com", .hyphenAtLabelEdge(name: "-example.com", label: "-example")),
        ("example-.com", .hyphenAtLabelEdge(name: "example-.com", label: "example-")),
        ("example.c_m", .invalidCharacter(name: "example.c_m", character: "_")),
        ("example.123", .numericTopLevel(name: "example.123")),
        ("*.example.com", .wildcard(name: "*.example.com", suggestion: "example.com")),
        ("example.com:http", .invalidPort(input: "example.com:http", port: "http")),
        ("example.com:99999", .invalidPort(input: "example.com:99999", port: "99999")),
        ("example.com:", .invalidPort(input: "example.com:", port: "")),
        ("ht tp://example.com", .invalidScheme(input: "ht tp://example.com")),
        ("[2001:db8::1", .unclosedBracket(input: "[2001:db8::1")),
    ]

    @Test(arguments: refused)
    func refuses(_ input: String, error: EntryError) {
        #expect(throws: error) { try BlockEntry(parsing: input) }
    }

    @Test func refusesLabelOf64Characters() {
        let label = String(repeating: "a", count: 64)
        #expect(throws: EntryError.labelTooLong(name: label + ".com", label: label, length: 64)) {
            try BlockEntry(parsing: label + ".com")
        }
    }

    @Test(arguments: ["xn--zz.de", "xn--a.com", "ab--c.bücher.de"])
    func refusesInvalidInternationalNames(_ input: String) {
        #expect {
            try BlockEntry(parsing: input)
        } throws: { error in
            guard case EntryError.internationalName(let name, let reason)? = error as? EntryError else { return false }
            return name == input && !reason.isEmpty
        }
    }

    @Test(arguments: ["1.2.3", "256.1.1.1", "10.0.0.0/33", "10.1.2.3/8", "2001:db8:::1", "fe80::1%eth0", "0.0.0.0/0"])
    func refusesBadAddresses(_ input: String) {
        #expect {
            try BlockEntry(parsing: input)
        } throws: { error in
            if case EntryError.address? = error as? EntryError { return true }
            return false
        }
    }

    @Test func publicSuffixMessageNamesTheSuffix() {
        let message = EntryError.publicSuffix(name: "co.uk").description
        #expect(message.contains("'co.uk' is a public suffix"))
        #expect(message.contains("example.co.uk"))
    }

    @Test func ordersDomainsBeforeAddresses() throws {
        let entries = try ["2001:db8::1", "b.example", "10.0.0.1", "a.example"].map { try BlockEntry(parsing: $0) }
        #expect(entries.sorted().map(\.description) == ["a.example", "b.example", "10.0.0.1", "2001:db8::1"])
    }
}

extension BlockEntryTests {
    @Test(arguments: [
        ("https://example.com/redirect?u=https://other.example/", "example.com"),
        ("HTTPS://Example.com", "example.com"),
        ("git+ssh://git@example.org:22/repo", "example.org"),
        ("example.com:8080/a:b", "example.com/a:b"),
        ("192.0.2.7:8080", "192.0.2.7"),
    ])
    func delimitersInsidePathsAndPorts(_ input: String, canonical: String) throws {
        #expect(try BlockEntry(parsing: input).description == canonical)
    }
}
