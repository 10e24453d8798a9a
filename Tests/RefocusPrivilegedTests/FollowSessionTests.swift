import Foundation
import RefocusTestSupport
import Testing

/// Sessions that follow their user (issue 32): started with `--everywhere`
/// on machine A, applied on machine B by `refocus sync --watch` through
/// B's own helper, as B's user, through the real sudo; stopped on A, lifted
/// on B; locked, kept on both after a stop on B.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct FollowSessionTests {
    @Test func aSessionStartedEverywhereIsEnforcedOnTheOtherMachineAndStopsWithIt() throws {
        let machines = try TwoMachines()
        let (a, b) = try machines.run(
            #"""
            await b-watching
            refocus_ann start --list social 25m --everywhere
            mark a-started
            refocus_ann status --json | python3 -c 'import json, sys; print("a end:", json.load(sys.stdin)["sessions"][0]["plannedEnd"])'
            await b-enforced
            refocus_ann stop > /dev/null
            mark a-stopped
            await b-lifted
            refocus_ann start --list social 25m --lock --everywhere > /dev/null
            mark a-locked
            await b-tried-stop
            blocked social.test
            echo "a: $(connect 192.0.2.2)"
            echo "published by b: $(ls "$SHARED/sessions/b" 2> /dev/null | wc -l)"
            cat "$WORK/home-ann/.local/state/refocus/sync/follow.json" >&2
            """#,
            #"""
            as_user ann setsid "$B/refocus" sync --watch < /dev/null > "$WORK/watch.log" 2>&1 &
            sleep 0.5
            mark b-watching
            see_start
            blocked social.test
            echo "b: $(connect 192.0.2.2)"
            nft list ruleset | grep -c 192.0.2.2 | sed 's/^/b table lines: /'
            refocus_ann status --json | python3 -c 'import json, sys; print("b end:", json.load(sys.stdin)["sessions"][0]["plannedEnd"])'
            mark b-enforced
            see_stop
            echo "b after stop: $(connect 192.0.2.2)"
            mark b-lifted
            await a-locked
            until_enforced
            status=0; refocus_ann stop > /dev/null 2> "$WORK/stop.err" || status=$?
            echo "b stop status: $status"
            mark b-tried-stop
            sleep 1
            blocked social.test
            echo "b locked: $(connect 192.0.2.2)"
            sed 's/^/watch: /' "$WORK/watch.log" >&2
            """#)
        #expect(a.status == 0, "\(a.stderr)\n\(a.stdout)")
        #expect(b.status == 0, "\(b.stderr)\n\(b.stdout)")
        #expect(a.stdout.contains("It follows you"), "\(a.stdout)")
        let latency = try #require(Self.number("b latency", in: b.stdout), "\(b.stdout)")
        #expect(latency < 2, "enforced on B \(latency) s after A's start returned: \(b.stdout)")
        #expect(b.stdout.contains("social.test: 100::1 192.0.2.1 \n"), "\(b.stdout)")
        #expect(b.stdout.contains("b: refused\n"), "\(b.stdout)")
        let aEnd = try #require(Self.time("a end", in: a.stdout)), bEnd = try #require(Self.time("b end", in: b.stdout))
        #expect(abs(aEnd.timeIntervalSince(bEnd)) <= 2, "A ends at \(aEnd), B at \(bEnd)")
        let lift = try #require(Self.number("b lift latency", in: b.stdout), "\(b.stdout)")
        #expect(lift < 5, "\(b.stdout)\n\(b.stderr)\n\(a.stderr)")
        #expect(b.stdout.contains("b after stop: connected\n"), "\(b.stdout)\n\(b.stderr)")
        #expect(b.stdout.contains("b stop status: 77\n"), "a locked session refuses B's stop: \(b.stdout)")
        #expect(b.stdout.contains("b locked: refused\n"), "\(b.stdout)")
        #expect(a.stdout.contains("social.test: 100::1 192.0.2.1 \n"), "still on A: \(a.stdout)")
        #expect(a.stdout.contains("a: refused\n"), "\(a.stdout)")
        #expect(a.stdout.contains("published by b: 0\n"), "a refused stop publishes nothing: \(a.stdout)")
    }

    @Test func aSessionFollowsThroughABareGitRemoteFetchedEverySecond() throws {
        var machines = try TwoMachines()
        machines.syncInit = #"--git "$SHARED/remote.git""#
        let (a, b) = try machines.run(
            #"""
            as_user ann git init --quiet --bare "$SHARED/remote.git"
            mark repo
            await b-watching
            refocus_ann start --list social 25m --everywhere
            mark a-started
            await b-enforced
            refocus_ann stop > /dev/null
            mark a-stopped
            await b-lifted
            """#,
            #"""
            await repo
            as_user ann setsid "$B/refocus" sync --watch --every 1s < /dev/null > "$WORK/watch.log" 2>&1 &
            sleep 0.5
            mark b-watching
            see_start
            echo "b: $(connect 192.0.2.2)"
            mark b-enforced
            see_stop
            echo "b after stop: $(connect 192.0.2.2)"
            mark b-lifted
            as_user ann git -C "$SHARED/remote.git" log --format=%s main | sed 's/^/commit: /'
            sed 's/^/watch: /' "$WORK/watch.log" >&2
            """#)
        #expect(a.status == 0, "\(a.stderr)\n\(a.stdout)")
        #expect(b.status == 0, "\(b.stderr)\n\(b.stdout)")
        let latency = try #require(Self.number("b latency", in: b.stdout), "\(b.stdout)")
        #expect(latency < 4, "a fetch every second: \(b.stdout)\n\(b.stderr)")
        #expect(b.stdout.contains("b: refused\n"), "\(b.stdout)")
        let lift = try #require(Self.number("b lift latency", in: b.stdout), "\(b.stdout)")
        #expect(lift < 4, "\(b.stdout)\n\(b.stderr)")
        #expect(b.stdout.contains("b after stop: connected\n"), "\(b.stdout)")
        #expect(b.stdout.contains("commit: refocus: stop "), "\(b.stdout)")
        #expect(b.stdout.contains("commit: refocus: start "), "\(b.stdout)")
    }

    static func number(_ key: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(key + ": ") }.flatMap { Double($0.dropFirst(key.count + 2)) }
    }

    static func time(_ key: String, in text: String) -> Date? {
        text.split(separator: "\n").first { $0.hasPrefix(key + ": ") }
            .flatMap { try? Date.ISO8601FormatStyle().parse(String($0.dropFirst(key.count + 2))) }
    }
}
