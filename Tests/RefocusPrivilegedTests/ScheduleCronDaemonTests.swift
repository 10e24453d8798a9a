import Foundation
import RefocusTestSupport
import Testing

/// The real cron daemon, started inside the sandbox (its own PID namespace,
/// so it dies with it; its own crontab spool, an emptied /etc/crontab and
/// /etc/cron.d in the overlay, and a fresh /run, so that it runs @reboot
/// entries at start), runs the lines `refocus schedule add` wrote: an
/// @reboot entry starts its session at once, and one due in the next minute
/// starts its session in that minute, through the real sudo and helper for
/// a real user with a NOPASSWD rule. The refocus that wrote them runs from
/// a folder whose name needs quoting for sh and escaping for cron.
@Suite(
    .enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")),
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/cron"),
        "needs cron (apt-get install cron; make test installs it)"))
struct ScheduleCronDaemonTests {
    @Test(.timeLimit(.minutes(3)))
    func anEntryDueInTheNextMinuteStartsTheSession() throws {
        let run = try Sandbox().run(
            ScheduleSetUp.daemon + #"""
                P="$WORK/re focus's 100%"
                install -d -m 755 "$P"; install -m 755 "$B/refocus" "$P/"
                as_user ann "$P/refocus" -q list add focus social.test
                as_user ann "$P/refocus" -q list add boot video.test
                as_user ann "$P/refocus" -q schedule add @reboot --list boot 5m
                due=$(next_minute 15)
                as_user ann "$P/refocus" -q schedule add "$(date -u -d "@$due" '+%-M %-H') * * *" --list focus 5m
                as_user ann "$P/refocus" -q list add reach docs.test
                as_user ann "$P/refocus" -q schedule add @reboot --allow reach 5m
                echo "uid: $(id -u ann)"
                as_user ann crontab -l | grep refocus-schedule
                start_cron UTC
                for _ in $(seq 100); do [ "$(sessions | grep -c 'boot\|reach')" = 2 ] && break; sleep 0.2; done
                echo "at boot: $(sessions | grep boot | tr '\n' ' ')"
                echo "allowlist at boot: $(as_user ann "$P/refocus" status | grep -o '#[0-9]* allow: reach')"
                while [ "$(date +%s)" -lt $(( due + 40 )) ]; do
                  if sessions | grep -q focus; then echo "started $(( $(date +%s) - due )) s after the minute it was due"; break; fi
                  sleep 0.5
                done
                sessions
                blocked social.test
                pgrep -x cron > /dev/null && echo "cron runs in the sandbox"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let uid = try #require(SudoPathTests.value("uid", in: run.stdout))
        #expect(
            run.stdout.contains(
                #"/re focus'\\''s 100\%/refocus' start -q --list focus 5m # refocus-schedule 2"# + "\n"),
            "the program's folder quoted for sh, % escaped for cron: \(run.stdout)")
        #expect(run.stdout.contains("at boot: session: \(uid) boot \n"), "@reboot ran when cron started: \(run.stdout)")
        #expect(run.stdout.contains("start -q --allow reach 5m # refocus-schedule 3\n"), "\(run.stdout)")
        #expect(
            run.stdout.range(of: #"allowlist at boot: #[0-9]+ allow: reach\n"#, options: .regularExpression) != nil,
            "an allowlist schedule starts an allowlist session: \(run.stdout)")
        let after = run.number(after: "started ", onLineStarting: "started ")
        #expect(after.map { (0..<30).contains($0) } == true, "started in the minute it was due: \(run.stdout)")
        #expect(run.stdout.contains("session: \(uid) focus\n"), "\(run.stdout)")
        #expect(run.stdout.contains("social.test: 100::1 192.0.2.1 \n"), "the block is in force: \(run.stdout)")
        #expect(run.stdout.contains("cron runs in the sandbox"))
    }

    /// Debian's cron across a clock change, as `CronExpression.nextRuns` documents it: the daemon runs in
    /// a time zone (a POSIX TZ rule) whose clock jumps from HH:MM to HH+1:MM at the next minute. A
    /// fixed-time entry due at HH:MM+30, which the jump skips, runs right after it; a wildcard one (its
    /// hour field is `*`) due at the same skipped time does not.
    @Test(.timeLimit(.minutes(3)))
    func aFixedTimeSkippedBySpringForwardRunsAfterTheJumpAndAWildcardOneDoesNot() throws {
        let run = try Sandbox().run(
            ScheduleSetUp.daemon + #"""
                as_user ann "$B/refocus" -q list add fixed fixed.test
                as_user ann "$B/refocus" -q list add wild wild.test
                jump=$(next_minute 20)
                skipped=$(( jump + 1800 ))
                as_user ann "$B/refocus" -q schedule add "$(date -u -d "@$skipped" '+%-M %-H') * * *" --list fixed 5m
                as_user ann "$B/refocus" -q schedule add "$(date -u -d "@$skipped" '+%-M') * * * *" --list wild 5m
                # The zone's standard time is UTC; its summer time (UTC+1) begins at the jump.
                day=$(( 10#$(date -u -d "@$jump" +%j) - 1 ))
                zone="RFS0RFD-1,$day/$(date -u -d "@$jump" +%H:%M),$(( (day + 180) % 365 ))/0"
                echo "offsets: $(TZ=$zone date -d "@$(( jump - 1 ))" +%z) then $(TZ=$zone date -d "@$jump" +%z)"
                start_cron "$zone"
                while [ "$(date +%s)" -lt $(( jump + 40 )) ]; do
                  if sessions | grep -q fixed; then echo "fixed started $(( $(date +%s) - jump )) s after the jump"; break; fi
                  sleep 0.5
                done
                sleep 3
                sessions
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("offsets: +0000 then +0100\n"), "the zone's clock jumps an hour: \(run.stdout)")
        let after = run.number(after: "started ", onLineStarting: "fixed started ")
        #expect(after.map { (0..<30).contains($0) } == true, "the skipped fixed time ran after the jump: \(run.stdout)")
        #expect(
            run.stdout.contains(" fixed\n") && !run.stdout.contains(" wild\n"),
            "the wildcard entry skipped it: \(run.stdout)")
    }
}
