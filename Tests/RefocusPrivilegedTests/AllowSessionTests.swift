import Foundation
import RefocusTestSupport
import Testing

/// Allowlist sessions through the real sudo and helper, in fresh namespaces
/// with dnsmasq and TCP servers on several addresses: the owner reaches the
/// allowed name and nothing else, while root and another user are not
/// restricted, DNS still answers, and the table is gone afterwards.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct AllowSessionTests {
    /// The issue's must-show: `refocus start --allow work 1m` as a test user.
    @Test func onlyTheAllowedSiteConnectsForTheOwnerAlone() throws {
        let sandbox = Sandbox(dns: [Sandbox.Record("docs.test", "198.51.100.5"), Sandbox.Record("fun.test", "198.51.100.6")],
                              peerAddresses: ["198.51.100.5", "198.51.100.6"])
        let run = try sandbox.run(MemberProbeSetUp.script + #"""
            user_connect() { as_user "$1" bash -c "$(declare -f connect); connect $2"; }
            as_user ann "$B/refocus" list add work docs.test > /dev/null
            as_user ann "$B/refocus" start --allow work 1m
            echo "ann allowed: $(user_connect ann 198.51.100.5)"
            echo "ann other: $(user_connect ann 198.51.100.6)"
            echo "ann dns: $(as_user ann getent ahostsv4 fun.test | head -1 | awk '{print $1}')"
            echo "bob other: $(user_connect bob 198.51.100.6)"
            echo "root other: $(connect 198.51.100.6)"
            as_user ann "$B/refocus" status | head -1 | sed 's/until.*//'
            as_user ann "$B/refocus" stop > /dev/null
            echo "ann after: $(user_connect ann 198.51.100.6)"
            echo "tables after: $(nft list tables | grep -c refocus || true)"
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in ["ann allowed: connected", "ann other: refused", "ann dns: 198.51.100.6", "bob other: connected",
                     "root other: connected", "#1 allow: work ", "ann after: connected", "tables after: 0"] {
            #expect(run.stdout.contains(fact + (fact.hasSuffix(" ") ? "" : "\n")), "\(fact): \(run.stdout) \(run.stderr)")
        }
    }
}
