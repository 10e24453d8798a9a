import Foundation
import RefocusTestSupport
import Testing

/// Findings 4 and 6 of the trust-boundary issue, probed by members through
/// the real sudo: what one member blocks cannot cut others off (the whole
/// address space in two halves, loopback, the name server, the gateway)
/// nor exhaust the machine (100,000 names made a 95 MB /etc/hosts). Each
/// refusal names the cap and its value, exits 77 and changes nothing.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct CapsTests {
    @Test func whatOthersNeedAndRangesTooWideAreRefusedWithTheCapsName() throws {
        let run = try Sandbox(peerAddresses: ["192.0.2.2"]).run(MemberProbeSetUp.script + #"""
            ip route add default via 192.0.2.2
            cp /etc/hosts "$WORK/hosts.before"
            try() {  # try USER LIST ENTRY…: the status and the refusal of starting a list of ENTRY…
              local user=$1 list=$2; shift 2
              as_user "$user" "$B/refocus" list add "$list" "$@" > /dev/null
              local status=0
              as_user "$user" "$B/refocus" start --list "$list" 10m > /dev/null 2> "$WORK/err" || status=$?
              echo "$list: $status $(cat "$WORK/err")"
            }
            try ann half 0.0.0.0/1
            try ann halves 128.0.0.0/1
            try ann loopback 127.0.0.1
            try ann db 127.0.0.1/32
            try ann server 127.0.0.1   # the name server in resolv.conf is 127.0.0.1: loopback first
            try ann gateway 192.0.2.2
            try ann mapped ::ffff:127.0.0.1
            try ann lan 10.0.0.0/16
            try bob neighbour 10.1.0.0/16
            cmp /etc/hosts "$WORK/hosts.before" && echo "hosts unchanged"
            nft list table inet refocus | grep -o 'elements = [{][^}]*[}]' | tr '\n' ' ' | sed 's/^/table: /'; echo
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        let policy = "more than the administrator's policy allows"
        for fact in [
            "half: 77 refocus: 0.0.0.0/1 is wider than a /16 range, \(policy) (min_prefix_ipv4 = 16 in /etc/refocus/policy.toml)\n",
            "halves: 77 refocus: 128.0.0.0/1 is wider than a /16 range",
            "loopback: 77 refocus: 127.0.0.1 may not be blocked: it covers 127.0.0.0/8 (loopback), which this machine "
                + "and its other users need (never_block_addresses); remove it from the list\n",
            "db: 77 refocus: 127.0.0.1 may not be blocked",
            "gateway: 77 refocus: 192.0.2.2 may not be blocked: it covers 192.0.2.2 (a default gateway)",
            "mapped: 77 refocus: ::ffff:127.0.0.1 may not be blocked: it covers ::ffff:0.0.0.0/96 (IPv4-mapped addresses)",
            "lan: 0 \n",
            "neighbour: 77 refocus: the blocked ranges would merge into 10.0.0.0–10.1.255.255, wider than a /16 range, "
                + "\(policy) (min_prefix_ipv4 = 16 in /etc/refocus/policy.toml)\n",
            "hosts unchanged", "table: elements = { 10.0.0.0/16 } \n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }

    @Test func oneMembersHugeListIsRefusedAndEveryoneElseCarriesOn() throws {
        let run = try Sandbox().run(MemberProbeSetUp.script + #"""
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
