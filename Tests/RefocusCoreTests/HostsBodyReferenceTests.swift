import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// The hosts section as the String-based code made it before bodies were
/// built as bytes: one `String` per name and per line, one sort of all the
/// names, then the lines spliced into the file's lines. The byte-level code
/// must give exactly these bytes.
private enum Reference {
    static func names(domains: [DomainName], subdomains: [String]) -> [String] {
        let prefixes = subdomains.filter(Policy.isValidSubdomain)
        var names: [String] = []
        for domain in domains {
            names.append(domain.ascii)
            guard let first = domain.labels.first, !prefixes.contains(String(first)) else { continue }
            names += prefixes.map { $0 + "." + domain.ascii }.filter { $0.utf8.count <= DomainName.maximumLength }
        }
        names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names.enumerated().filter { $0.offset == 0 || names[$0.offset - 1] != $0.element }.map(\.element)
    }

    static func lines(domains: [DomainName], subdomains: [String]) -> [String] {
        names(domains: domains, subdomains: subdomains).flatMap { ["192.0.2.1 " + $0, "100::1 " + $0] }
    }

    /// `text` with the section holding `lines`, put together from the file's lines.
    static func file(_ text: [UInt8], holding lines: [String]) throws -> [UInt8] {
        let split = try ManagedSection(name: "refocus").split(text)
        let fileLines = text.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        let crlf = fileLines.count > 1 && fileLines[0].last == 0x0D
        let newline: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
        let body = lines.flatMap { Array($0.utf8) + newline }
        if let begin = split.beginLine, let end = split.endLine {
            let head = fileLines[..<begin].joined(separator: [0x0A])
            let tail = fileLines[(end - 1)...].joined(separator: [0x0A])
            return Array(head) + [0x0A] + body + Array(tail)
        }
        let open = !text.isEmpty && text.last != 0x0A
        let separator: [UInt8] = !open ? [] : text.last == 0x0D ? [0x0D, 0x0A] : newline
        let section = Array("# BEGIN refocus".utf8) + newline + body + Array("# END refocus".utf8)
        return text + separator + section + (open ? [] : newline)
    }
}

/// A deterministic stream of numbers (a linear congruential generator).
private struct Numbers {
    var state: UInt64
    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

@Suite struct HostsBodyReferenceTests {
    static let domainSets: [[String]] = [
        [],
        ["example.com"],
        // Duplicates across the list and across expansions, in both orders.
        ["example.com", "www.example.com", "m.example.com", "example.com", "api.example.com", "www.example.com"],
        ["www.a.example", "a.example", "mobile.a.example", "app.mobile.a.example"],
        // International names in their punycode form.
        ["bücher.de", "münchen.de", "xn--bcher-kva.de", "www.bücher.de", "пример.рф"],
        // Bytes around the dot: `-` sorts before `.`, digits before letters.
        ["www-a.example", "ww.example", "wwx.example", "a-b.example", "a.example", "a0.example", "m.example"],
        // Equal first eight bytes, then differing, or ending.
        ["abcdefgh.example", "abcdefghi.example", "abcdefgh.example.org", "abcdefg.example", "abcdefgh.ex"],
        // Too long to expand with any subdomain, and long enough for some only.
        [
            Array(repeating: String(repeating: "a", count: 63), count: 3).joined(separator: ".") + "."
                + String(repeating: "b", count: 57) + ".com",
            Array(repeating: String(repeating: "c", count: 63), count: 3).joined(separator: ".") + "."
                + String(repeating: "d", count: 54) + ".com",
        ],
    ]

    static let subdomainSets: [[String]] = [
        Policy.defaultSubdomains, [], ["www"], ["www", "www", "bad label", "m", "-x"],
        ["zz", "a", "mobile", "m"],
    ]

    static let files: [[UInt8]] = [
        [],
        Array("127.0.0.1 localhost\n".utf8),
        Array("127.0.0.1 localhost".utf8),
        Array("127.0.0.1 localhost\r".utf8),
        Array("127.0.0.1 localhost\r\n::1 localhost\r\n".utf8),
        Array("127.0.0.1 localhost\r\n::1 localhost".utf8),
        Array("a\n# BEGIN refocus\n0.0.0.0 old.example\n:: old.example\n# END refocus\nb\n".utf8),
        Array("a\r\n# BEGIN refocus\r\n0.0.0.0 old.example\r\n# END refocus\r\nb\r\n".utf8),
        Array("a\n  # BEGIN refocus \t\n# END refocus".utf8),
        [0xFF, 0x0A] + Array("# BEGIN refocus\n0.0.0.0 example.com\n:: example.com\n# END refocus\n".utf8) + [0xE9],
    ]

    @Test(arguments: domainSets, subdomainSets)
    func namesAndLinesMatchTheStringCode(domains: [String], subdomains: [String]) throws {
        let names = try domains.map { try DomainName(validating: $0) }
        #expect(
            Array(HostsSection.names(domains: names, subdomains: subdomains))
                == Reference.names(domains: names, subdomains: subdomains))
        let body = HostsSection.body(domains: names, subdomains: subdomains)
        let lines = Reference.lines(domains: names, subdomains: subdomains)
        #expect(body.lines == lines)
        #expect(body == (try SectionBody(lines: lines)))
        #expect(body.lineCount == lines.count)
    }

    @Test(arguments: files, domainSets)
    func filesMatchTheStringCode(file: [UInt8], domains: [String]) throws {
        let names = try domains.map { try DomainName(validating: $0) }
        let split = try ManagedSection(name: "refocus").split(file)
        let body = HostsSection.body(domains: names)
        let lines = Reference.lines(domains: names, subdomains: Policy.defaultSubdomains)
        let written = try split.replacingBody(with: body)
        #expect(written == (try Reference.file(file, holding: lines)))
        // Written again (unchanged, except where a lone final `\r` made the file CRLF),
        // then removed: the file is as it was without a section.
        let reread = try ManagedSection(name: "refocus").split(written)
        #expect(try reread.replacingBody(with: body) == Reference.file(written, holding: lines))
        #expect(try reread.replacingBody(with: nil) == split.replacingBody(with: nil))
    }

    @Test func randomNamesMatchTheStringCode() throws {
        // Few letters and short labels, so that names share long prefixes and repeat.
        var numbers = Numbers(state: 42)
        let alphabet = Array("ab-w.".utf8)
        var domains: [DomainName] = []
        while domains.count < 2_000 {
            let length = 1 + numbers.next(below: 12)
            let label = String(
                decoding: (0..<length).map { _ in alphabet[numbers.next(below: alphabet.count)] }, as: UTF8.self)
            if let domain = try? DomainName(validating: label + ".example") { domains.append(domain) }
        }
        for subdomains in [Policy.defaultSubdomains, ["a", "ab", "w", "www"]] {
            #expect(
                HostsSection.body(domains: domains, subdomains: subdomains).lines
                    == Reference.lines(domains: domains, subdomains: subdomains))
        }
    }

    @Test func namesAreEqualWhenTheirStringsAre() throws {
        let a = try ["b.example", "a.example"].map { try DomainName(validating: $0) }
        let b = try ["a.example", "b.example", "a.example"].map { try DomainName(validating: $0) }
        #expect(
            HostsSection.names(domains: a, subdomains: ["www", "m"])
                == HostsSection.names(domains: b, subdomains: ["m", "www", "m"]))
        #expect(
            HostsSection.names(domains: a, subdomains: ["www"]) != HostsSection.names(domains: b, subdomains: ["m"]))
    }
}
