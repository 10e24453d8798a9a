import Foundation
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// Allowlist sessions in the browsers' policies: Chromium's `URLBlocklist`
/// `*` with `URLAllowlist`, Firefox's `<all_urls>` with `Exceptions`, the
/// exact bytes, what a blocked host takes away, and the merge into and out
/// of an administrator's Firefox file.
@Suite struct BrowserAllowlistTests {
    typealias Rules = SessionRulesTests

    static func allowed(_ entries: [String]) throws -> AllowedDestinations {
        var allowed = AllowedDestinations()
        allowed.add(try Rules.list("work", entries))
        return allowed
    }

    static func hosts(_ names: [String]) throws -> [DomainName] { try names.map { try DomainName(validating: $0) } }

    @Test func hostsPathsAndSingleAddressesArePatternsAndRangesAreCounted() throws {
        let allowlist = BrowserAllowlist(
            allowed: try Self.allowed([
                "docs.test", "code.test/api", "docs.test/guide", "192.0.2.7", "2001:db8::7",
                "198.51.100.0/24",
            ]),
            blocked: [DomainName]())
        // docs.test/guide is covered by docs.test; the /24 cannot be named in a URL filter.
        #expect(allowlist.patterns == ["192.0.2.7", "[2001:db8::7]", "code.test/api", "docs.test"])
        #expect(allowlist.ranges == 1)
    }

    @Test func whatABlockedHostCoversIsNotAllowed() throws {
        let allowlist = BrowserAllowlist(
            allowed: try Self.allowed([
                "docs.test", "mail.social.test", "social.test/x",
                "notsocial.test",
            ]),
            blocked: try Self.hosts(["social.test"]))
        #expect(allowlist.patterns == ["docs.test", "notsocial.test"])
    }

    @Test func chromiumBlocksEverythingElseWithExactBytes() throws {
        let allowlist = BrowserAllowlist(
            allowed: try Self.allowed(["docs.test", "code.test/api"]), blocked: [DomainName]())
        let policy = ChromiumPolicy(hosts: try Self.hosts(["video.test"]), allowing: allowlist)
        #expect(
            String(decoding: policy.bytes, as: UTF8.self) == """
                {
                  "DnsOverHttpsMode": "off",
                  "URLAllowlist": [
                    "code.test/api",
                    "docs.test"
                  ],
                  "URLBlocklist": [
                    "*",
                    "video.test"
                  ]
                }

                """)
        // Without an allowlist the file has no URLAllowlist key at all, as before.
        #expect(
            !String(decoding: ChromiumPolicy(hosts: try Self.hosts(["video.test"])).bytes, as: UTF8.self)
                .contains("URLAllowlist"))
        // Allowing nothing the browsers can name still blocks every URL.
        let none = ChromiumPolicy(
            hosts: [DomainName](),
            allowing: BrowserAllowlist(
                allowed: try Self.allowed(["10.0.0.0/8"]),
                blocked: [DomainName]()))
        #expect(none.patterns == ["*"] && none.allowPatterns == [])
    }

    @Test func chromiumKeepsTheShortestAllowedPatternsUnderItsLimit() throws {
        let allowlist = BrowserAllowlist(
            allowed: try Self.allowed(["a.test", "bb.test", "long-name.test"]),
            blocked: [DomainName]())
        let policy = ChromiumPolicy(hosts: [DomainName](), allowing: allowlist, limit: 2)
        #expect(policy.allowPatterns == ["a.test", "bb.test"] && policy.allowLeftOut == 1)
        #expect(policy.patterns == ["*"] && policy.leftOut == 0)
    }

    @Test func firefoxBlocksAllURLsFirstAndAllowsTheListAsExceptions() throws {
        let allowlist = BrowserAllowlist(
            allowed: try Self.allowed(["docs.test", "code.test/api", "192.0.2.7", "2001:db8::7"]),
            blocked: [DomainName]())
        let policy = FirefoxPolicy(hosts: try Self.hosts(["video.test"]), allowing: allowlist, turnsDoHOff: true)
        #expect(policy.patterns == ["<all_urls>", "*://*.video.test/*"])
        #expect(
            policy.exceptions == [
                "*://192.0.2.7/*", "*://*.docs.test/*", "*://[2001:db8::7]/*",
                "*://*.code.test/api*",
            ])
    }

    @Test func firefoxMergeKeepsTheAdministratorsExceptionsAndUnmergeGivesTheFileBack() throws {
        let admin = Array(#"{"policies": {"WebsiteFilter": {"Exceptions": ["*://*.intranet.test/*"]}, "A": 1}}"#.utf8)
        let allowlist = BrowserAllowlist(allowed: try Self.allowed(["docs.test"]), blocked: [DomainName]())
        let policy = FirefoxPolicy(hosts: [DomainName](), allowing: allowlist, turnsDoHOff: false)
        let written = try FirefoxPolicyMerge.merge(policy, into: admin).bytes
        #expect(
            String(decoding: written, as: UTF8.self) == """
                {
                  "policies": {
                    "WebsiteFilter": {
                      "Exceptions": [
                        "*://*.intranet.test/*",
                        "*://*.docs.test/*"
                      ],
                      "Block": [
                        "<all_urls>"
                      ]
                    },
                    "A": 1
                  }
                }

                """)
        let unmerged = String(
            decoding: try FirefoxPolicyMerge.unmerge(written, written: written, original: admin),
            as: UTF8.self)
        // The administrator's content, re-serialized (the writer restores the saved bytes after a session).
        #expect(
            unmerged == """
                {
                  "policies": {
                    "WebsiteFilter": {
                      "Exceptions": [
                        "*://*.intranet.test/*"
                      ]
                    },
                    "A": 1
                  }
                }

                """)
        // Into no file, and out again: nothing of ours is left.
        let fresh = try FirefoxPolicyMerge.merge(policy, into: nil).bytes
        let emptied = String(
            decoding: try FirefoxPolicyMerge.unmerge(fresh, written: fresh, original: nil), as: UTF8.self)
        #expect(!emptied.contains("WebsiteFilter") && !emptied.contains("docs.test"), "\(emptied)")
    }

    @Test func desiredEnforcementAllowsTheUnionOfEveryOwnerUnlessThePolicySaysNo() throws {
        typealias Allowed = AllowedDestinationsTests
        let desired = DesiredEnforcement(
            sessions: [
                Allowed.allowing([try Rules.list("work", ["docs.test"])]),
                Allowed.allowing([try Rules.list("mail", ["mail.test", "social.test/inbox"])], owner: Rules.other),
                Rules.session(3, [try Rules.list("social", ["social.test"])]),
            ],
            policy: Allowed.noSubdomains)
        let on = BrowserChoices(allowlist: true)
        let chromium = try #require(desired.chromiumPolicy(on))
        #expect(chromium.patterns == ["*", "social.test"] && chromium.allowPatterns == ["docs.test", "mail.test"])
        #expect(desired.firefoxPolicy(on)?.exceptions == ["*://*.docs.test/*", "*://*.mail.test/*"])
        // The default keeps allowlists out of the browsers, which every user of the machine shares.
        for off in [BrowserChoices(), BrowserChoices(allowlist: false)] {
            #expect(
                desired.chromiumPolicy(off)?.patterns == ["social.test"]
                    && desired.chromiumPolicy(off)?.allowPatterns == nil)
            #expect(
                desired.firefoxPolicy(off)?.patterns == ["*://*.social.test/*"]
                    && desired.firefoxPolicy(off)?.exceptions == [])
        }
        #expect(Policy().browsers.allowlist == false)
        // An allowlist session alone turns the browsers' DoH off during the session.
        let alone = DesiredEnforcement(
            sessions: [Allowed.allowing([try Rules.list("work", ["docs.test"])])], policy: Policy())
        #expect(alone.chromiumPolicy(on)?.turnsDoHOff == true)
        #expect(alone.chromiumPolicy(BrowserChoices()) == nil && alone.firefoxPolicy(BrowserChoices()) == nil)
    }

    /// Issue 28, finding 7: Firefox lets every exception win over every
    /// block, so an allowed host with anyone's path entry (or blocked host)
    /// under it is no exception; Chromium lets the more specific filter
    /// decide, so it keeps the host allowed and the block under it holds.
    /// Another member's blocked path under the allowed host, and the
    /// owner's own locked one, both come through the merge of every session.
    @Test func anAllowedHostWithABlockUnderItIsNoFirefoxException() throws {
        typealias Allowed = AllowedDestinationsTests
        let desired = DesiredEnforcement(
            sessions: [
                Allowed.allowing([try Rules.list("work", ["docs.test", "video.test", "mail.test", "news.test/today"])]),
                Rules.session(2, [try Rules.list("mine", ["video.test/shorts"])], locked: true),
                Rules.session(
                    3, [try Rules.list("theirs", ["docs.test/private", "chat.mail.test"])], owner: Rules.other),
            ],
            policy: Allowed.noSubdomains)
        let on = BrowserChoices(allowlist: true)
        let firefox = try #require(desired.firefoxPolicy(on))
        #expect(firefox.exceptions == ["*://*.news.test/today*"])
        #expect(firefox.patterns.first == FirefoxPolicy.everyURL)
        #expect(
            Set(firefox.patterns) == [
                FirefoxPolicy.everyURL, "*://*.chat.mail.test/*", "*://*.docs.test/private*",
                "*://*.video.test/shorts*",
            ])
        let chromium = try #require(desired.chromiumPolicy(on))
        #expect(chromium.allowPatterns == ["docs.test", "mail.test", "news.test/today", "video.test"])
        #expect(chromium.patterns == ["*", "chat.mail.test", "docs.test/private", "video.test/shorts"])
    }

    /// Which allowed patterns each browser takes, against blocks above,
    /// at, and under them, on hosts and paths.
    @Test(
        arguments: [
            // allowed, blocked hosts, blocked paths, Chromium's allowlist, Firefox's exceptions
            ("docs.test", [], ["docs.test/private"], ["docs.test"], []),
            ("docs.test", ["www.docs.test"], [], ["docs.test"], []),
            ("docs.test", [], ["www.docs.test/x"], ["docs.test"], []),
            ("docs.test", ["docs.test"], [], [], []),
            ("www.docs.test", ["docs.test"], [], [], []),
            ("docs.test", ["notdocs.test", "docs.example"], ["other.test/x"], ["docs.test"], ["docs.test"]),
            ("docs.test/api", [], ["docs.test/api/keys"], ["docs.test/api"], []),
            ("docs.test/api/keys", [], ["docs.test/api"], [], []),
            ("docs.test/api", [], ["docs.test/apix"], ["docs.test/api"], []),
            ("docs.test/api", [], ["docs.test/guide"], ["docs.test/api"], ["docs.test/api"]),
            ("www.docs.test/api", [], ["docs.test/api"], [], []),
            ("docs.test/api", [], ["www.docs.test/api/v2"], ["docs.test/api"], []),
            ("docs.test/api", [], ["www.docs.test/guide"], ["docs.test/api"], ["docs.test/api"]),
            ("docs.test/api", ["www.docs.test"], [], ["docs.test/api"], []),
        ] as [(String, [String], [String], [String], [String])])
    func eachBrowserTakesOnlyWhatLiftsNoBlock(
        allowed: String, hosts: [String], paths: [String], chromium: [String],
        firefox: [String]
    ) throws {
        let rules = try paths.map { text in
            let entry = try BlockEntry(parsing: text)
            let path = try #require(entry.browserPath)
            return BrowserPathRule(host: path.host, path: path.path.text)
        }
        let allowlist = BrowserAllowlist(
            allowed: try Self.allowed([allowed]), blocked: try Self.hosts(hosts), blockedPaths: rules)
        #expect(allowlist.patterns == chromium)
        #expect(allowlist.exceptionPatterns == firefox)
    }
}
