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
        let sandbox = Sandbox(
            dns: [Sandbox.Record("docs.test", "198.51.100.5"), Sandbox.Record("fun.test", "198.51.100.6")],
            peerAddresses: ["198.51.100.5", "198.51.100.6"])
        let run = try sandbox.run(
            MemberProbeSetUp.script + #"""
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
        for fact in [
            "ann allowed: connected", "ann other: refused", "ann dns: 198.51.100.6", "bob other: connected",
            "root other: connected", "#1 allow: work ", "status: , 3 connections refused", "json: 3",
            "ann after: connected", "tables after: 0",
        ] {
            #expect(
                run.stdout.contains(fact + (fact.hasSuffix(" ") ? "" : "\n")), "\(fact): \(run.stdout) \(run.stderr)")
        }
    }

    /// An allowed name that moves: dnsmasq answers docs.test from a hosts
    /// file it reads again on SIGHUP, first with .5, then with .7. After
    /// the daemon's re-resolution (SIGHUP, as an administrator would send
    /// after changing DNS; otherwise the answer's TTL, at least 30 s) ann
    /// reaches .7, and still .5, the address the name had, for one more
    /// life; .6, never an answer, stays refused.
    @Test func anAllowedNameThatMovesIsFollowed() throws {
        let sandbox = Sandbox(
            dns: [Sandbox.Record("fun.test", "198.51.100.6")],
            peerAddresses: ["198.51.100.5", "198.51.100.6", "198.51.100.7"],
            dnsmasqOptions: [#"--addn-hosts="$WORK/moving.hosts""#])
        let run = try sandbox.run(
            MemberProbeSetUp.script + #"""
                user_connect() { as_user "$1" bash -c "$(declare -f connect); connect $2"; }
                move_to() {
                  echo "$1 docs.test" > "$WORK/moving.hosts"
                  pkill -HUP -f "addn-hosts=$WORK/moving.hosts"
                  for _ in $(seq 200); do [ "$(getent ahostsv4 docs.test | head -1 | awk '{print $1}')" = "$1" ] && return; sleep 0.02; done
                  echo "dnsmasq did not move docs.test to $1"
                }
                move_to 198.51.100.5
                as_user ann "$B/refocus" list add work docs.test > /dev/null
                as_user ann "$B/refocus" start --allow work 10m > /dev/null
                echo "first .5: $(user_connect ann 198.51.100.5)"
                echo "first .7: $(user_connect ann 198.51.100.7)"
                move_to 198.51.100.7
                echo "moved, not yet resolved .7: $(user_connect ann 198.51.100.7)"
                pkill -HUP -f 'refocus-helper daemon'
                for _ in $(seq 250); do [ "$(user_connect ann 198.51.100.7)" = connected ] && break; sleep 0.02; done
                echo "resolved again .7: $(user_connect ann 198.51.100.7)"
                echo "resolved again .5: $(user_connect ann 198.51.100.5)"
                echo "resolved again .6: $(user_connect ann 198.51.100.6)"
                as_user ann "$B/refocus" stop > /dev/null
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "first .5: connected", "first .7: refused", "moved, not yet resolved .7: refused",
            "resolved again .7: connected", "resolved again .5: connected", "resolved again .6: refused",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        #expect(!run.stdout.contains("did not move"), "\(run.stdout)")
    }

    /// An allowed name whose name server does not answer (an address on the
    /// peer's network that nobody holds, a 300 ms resolve deadline):
    /// `refocus start` says the allowed names are unreachable until they
    /// resolve, not what a blocked name's note says, and ann is refused.
    @Test func anAllowedNameThatDoesNotResolveIsSaidToBeUnreachable() throws {
        let sandbox = Sandbox(peerAddresses: ["198.51.100.5"])
        let run = try sandbox.run(
            MemberProbeSetUp.script + #"""
                mkdir -p /etc/refocus && echo 'resolve_timeout_ms = 300' >> /etc/refocus/policy.toml
                echo 'nameserver 198.51.100.99' > /etc/resolv.conf
                as_user ann "$B/refocus" list add work docs.test > /dev/null
                # The daemon runs before the session, so the start's own reconcile asks for the names.
                "$B/refocus-helper" reconcile > /dev/null
                as_user ann "$B/refocus" start --allow work 10m 2>&1 > /dev/null | sed 's/^[^:]*: [0-9]* //'
                echo "ann .5: $(as_user ann bash -c "$(declare -f connect); connect 198.51.100.5")"
                as_user ann "$B/refocus" stop > /dev/null
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "allowed names did not resolve in time; they are unreachable until they resolve "
                    + "(asked again within 30 seconds)\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("/etc/hosts only") && run.stdout.contains("ann .5: refused\n"), "\(run.stdout)")
    }

    /// What the administrator's policy says no session may block stays
    /// reachable under an allowlist: `never_block_addresses` (.7) and a
    /// `never_block` name (sso.test, .8); .6 is neither and is refused.
    @Test func whatThePolicyNeverBlocksStaysReachable() throws {
        let sandbox = Sandbox(
            dns: [Sandbox.Record("docs.test", "198.51.100.5"), Sandbox.Record("sso.test", "198.51.100.8")],
            peerAddresses: ["198.51.100.5", "198.51.100.6", "198.51.100.7", "198.51.100.8"])
        let run = try sandbox.run(
            MemberProbeSetUp.script + #"""
                mkdir -p /etc/refocus
                printf 'never_block_addresses = ["198.51.100.7"]\nnever_block = ["sso.test"]\n' >> /etc/refocus/policy.toml
                as_user ann "$B/refocus" list add work docs.test > /dev/null
                as_user ann "$B/refocus" start --allow work 10m > /dev/null
                for a in 5 6 7 8; do echo "ann .$a: $(as_user ann bash -c "$(declare -f connect); connect 198.51.100.$a")"; done
                as_user ann "$B/refocus" stop > /dev/null
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == "ann .5: connected\nann .6: refused\nann .7: connected\nann .8: connected\n", "\(run.stdout)")
    }

    /// Sessions combined, through the real helper: two allowlist sessions
    /// of ann's allow the union of their lists (docs.test's .5 and the
    /// address .7), and a block-list session of hers beside them takes
    /// fun.test (.6) away although `work` allows it: an address is
    /// reachable only if it is allowed and not blocked. The block list binds
    /// bob too (block lists are machine-wide); ann's allowlists do not.
    /// Stopping the block list gives ann .6 back; stopping everything, all.
    @Test func allowlistsUniteAndBlockListsStillBlock() throws {
        let sandbox = Sandbox(
            dns: [Sandbox.Record("docs.test", "198.51.100.5"), Sandbox.Record("fun.test", "198.51.100.6")],
            peerAddresses: ["198.51.100.5", "198.51.100.6", "198.51.100.7", "198.51.100.8"])
        let run = try sandbox.run(
            MemberProbeSetUp.script + #"""
                user_connect() { as_user "$1" bash -c "$(declare -f connect); connect $2"; }
                reach() { echo "$1: ann $(for a in 5 6 7 8; do echo -n ".$a $(user_connect ann 198.51.100.$a) "; done)bob .6 $(user_connect bob 198.51.100.6) .8 $(user_connect bob 198.51.100.8)"; }
                as_user ann "$B/refocus" list add work docs.test fun.test > /dev/null
                as_user ann "$B/refocus" list add extra 198.51.100.7 > /dev/null
                as_user ann "$B/refocus" list add social fun.test > /dev/null
                as_user ann "$B/refocus" start --allow work 10m > /dev/null
                as_user ann "$B/refocus" start --allow extra 10m > /dev/null
                reach "two allowlists"
                as_user ann "$B/refocus" start --list social 10m > /dev/null
                reach "and a block list"
                social=$(as_user ann "$B/refocus" status --json | python3 -c 'import json, sys; print([s["id"] for s in json.load(sys.stdin)["sessions"] if s.get("mode", "block") == "block"][0])')
                as_user ann "$B/refocus" stop "$social" > /dev/null
                reach "block list stopped"
                as_user ann "$B/refocus" stop > /dev/null
                reach "all stopped"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "two allowlists: ann .5 connected .6 connected .7 connected .8 refused bob .6 connected .8 connected",
            "and a block list: ann .5 connected .6 refused .7 connected .8 refused bob .6 refused .8 connected",
            "block list stopped: ann .5 connected .6 connected .7 connected .8 refused bob .6 connected .8 connected",
            "all stopped: ann .5 connected .6 connected .7 connected .8 connected bob .6 connected .8 connected",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
    }

    /// The two people of the threat model against a locked allowlist,
    /// through the real sudo: the owner tries to widen it (another
    /// allowlist session, the same list with more entries by hand, a stop, a
    /// pause) and to send a request naming another mode or uid; another
    /// member starts their own allowlist and stops. Every widening is refused
    /// or dropped, and ann still reaches only docs.test, bob is never restricted.
    @Test func neitherTheOwnerNorAnotherMemberWidensALockedAllowlist() throws {
        let sandbox = Sandbox(
            dns: [Sandbox.Record("docs.test", "198.51.100.5"), Sandbox.Record("fun.test", "198.51.100.6")],
            peerAddresses: ["198.51.100.5", "198.51.100.6"])
        let run = try sandbox.run(
            MemberProbeSetUp.script + #"""
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
        for fact in [
            "ann another allowlist: 77 is locked", "ann stop: 77", "ann pause: 77", "raw other uid: 65",
            "ann fun: refused", "ann docs: connected", "bob fun: connected", "bob docs: refused",
            "ann fun after bob: refused",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }
}
