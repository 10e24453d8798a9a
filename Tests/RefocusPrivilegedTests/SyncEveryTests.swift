import RefocusTestSupport
import Testing

/// `refocus sync --every` with the real `crontab` (its spool on a tmpfs in
/// the sandbox): `--every 15m` adds one line to the refocus section of the
/// user's own crontab, beside their other lines, with their configuration
/// and state folders; `schedule list` shows it; `--every off` removes it
/// and leaves every other byte as it was.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct SyncEveryTests {
    @Test func everyAddsOneCronLineAndOffRemovesIt() throws {
        let run = try Sandbox().run(
            ScheduleSetUp.script + #"""
                add_user ann
                printf 'MAILTO=ann\n0 7 * * * echo morning\n' > "$WORK/original"
                as_user ann crontab - < "$WORK/original"
                mkdir -p "$WORK/shared" && chmod 777 "$WORK/shared"
                as_user ann env XDG_STATE_HOME="$WORK/home-ann/state" "$B/refocus" sync init --dir "$WORK/shared" > /dev/null
                as_user ann env XDG_STATE_HOME="$WORK/home-ann/state" "$B/refocus" sync --every 15m
                as_user ann crontab -l | sed 's/^/cron| /'
                as_user ann "$B/refocus" schedule list | sed 's/^/list| /'
                as_user ann env XDG_STATE_HOME="$WORK/home-ann/state" "$B/refocus" sync --every off
                as_user ann crontab -l > "$WORK/after"
                cmp -s "$WORK/after" "$WORK/original" && echo "crontab as it was"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let cron = run.stdout.split(separator: "\n").filter { $0.hasPrefix("cron| ") }.map { String($0.dropFirst(6)) }
        let line = cron.first { $0.hasSuffix(" sync -q # refocus-schedule 1") } ?? ""
        #expect(
            line.hasPrefix("*/15 * * * * XDG_CONFIG_HOME=") && line.contains(" XDG_STATE_HOME=")
                && line.contains("/home-ann/state "), "\(run.stdout)")
        #expect(cron.contains("MAILTO=ann") && cron.contains("0 7 * * * echo morning"), "\(run.stdout)")
        #expect(cron.filter { $0.contains("refocus-schedule") }.count == 1, "\(run.stdout)")
        #expect(run.stdout.contains("list| ") && run.stdout.contains("sync"), "\(run.stdout)")
        #expect(run.stdout.contains("crontab as it was"), "\(run.stdout)")
    }
}
