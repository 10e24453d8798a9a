import Foundation
import RefocusTestSupport
import Testing

/// Findings 4 and 6 of the trust-boundary issue, probed by members through
/// the real sudo: what one member blocks cannot cut others off (the whole
/// address space in two halves, loopback, the gateway) nor exhaust the
/// machine (100,000 names made a 95 MB /etc/hosts). The helper refuses each
/// such request, sent by hand or by refocus, naming the cap or the
/// protection (77), and changes nothing; refocus itself refuses what no
/// session may block as it enters a list (65), and leaves out what the
/// machine needs only now (the gateway) when a session starts.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct CapsTests {
    @Test func whatOthersNeedAndRangesTooWideAreRefusedWithTheCapsName() throws {
        let run = try Sandbox(peerAddresses: ["192.0.2.2"]).run(
            MemberProbeSetUp.script + #"""
                ip route add default via 192.0.2.2
                cp /etc/hosts "$WORK/hosts.before"
                try() {  # try USER LIST ENTRY…: the status and the refusal of starting a list of ENTRY…
                  local user=$1 list=$2; shift 2
                  as_user "$user" "$B/refocus" list add "$list" "$@" > /dev/null
                  local status=0
                  as_user "$user" "$B/refocus" start --list "$list" 10m > /dev/null 2> "$WORK/err" || status=$?
                  echo "$list: $status $(cat "$WORK/err")"
                }
                add() {  # add LIST ENTRY: the status and the refusal of ann's refocus list add
                  local status=0
                  as_user ann "$B/refocus" list add "$1" "$2" > /dev/null 2> "$WORK/err" || status=$?
                  echo "add $1: $status $(head -1 "$WORK/err")"
                }
                raw() {  # raw LIST ENTRY: the status and the message of the helper's answer to ann's start sent by hand
                  local status=0
                  raw_start ann "{\"version\":1,\"verb\":\"start\",\"start\":{\"lists\":[{\"name\":\"$1\",\"entries\":[\"$2\"],\"programs\":[]}],\"length\":600,\"locked\":false}}" > "$WORK/out" 2> /dev/null || status=$?
                  echo "raw $1: $status $(python3 -c 'import json, sys; print(json.load(sys.stdin)["error"]["message"])' < "$WORK/out")"
                }
                raw half 0.0.0.0/1
                raw halves 128.0.0.0/1
                raw loopback 127.0.0.1
                raw gateway 192.0.2.2
                raw mapped ::ffff:127.0.0.1
                add half 0.0.0.0/1
                add loopback 127.0.0.1
                add mapped ::ffff:127.0.0.1
                try ann gateway 192.0.2.2
                try ann wide 10.0.0.0/8
                try ann lan 10.0.0.0/16
                try bob neighbour 10.1.0.0/16
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts unchanged"
                nft list table inet refocus | grep -o 'elements = [{][^}]*[}]' | tr '\n' ' ' | sed 's/^/table: /'; echo
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let policy = "more than the administrator's policy allows"
        for fact in [
            "raw half: 77 0.0.0.0/1 is wider than a /16 range, \(policy) (min_prefix_ipv4 = 16 in /etc/refocus/policy.toml)\n",
            "raw halves: 77 128.0.0.0/1 is wider than a /16 range",
            "raw loopback: 77 127.0.0.1 may not be blocked: it covers 127.0.0.0/8 (loopback), which this machine "
                + "and its other users need (never_block_addresses); remove it from the list\n",
            "raw gateway: 77 192.0.2.2 may not be blocked: it covers 192.0.2.2 (a default gateway)",
            "raw mapped: 77 ::ffff:127.0.0.1 may not be blocked: it covers ::ffff:0.0.0.0/96 (IPv4-mapped addresses)",
            "add half: 65 refocus: 0.0.0.0/1 can never be blocked: it overlaps 0.0.0.0/8 (this network); leave it out\n",
            "add loopback: 65 refocus: 127.0.0.1 can never be blocked: it is in 127.0.0.0/8 (loopback); leave it out\n",
            "add mapped: 65 refocus: ::ffff:127.0.0.1 can never be blocked: it is in ::ffff:0.0.0.0/96 (IPv4-mapped "
                + "addresses); leave it out\n",
            "gateway: 65 refocus: list gateway has nothing a session may block: 192.0.2.2: it is 192.0.2.2 (a default "
                + "gateway); add entries that can be blocked ('refocus list add gateway example.com'), or start without it\n",
            "wide: 77 refocus: 10.0.0.0/8 is wider than a /16 range, \(policy) (min_prefix_ipv4 = 16 in "
                + "/etc/refocus/policy.toml)\n",
            "lan: 0 \n",
            "neighbour: 77 refocus: the blocked ranges would merge into 10.0.0.0–10.1.255.255, wider than a /16 range, "
                + "\(policy) (min_prefix_ipv4 = 16 in /etc/refocus/policy.toml)\n",
            "hosts unchanged", "table: elements = { 10.0.0.0/16 } \n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }

    @Test func oneMembersHugeListIsRefusedAndEveryoneElseCarriesOn() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + #"""
                mkdir -p /etc/refocus
                printf 'max_names_per_user = 20000\nmax_sessions_per_user = 2\n' > /etc/refocus/policy.toml
                python3 -c 'print("\n".join("n%d.flood.test" % i for i in range(25000)))' > "$WORK/flood.txt"
                chmod 644 "$WORK/flood.txt"
                as_user ann "$B/refocus" list import flood "$WORK/flood.txt" > /dev/null
                status=0; as_user ann "$B/refocus" start --list flood 10m > /dev/null 2> "$WORK/err" || status=$?
                echo "flood: $status $(cat "$WORK/err")"
                echo "hosts: $(wc -c < /etc/hosts) bytes"
                for list in one two three; do
                  as_user ann "$B/refocus" list add "$list" "$list.test" > /dev/null
                  status=0; as_user ann "$B/refocus" start --list "$list" 10m > /dev/null 2> "$WORK/err" || status=$?
                  echo "$list: $status $(cat "$WORK/err")"
                done
                as_user bob "$B/refocus" list add mine mine.test > /dev/null
                status=0; as_user bob "$B/refocus" start --list mine 10m > /dev/null || status=$?
                echo "bob: $status"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "flood: 77 refocus: the sessions would block 25000 domains of yours, more than the administrator's policy "
                + "allows (max_names_per_user = 20000 in /etc/refocus/policy.toml)\n",
            "one: 0 \n", "two: 0 \n",
            "three: 77 refocus: you would have 3 active sessions, more than the administrator's policy allows "
                + "(max_sessions_per_user = 2 in /etc/refocus/policy.toml)\n",
            "bob: 0\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        let bytes = run.number(after: "hosts: ", onLineStarting: "hosts:")
        #expect(bytes.map { $0 < 10_000 } == true, "nothing of the flood reached /etc/hosts: \(run.stdout)")
    }
}
