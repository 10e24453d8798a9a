import Foundation
import RefocusTestSupport
import Testing

/// Finding 4 of issue 28, as members tried it through the real sudo:
/// `min_prefix_ipv4` bounds each merged range, not their sum, and 10,000
/// separate /16 ranges (15 % of the IPv4 Internet) were accepted. Every
/// block session's ranges together, merged over all owners, now hold at
/// most as many addresses as one range of `total_prefix_ipv4` (a /10 by
/// default, 1/1024 of IPv4): the flood is refused with the key, its value
/// and what the request would have made it; a modest request passes; and
/// two members together cannot pass it either.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct AddressBudgetTests {
    @Test func tenThousandSixteensAreRefusedAndTwoMembersShareTheTotal() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + #"""
                # ranges FIRST COUNT: COUNT separate /16 ranges (every other one) from FIRST.0.0.0, as a start request.
                ranges() {
                  python3 -c 'import json, sys
                first, count = int(sys.argv[1]), int(sys.argv[2])
                entries = ["%d.%d.0.0/16" % (first + i // 128, 2 * (i % 128)) for i in range(count)]
                print(json.dumps({"version": 1, "verb": "start", "start": {"lists": [{"name": sys.argv[3], "entries": entries,
                                  "programs": []}], "length": 600, "locked": False}}))' "$@"
                }
                try() {  # try USER NAME FIRST COUNT: the status and message of the helper's answer
                  local status=0
                  raw_start "$1" "$(ranges "$3" "$4" "$2")" > "$WORK/out" 2> /dev/null || status=$?
                  echo "$1 $2: $status $(python3 -c 'import json, sys; print(json.load(sys.stdin).get("error", {}).get("message", "ok"))' < "$WORK/out")"
                }
                try ann flood 20 10000
                echo "table after the flood: $(nft list tables | grep -c refocus)"
                try ann modest 20 40
                try bob second 40 40
                try bob smaller 40 24
                try bob beyond 50 1
                echo "ipv4 ranges: $(nft list set inet refocus v4net | grep -o '[0-9.]*/16' | wc -l)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let policy = "more than the administrator's policy allows (total_prefix_ipv4 = 10 in /etc/refocus/policy.toml)"
        for fact in [
            "ann flood: 77 the blocked ranges of every session together would cover 655360000 IPv4 addresses, more than "
                + "one /10 range holds (4194304), \(policy)\n",
            "table after the flood: 0\n",
            "ann modest: 0 ok\n",
            "bob second: 77 the blocked ranges of every session together would cover 5242880 IPv4 addresses, more than "
                + "one /10 range holds (4194304), \(policy)\n",
            "bob smaller: 0 ok\n",
            "bob beyond: 77 the blocked ranges of every session together would cover 4259840 IPv4 addresses",
            "ipv4 ranges: 64\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }
}
