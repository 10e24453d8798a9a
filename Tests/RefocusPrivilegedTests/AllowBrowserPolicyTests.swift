import Foundation
import RefocusTestSupport
import Testing

/// Allowlist sessions in the browsers, through the real helper in a
/// sandbox: Chromium's refocus.json blocks `*` and allows the list, and
/// Debian's headless Chromium (run as root, whom the firewall does not
/// restrict, so the error names the policy layer) opens the allowed site
/// and refuses another with ERR_BLOCKED_BY_ADMINISTRATOR; Firefox's
/// policies.json (the install probe faked on an /opt overlay, as in
/// `FirefoxPolicySessionTests`) blocks `<all_urls>` with the list as
/// exceptions. After the session both are as before. With
/// `browser_allowlist = false` the browsers are left alone.
@Suite(.serialized) struct AllowBrowserPolicyTests {
    static let report = #"""
        report() {
          local managed=/etc/chromium/policies/managed/refocus.json
          [ -e "$managed" ] && python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(sys.argv[2], "chromium:", d["URLBlocklist"], d.get("URLAllowlist"))' "$managed" "$1"
          [ -e "$policies" ] && python3 -c 'import json, sys; f = json.load(open(sys.argv[1]))["policies"].get("WebsiteFilter", {}); print(sys.argv[2], "firefox:", f.get("Block"), f.get("Exceptions"))' "$policies" "$1"
          [ -e "$policies" ] || echo "$1 firefox: no file"
        }

        """#

    @Test(.enabled(if: Sandbox.hasChromium, "needs Debian's chromium (make test installs it)"))
    func theBrowsersOpenOnlyTheAllowedSites() throws {
        let sandbox = Sandbox(dns: [Sandbox.Record("docs.test", "127.0.0.1"), Sandbox.Record("www.docs.test", "127.0.0.1"),
                                   Sandbox.Record("other.test", "127.0.0.1")])
        let run = try sandbox.run(MemberProbeSetUp.script + FirefoxPolicySessionTests.fakeFirefox
            + Sandbox.chromiumFunctions + Self.report + #"""
            serve_site 127.0.0.1
            echo "before: $(browse http://other.test:8081/)"
            as_user ann "$B/refocus" list add work docs.test code.test/api > /dev/null
            as_user ann "$B/refocus" start --allow work 10m > /dev/null
            report during
            echo "allowed: $(browse http://docs.test:8081/)"
            echo "subdomain: $(browse http://www.docs.test:8081/)"
            echo "other: $(browse http://other.test:8081/)"
            as_user ann "$B/refocus" stop > /dev/null
            report after
            echo "after: $(browse http://other.test:8081/)"
            kill $server
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for fact in ["before: the local site",
                     "during chromium: ['*'] ['code.test/api', 'docs.test']",
                     "during firefox: ['<all_urls>'] ['*://*.docs.test/*', '*://*.code.test/api*']",
                     "allowed: the local site", "subdomain: the local site", "other: ERR_BLOCKED_BY_ADMINISTRATOR",
                     "after firefox: no file", "after: the local site"] {
            #expect(lines.contains(fact), "\(fact): \(run.stdout)")
        }
        #expect(!lines.contains { $0.hasPrefix("after chromium:") }, "\(run.stdout)")
    }

    /// `browser_allowlist = false`: an allowlist session alone writes
    /// nothing into the browsers' policies (the firewall alone binds its owner).
    @Test func theAdministratorCanKeepAllowlistsOutOfTheBrowsers() throws {
        let run = try Sandbox(network: false).run(MemberProbeSetUp.script + FirefoxPolicySessionTests.fakeFirefox
            + Self.report + #"""
            echo 'browser_allowlist = false' >> /etc/refocus/policy.toml
            as_user ann "$B/refocus" list add work docs.test > /dev/null
            as_user ann "$B/refocus" start --allow work 10m > /dev/null
            report during
            as_user ann "$B/refocus" stop > /dev/null
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "during firefox: no file\n", "\(run.stdout)")
    }
}
