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
            # Two more of ann's refused, one of bob's not counted; a reconcile publishes the counts at once.
            user_connect ann 198.51.100.6 > /dev/null; user_connect ann 198.51.100.6 > /dev/null
            user_connect bob 198.51.100.6 > /dev/null
            "$B/refocus-helper" reconcile > /dev/null
            echo "status: $(as_user ann "$B/refocus" status | head -1 | grep -o ', [0-9]* connections* refused$')"
            echo "json: $(as_user ann "$B/refocus" status --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["sessions"][0]["blockedAttempts"])')"
            as_user ann "$B/refocus" stop > /dev/null
            echo "ann after: $(user_connect ann 198.51.100.6)"
            echo "tables after: $(nft list tables | grep -c refocus || true)"
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in ["ann allowed: connected", "ann other: refused", "ann dns: 198.51.100.6", "bob other: connected",
                     "root other: connected", "#1 allow: work ", "status: , 3 connections refused", "json: 3",
                     "ann after: connected", "tables after: 0"] {
            #expect(run.stdout.contains(fact + (fact.hasSuffix(" ") ? "" : "\n")), "\(fact): \(run.stdout) \(run.stderr)")
        }
    }

    /// The two people of the threat model against a locked allowlist,
    /// through the real sudo: the owner tries to widen it (another
    /// allowlist session, the same list with more entries by hand, a stop, a
    /// pause) and to send a request naming another mode or uid; another
    /// member starts their own allowlist and stops. Every widening is refused
    /// or dropped, and ann still reaches only docs.test, bob is never restricted.
    @Test func neitherTheOwnerNorAnotherMemberWidensALockedAllowlist() throws {
        let sandbox = Sandbox(dns: [Sandbox.Record("docs.test", "198.51.100.5"), Sandbox.Record("fun.test", "198.51.100.6")],
                              peerAddresses: ["198.51.100.5", "198.51.100.6"])
        let run = try sandbox.run(MemberProbeSetUp.script + #"""
            user_connect() { as_user "$1" bash -c "$(declare -f connect); connect $2"; }
            tried() { local status=0; "$@" > /dev/null 2> "$WORK/err" || status=$?; echo "$status $(grep -o 'session-locked\|is locked' "$WORK/err" | head -1)"; }
            as_user ann "$B/refocus" list add work docs.test > /dev/null
            as_user ann "$B/refocus" list add fun fun.test > /dev/null
            as_user ann "$B/refocus" start --allow work 10m --lock > /dev/null
            echo "ann another allowlist: $(tried as_user ann "$B/refocus" start --allow fun 10m)"
            echo "ann stop: $(tried as_user ann "$B/refocus" stop)"
            echo "ann pause: $(tried as_user ann "$B/refocus" pause)"
            raw_start ann '{"version":1,"verb":"start","start":{"lists":[{"name":"work","entries":["docs.test","fun.test"],"programs":[]}],"length":600,"locked":false,"notify":true,"mode":"allow"}}' > /dev/null
            echo "raw other uid: $(raw_start ann '{"version":1,"verb":"start","start":{"lists":[{"name":"fun","entries":["fun.test"],"programs":[]}],"length":600,"locked":false,"owner":1,"mode":"allow"}}' > /dev/null 2>&1; echo $?)"
            echo "ann fun: $(user_connect ann 198.51.100.6)"
            echo "ann docs: $(user_connect ann 198.51.100.5)"
            as_user bob "$B/refocus" list add fun fun.test > /dev/null
            as_user bob "$B/refocus" start --allow fun 10m > /dev/null
            echo "bob fun: $(user_connect bob 198.51.100.6)"
            echo "bob docs: $(user_connect bob 198.51.100.5)"
            as_user bob "$B/refocus" stop > /dev/null
            echo "ann fun after bob: $(user_connect ann 198.51.100.6)"
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in ["ann another allowlist: 77 is locked", "ann stop: 77", "ann pause: 77", "raw other uid: 65",
                     "ann fun: refused", "ann docs: connected", "bob fun: connected", "bob docs: refused",
                     "ann fun after bob: refused"] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }
}
