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
        #expect(result.entries.map(\.description)
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
            """
        let result = ImportParser.parse(text)
        #expect(result.entries.map(\.description) == ["doubleclick.net", "xn--bcher-kva.de"])
        #expect(result.rejected.map(\.line) == [4, 5, 6, 7])
        #expect(result.rejected[0].reason.contains("$third-party"))
        #expect(result.rejected[1].reason.contains("exception"))
        #expect(result.rejected[2].reason.contains("cosmetic"))
    }

    @Test func plainListsWithUrlsAndAddresses() {
        let result = ImportParser.parse("reddit.com\nhttps://x.com/home\n203.0.113.0/24\n\n# c\n")
        #expect(result.entries.map(\.description) == ["reddit.com", "x.com", "203.0.113.0/24"])
        #expect(result.rejected.isEmpty)
    }
}
