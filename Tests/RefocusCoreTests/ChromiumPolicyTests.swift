import RefocusCore
import Testing
import RefocusPlanning

/// `refocus.json` for Chromium-family browsers: the patterns of hosts and
/// paths, the exact bytes, and the 1,000-entry limit.
@Suite struct ChromiumPolicyTests {
    static func hosts(_ names: [String]) throws -> [DomainName] { try names.map { try DomainName(validating: $0) } }

    static func path(_ host: String, _ path: String) throws -> BrowserPathRule {
        BrowserPathRule(host: try DomainName(validating: host), path: path)
    }

    @Test func aHostIsItselfAndAPathIsHostSlashPath() throws {
        #expect(ChromiumPolicy.pattern(host: try DomainName(validating: "reddit.com")) == "reddit.com")
        #expect(ChromiumPolicy.pattern(path: try Self.path("youtube.com", "/shorts")) == "youtube.com/shorts")
        #expect(ChromiumPolicy.pattern(path: try Self.path("youtube.com", "shorts")) == "youtube.com/shorts")
    }

    @Test func theBytesAreSortedAndExact() throws {
        let policy = ChromiumPolicy(
            hosts: try Self.hosts(["video.test", "a.example"]),
            paths: [try Self.path("youtube.com", "/shorts"), try Self.path("reddit.com", "/r/all")])
        #expect(
            String(decoding: policy.bytes, as: UTF8.self) == """
                {
                  "DnsOverHttpsMode": "off",
                  "URLBlocklist": [
                    "a.example",
                    "reddit.com/r/all",
                    "video.test",
                    "youtube.com/shorts"
                  ]
                }

                """)
        let reordered = ChromiumPolicy(
            hosts: try Self.hosts(["a.example", "video.test", "a.example"]),
            paths: [try Self.path("reddit.com", "/r/all"), try Self.path("youtube.com", "/shorts")])
        #expect(reordered.bytes == policy.bytes)
        #expect(policy.leftOut == 0)
    }

    @Test func aPathUnderABlockedHostIsLeftOut() throws {
        let policy = ChromiumPolicy(
            hosts: try Self.hosts(["youtube.com"]),
            paths: [
                try Self.path("youtube.com", "/shorts"), try Self.path("m.youtube.com", "/shorts"),
                try Self.path("notyoutube.com", "/shorts"),
            ])
        #expect(policy.patterns == ["notyoutube.com/shorts", "youtube.com"])
    }

    @Test func nothingBlockedAndDoHLeftIsEmpty() {
        #expect(ChromiumPolicy(hosts: [DomainName](), turnsDoHOff: false).isEmpty)
        // `browser_doh = "off"` with no session: the file holds the DoH setting only.
        let policy = ChromiumPolicy(hosts: [DomainName]())
        #expect(!policy.isEmpty)
        #expect(
            String(decoding: policy.bytes, as: UTF8.self)
                == "{\n  \"DnsOverHttpsMode\": \"off\",\n  \"URLBlocklist\": []\n}\n")
    }

    @Test func leftDoHWritesNoDoHKey() throws {
        let policy = ChromiumPolicy(hosts: [try DomainName(validating: "a.example")], turnsDoHOff: false)
        #expect(
            String(decoding: policy.bytes, as: UTF8.self) == "{\n  \"URLBlocklist\": [\n    \"a.example\"\n  ]\n}\n")
    }

    @Test func overTheLimitTheShortestAreKept() throws {
        let policy = ChromiumPolicy(
            hosts: try Self.hosts(["long-name.example", "b.example", "a.example", "ccc.example"]),
            paths: [try Self.path("d.example", "/x")], limit: 3)
        #expect(policy.patterns == ["a.example", "b.example", "ccc.example"])
        #expect(policy.leftOut == 2)
        let many = try (0..<1_200).map { try DomainName(validating: "site\($0).example") }
        let capped = ChromiumPolicy(hosts: many)
        #expect(capped.patterns.count == ChromiumPolicy.maximumPatterns)
        #expect(capped.leftOut == 200)
        #expect(capped.patterns.contains("site9.example"))
        #expect(!capped.patterns.contains("site1199.example"))
    }
}
