import Foundation
import RefocusCore
import Testing
import RefocusPlanning

/// Firefox's WebsiteFilter patterns, the 1,000-entry limit shared with the
/// administrator's entries, and the merge into (and out of) an
/// administrator's policies.json over a corpus of files, byte for byte.
@Suite struct FirefoxPolicyTests {
    static func policy(_ hosts: [String], paths: [(String, String)] = [], doh: Bool = true) throws -> FirefoxPolicy {
        FirefoxPolicy(
            hosts: try hosts.map { try DomainName(validating: $0) },
            paths: try paths.map { BrowserPathRule(host: try DomainName(validating: $0.0), path: $0.1) },
            turnsDoHOff: doh)
    }

    static func merged(_ admin: String?, _ policy: FirefoxPolicy) throws -> String {
        String(decoding: try FirefoxPolicyMerge.merge(policy, into: admin.map { Array($0.utf8) }).bytes, as: UTF8.self)
    }

    @Test func hostsAndPathsAreMatchPatternsShortestFirst() throws {
        let policy = try Self.policy(
            ["reddit.com", "youtube.com"], paths: [("youtube.com", "/shorts"), ("vimeo.com", "/watch")])
        // The path under blocked youtube.com is covered by the host pattern.
        #expect(policy.patterns == ["*://*.reddit.com/*", "*://*.youtube.com/*", "*://*.vimeo.com/watch*"])
    }

    @Test func intoNoFileAllOfOursInFirefoxsShape() throws {
        let text = try Self.merged(nil, try Self.policy(["reddit.com"]))
        #expect(
            text == """
                {
                  "policies": {
                    "DNSOverHTTPS": {
                      "Enabled": false,
                      "Locked": true
                    },
                    "WebsiteFilter": {
                      "Block": [
                        "*://*.reddit.com/*"
                      ]
                    }
                  }
                }

                """)
    }

    @Test func intoAnEmptyObjectTheSameAsNoFile() throws {
        let policy = try Self.policy(["reddit.com"])
        #expect(try Self.merged("{}", policy) == (try Self.merged(nil, policy)))
        #expect(try Self.merged("  {\n}\n", policy) == (try Self.merged(nil, policy)))
    }

    @Test func otherKeysKeptInOrderWithTheirValuesAsWritten() throws {
        let admin =
            #"{"z": 1.50, "policies": {"DisableTelemetry": true, "Homepage": {"URL": "http://a\u00e9/"}, "DNSOverHTTPS": {"ProviderURL": "x", "Enabled": true}}, "a": null}"#
        let text = try Self.merged(admin, try Self.policy(["reddit.com"]))
        #expect(
            text == """
                {
                  "z": 1.50,
                  "policies": {
                    "DisableTelemetry": true,
                    "Homepage": {
                      "URL": "http://a\u{e9}/"
                    },
                    "DNSOverHTTPS": {
                      "ProviderURL": "x",
                      "Enabled": false,
                      "Locked": true
                    },
                    "WebsiteFilter": {
                      "Block": [
                        "*://*.reddit.com/*"
                      ]
                    }
                  },
                  "a": null
                }

                """)
    }

    @Test func anExistingWebsiteFilterKeepsItsBlockAndExceptions() throws {
        let admin =
            #"{"policies": {"WebsiteFilter": {"Block": ["*://*.a.test/*", "*://*.reddit.com/*"], "Exceptions": ["*://*.a.test/ok*"]}}}"#
        let text = try Self.merged(admin, try Self.policy(["reddit.com", "b.test"], doh: false))
        #expect(
            text == """
                {
                  "policies": {
                    "WebsiteFilter": {
                      "Block": [
                        "*://*.a.test/*",
                        "*://*.reddit.com/*",
                        "*://*.b.test/*"
                      ],
                      "Exceptions": [
                        "*://*.a.test/ok*"
                      ]
                    }
                  }
                }

                """)
    }

    @Test(arguments: [
        ("{\n  \"policies\": {\n    \"A\": 1,\n  }\n}\n", 4),
        ("{\"policies\": {}}\n\n  x", 3),
        ("{\"a\": 1, \"a\": 2}", 1),
        ("", 1),
    ])
    func invalidJSONIsRefusedWithItsLine(admin: String, line: Int) throws {
        #expect {
            try FirefoxPolicyMerge.merge(try Self.policy(["reddit.com"]), into: Array(admin.utf8))
        } throws: { error in
            guard case .notJSON(let problem)? = error as? FirefoxPolicyMerge.Problem else { return false }
            return problem.line == line && "\(error)".contains("line \(line)")
        }
    }

    @Test(arguments: [
        "[]", "\"x\"", #"{"policies": []}"#, #"{"policies": {"WebsiteFilter": 1}}"#,
        #"{"policies": {"WebsiteFilter": {"Block": "x"}}}"#,
    ])
    func wrongShapesAreRefused(admin: String) throws {
        #expect(throws: FirefoxPolicyMerge.Problem.self) {
            try FirefoxPolicyMerge.merge(try Self.policy(["reddit.com"]), into: Array(admin.utf8))
        }
    }

    @Test func theLimitCountsTheAdministratorsEntriesAndKeepsTheShortest() throws {
        let theirs = (0..<998).map { "\"*://*.admin\($0).test/*\"" }.joined(separator: ",")
        let admin = #"{"policies": {"WebsiteFilter": {"Block": [\#(theirs)]}}}"#
        let policy = try Self.policy(["long-name.test", "a.test", "bb.test"])
        let merged = try FirefoxPolicyMerge.merge(policy, into: Array(admin.utf8))
        #expect(merged.leftOut == 1)
        let text = String(decoding: merged.bytes, as: UTF8.self)
        #expect(text.contains("*://*.a.test/*") && text.contains("*://*.bb.test/*") && !text.contains("long-name"))
    }

    @Test func unmergeGivesBackTheEditWithoutOurParts() throws {
        let original = Array(#"{"policies": {"WebsiteFilter": {"Block": ["*://*.a.test/*"]}}}"#.utf8)
        let policy = try Self.policy(["reddit.com"])
        let written = try FirefoxPolicyMerge.merge(policy, into: original).bytes
        let edited = String(decoding: written, as: UTF8.self).replacingOccurrences(
            of: "\"policies\": {",
            with: "\"policies\": {\n    \"NewKey\": 7,")
        let unmerged = try FirefoxPolicyMerge.unmerge(Array(edited.utf8), written: written, original: original)
        #expect(
            String(decoding: unmerged, as: UTF8.self) == """
                {
                  "policies": {
                    "NewKey": 7,
                    "WebsiteFilter": {
                      "Block": [
                        "*://*.a.test/*"
                      ]
                    }
                  }
                }

                """)
        // A file replaced whole, with nothing of ours in it, is kept byte for byte.
        let replaced = Array("{ \"policies\" : { \"X\": 1 } }".utf8)
        #expect(try FirefoxPolicyMerge.unmerge(replaced, written: written, original: original) == replaced)
    }
}
