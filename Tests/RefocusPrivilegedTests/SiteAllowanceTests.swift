import RefocusTestSupport
import Testing

/// Daily allowances of sites end to end, through the real sudo, in network
/// namespaces of their own with dnsmasq and a peer's TCP server: the table
/// meters the owner's traffic to the list's addresses (one nflog message a
/// step, `allowance_site_step = "1s"` here), the daemon counts the steps,
/// and once the day's allowance is used the list is blocked at every layer
/// (the name answers the sinkhole, the connection is refused) until the
/// reset, set to the next whole minute, after which it is reachable again
/// and the day's use starts from zero. Idle time and another member's
/// traffic count nothing.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct SiteAllowanceTests {
    @Test func aSiteIsReachableUntilTheAllowanceIsUsedThenRefusedUntilTheReset() throws {
        let sandbox = Sandbox(
            dns: [Sandbox.Record("video.test", "198.51.100.5")], peerAddresses: ["198.51.100.5", "198.51.100.6"])
        let run = try sandbox.run(
            DailyAllowanceSudoTests.setUp + #"""
                echo 'allowance_site_step = "1s"' >> /etc/refocus/policy.toml
                user_connect() { as_user "$1" bash -c "$(declare -f connect); connect $2"; }
                looked_up() { as_user ann getent ahostsv4 video.test | head -1 | awk '{print $1}'; }
                # The reset: the first whole minute at least 20 s away (local time, as the daemon reads it).
                reset_at=$(( ($(date +%s) + 20 + 59) / 60 * 60 ))
                reset_minute=$(( 10#$(date -d "@$reset_at" +%H) * 60 + 10#$(date -d "@$reset_at" +%M) ))
                list='[{"name":"video","entries":["video.test"],"programs":[]}]'
                echo "set: $(allowance ann '{"action":"set","lists":'"$list"',"daily":3,"resetMinute":'"$reset_minute"'}')"
                answered
                echo "metering rules: $(nft list ruleset | grep -c 'log prefix "refocus-meter ')"
                echo "looked up: $(looked_up)"
                # Bob's traffic to the list, and 2 s of nobody's: nothing is counted.
                for _ in 1 2 3; do user_connect bob 198.51.100.5 > /dev/null; sleep 0.7; done
                echo "idle show: $(allowance ann '{"action":"show","lists":[]}')"
                answered
                # Another address of ann's is not on the list: not counted either.
                echo "ann other: $(user_connect ann 198.51.100.6)"
                start=$(date +%s%N); tries=0; first=""
                while [ $tries -lt 40 ]; do
                  tries=$((tries + 1)); got=$(user_connect ann 198.51.100.5)
                  [ -z "$first" ] && first=$got
                  [ "$got" = refused ] && break
                  sleep 0.25
                done
                echo "first: $first"
                echo "refused after: $(( ($(date +%s%N) - start) / 1000000 )) ms, $tries tries, last $got"
                echo "spent show: $(allowance ann '{"action":"show","lists":[]}')"
                answered
                echo "spent looked up: $(looked_up)"
                echo "spent metering rules: $(nft list ruleset | grep -c 'log prefix "refocus-meter ')"
                # After the reset the list is open again, its use from zero.
                while [ "$(date +%s)" -lt "$reset_at" ]; do sleep 1; done
                for _ in $(seq 100); do [ "$(user_connect ann 198.51.100.5)" = connected ] && break; sleep 0.1; done
                echo "after reset: $(user_connect ann 198.51.100.5)"
                echo "after reset looked up: $(looked_up)"
                echo "reset show: $(allowance ann '{"action":"show","lists":[]}')"
                answered
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("set: 0\nallowance: video 3 0 False False\n"), "\(run.stdout)")
        #expect(run.stdout.contains("metering rules: 1\n"), "one rule, for the list's IPv4 address: \(run.stdout)")
        #expect(run.stdout.contains("looked up: 198.51.100.5\n"), "\(run.stdout)")
        #expect(run.stdout.contains("idle show: 0\nallowance: video 3 0 False False\n"), "\(run.stdout)")
        #expect(run.stdout.contains("ann other: connected\n"), "\(run.stdout)")
        #expect(run.stdout.contains("first: connected\n"), "\(run.stdout)")
        // 3 steps of 1 s each from the first packet: refused 3 s later, give or take a reconcile.
        let milliseconds = run.number(after: "refused after: ", onLineStarting: "refused after:")
        #expect(milliseconds.map { $0 >= 2_500 && $0 <= 8_000 } == true, "\(run.stdout)")
        #expect(run.stdout.contains("tries, last refused\n"), "\(run.stdout)")
        #expect(run.stdout.contains("spent show: 0\nallowance: video 3 3 True False\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("spent looked up: 198.51.100.5\n"), "the name is blocked too: \(run.stdout)")
        #expect(run.stdout.contains("spent metering rules: 0\n"), "a used allowance is not metered: \(run.stdout)")
        #expect(run.stdout.contains("after reset: connected\n"), "\(run.stdout)")
        #expect(run.stdout.contains("after reset looked up: 198.51.100.5\n"), "\(run.stdout)")
        // A new day: the connections just made count from zero, and it is open.
        #expect(
            ["0", "1", "2"].contains { run.stdout.contains("reset show: 0\nallowance: video 3 \($0) False False\n") },
            "\(run.stdout)")
    }
}
