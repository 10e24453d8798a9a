import Testing
@testable import RefocusCore

@Suite struct ImportParserTests {
    @Test func hostsFileWithCommentsLocalNamesAndJunk() {
        let text = """
            # Title: a blocklist
            127.0.0.1 localhost
            ::1 localhost ip6-localhost ip6-loopback
            127.0.1.1 mybox
            0.0.0.0 ads.example.com
            0.0.0.0 tracker.example.net metrics.example.net # inline
            127.0.0.1 ads.example.com
            0.0.0.0 co.uk
            this is junk
            \t
            """
        let result = ImportParser.parse(text)
        #expect(
            result.entries.map(\.description)
                == ["ads.example.com", "tracker.example.net", "metrics.example.net", "ads.example.com"])
        #expect(result.rejected.map(\.line) == [2, 3, 3, 3, 4, 8, 9])
        #expect(result.rejected[4].reason.contains("127.0.1.1"))
        #expect(result.rejected[5].reason.contains("public suffix"))
        #expect(result.rejected[6].reason.contains("one entry on each line"))
    }

    @Test func adblockRules() {
        let text = """
            [Adblock Plus 2.0]
            ! Title: filters
            ||doubleclick.net^
            ||ads.example.org^$third-party
            @@||good.example.com^
            example.com##.banner
            ||example.com/ads/*
            ||Bücher.de^
            ||whole.example^$document
            ||part.example/a/b^
            ||ads.example.net*banner
            """
        let result = ImportParser.parse(text)
        #expect(
            result.entries.map(\.description)
                == ["doubleclick.net", "example.com/ads", "xn--bcher-kva.de", "whole.example", "part.example/a/b"])
        #expect(result.entries[1].browserPath != nil)
        #expect(result.rejected.map(\.line) == [4, 5, 6, 11])
        #expect(result.rejected[0].reason.contains("$third-party"))
        #expect(result.rejected[1].reason.contains("exception"))
        #expect(result.rejected[2].reason.contains("cosmetic"))
        #expect(result.rejected[3].kind == "a wildcard or separator inside a site rule")
    }

    /// Adblock rules that match part of any address, and the reason each gets.
    @Test(arguments: [
        "/?view=ad", "/ads/*", "-ad-banner.", "&ad_type=", "|https://ads.example/", "_adbox_",
        "/banner[0-9]+/", "adserver*.js", "ads.js^$script",
    ])
    func urlPatternsAreNamedAsSuch(_ rule: String) {
        let result = ImportParser.parse(rule)
        #expect(result.entries.isEmpty)
        #expect(result.rejected.first?.kind == "a URL pattern for any site", "\(result.rejected)")
        #expect(result.rejected.first?.reason.contains("empty") == false)
    }

    /// An EasyList-shaped corpus: the report groups by reason, largest first, three examples each.
    @Test func rejectionsGroupByKind() {
        var lines = ["[Adblock Plus 2.0]", "! Title: EasyList"]
        for index in 0..<40 { lines.append("example\(index).com##.ad") }
        for index in 0..<25 { lines.append("/ads\(index)/*") }
        for index in 0..<10 { lines.append("||ads\(index).example^$third-party") }
        for index in 0..<5 { lines.append("@@||ok\(index).example^") }
        lines += ["||co.uk^", "||site.example^", "||site.example/promo/"]
        let result = ImportParser.parse(lines.joined(separator: "\n"))
        #expect(result.entries.map(\.description) == ["site.example", "site.example/promo"])
        let groups = result.rejectedByKind(examples: 3)
        #expect(
            groups.map(\.kind) == [
                "a cosmetic filter (##)", "a URL pattern for any site", "a rule with options ($…)",
                "an exception rule (@@)", "a public suffix",
            ])
        #expect(groups.map(\.count) == [40, 25, 10, 5, 1])
        #expect(groups[0].examples.map(\.line) == [3, 4, 5])
        #expect(groups[4].examples.map(\.text) == ["||co.uk^"])
    }

    @Test func plainListsWithUrlsAndAddresses() {
        let result = ImportParser.parse("reddit.com\nhttps://x.com/home\n203.0.113.0/24\n\n# c\n")
        #expect(result.entries.map(\.description) == ["reddit.com", "x.com", "203.0.113.0/24"])
        #expect(result.rejected.isEmpty)
    }
}
