import Foundation
import RefocusTestSupport
import Testing

/// The daily reminder of issue 31 end to end: `refocus schedule add … --remind
/// TEXT` as the user ann writes a line into her crontab; the real cron daemon
/// (`ScheduleSetUp.daemon`) runs it as ann in the minute it is due, with
/// cron's own environment (no DBUS_SESSION_BUS_ADDRESS, PATH=/usr/bin:/bin);
/// `refocus remind` finds ann's session bus at /run/user/UID/bus (a real
/// dbus-daemon, `NotificationTests.sessionBus`) and the real notify-send
/// delivers the text, every byte of it (quotes, `$`, `%`, a backslash,
/// accents and an emoji), to the notification server, which records the
/// caller's uid: ann's. `schedule list` shows it as a reminder, `remove`
/// removes it. Without a bus of her own, or without notify-send, `refocus
/// remind` fails with its documented status and a message cron mails; `schedule add --remind` with
/// a session's arguments, or with a text that is not one line, is refused and writes nothing.
@Suite(
    .enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")),
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/cron"),
        "needs cron (apt-get install cron; make test-deps installs it)"))
struct ReminderCronTests {
    /// The reminder's text, as bash reads it inside double quotes, and as the notification must show it.
    static let textInBash = #"Plan the day's \"focus\": 100% of \$HOME \\ café 🧘"#
    static let text = #"Plan the day's "focus": 100% of $HOME \ café 🧘"#

    @Test(.timeLimit(.minutes(3)))
    func cronDeliversTheReminderThroughNotifySendAsTheOwner() throws {
        let run = try Sandbox(network: false).run(
            ScheduleSetUp.daemon + NotificationTests.sessionBus + #"""
                text="\#(Self.textInBash)"
                due=$(next_minute 15)
                as_user ann "$B/refocus" schedule add "$(date -u -d "@$due" '+%-M %-H') * * *" --remind "$text"
                echo "line: $(as_user ann crontab -l | grep refocus-schedule)"
                as_user ann "$B/refocus" schedule list --json \
                  | python3 -c 'import json, sys; r = json.load(sys.stdin)[0]; print("json:", r["id"], r["remind"] == sys.argv[1], "lists" in r, "preset" in r)' "$text"
                as_user ann "$B/refocus" schedule list | head -1
                echo "uid: $ANN"
                start_cron UTC
                while [ "$(date +%s)" -lt $(( due + 40 )) ]; do
                  if [ -s "$WORK/notices" ]; then echo "shown $(( $(date +%s) - due )) s after the minute it was due"; break; fi
                  sleep 0.5
                done
                cat "$WORK/notices"
                as_user ann "$B/refocus" schedule remove 1
                echo "after remove: $(as_user ann crontab -l | grep -c refocus-schedule)"
                pgrep -x cron > /dev/null && echo "cron runs in the sandbox"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let uid = try #require(SudoPathTests.value("uid", in: run.stdout))
        #expect(
            run.stdout.contains(
                #" remind -- 'Plan the day'\\''s "focus": 100\% of $HOME \\ café 🧘' # refocus-schedule 1"# + "\n"),
            "quoted for sh, % and \\ escaped for cron: \(run.stdout)")
        #expect(run.stdout.contains("Added schedule #1: "), "\(run.stdout)")
        #expect(run.stdout.contains("json: 1 True False False\n"), "--json carries the text as remind: \(run.stdout)")
        #expect(
            run.stdout.contains(#": remind "Plan the day's \"focus\": 100% of $HOME \\ café 🧘""# + "\n"),
            "list shows a reminder with its text: \(run.stdout)")
        let after = run.number(after: "shown ", onLineStarting: "shown ")
        #expect(after.map { (0..<30).contains($0) } == true, "shown in the minute it was due: \(run.stdout)")
        #expect(
            run.stdout.split(separator: "\n").filter { $0.hasPrefix("uid ") }.map(String.init) == [
                "uid \(uid) app ReFocus: \(Self.text) | A reminder you scheduled; 'refocus schedule list' shows it."
            ], "one notification, from ann's uid, with every byte of the text: \(run.stdout)")
        #expect(run.stdout.contains("Removed schedule #1: "), "\(run.stdout)")
        #expect(run.stdout.contains("after remove: 0\n"), "\(run.stdout)")
        #expect(run.stdout.contains("cron runs in the sandbox"))
    }

    /// Cron's environment without a bus of the user's own: bob has no /run/user/UID/bus, then one that
    /// is a symbolic link to ann's bus (a bus in someone else's hands), then ann's bus with notify-send
    /// missing; each run fails with its status and says why, and nothing reaches ann's server.
    @Test func withoutAnOwnBusOrNotifySendTheReminderFailsAndSaysWhy() throws {
        let run = try Sandbox(network: false).run(
            ScheduleSetUp.daemon + NotificationTests.sessionBus + #"""
                add_user bob
                BOB=$(id -u bob)
                cron_env() { user=$1; shift; as_user "$user" env -u XDG_CONFIG_HOME SHELL=/bin/sh "$@"; }
                status=0; cron_env bob "$B/refocus" remind -- hello 2> "$WORK/err" || status=$?
                echo "no bus: $status $(cat "$WORK/err")"
                install -d -o bob -g bob -m 700 "/run/user/$BOB"
                ln -s "/run/user/$ANN/bus" "/run/user/$BOB/bus"
                status=0; cron_env bob "$B/refocus" remind -- hello 2> "$WORK/err" || status=$?
                echo "a link to ann's bus: $status $(cat "$WORK/err")"
                status=0; cron_env ann "$B/refocus" remind -- "$(printf 'two\nlines')" 2> "$WORK/err" || status=$?
                echo "two lines: $status $(cat "$WORK/err")"
                touch "$WORK/none"; mount --bind "$WORK/none" /usr/bin/notify-send
                status=0; cron_env ann "$B/refocus" remind -- hello 2> "$WORK/err" || status=$?
                echo "no notify-send: $status $(cat "$WORK/err")"
                echo "calls: $(wc -l < "$WORK/notices")"
                for extra in "--list work 3h" "deep" "--until 10:00" "--lock" "--allow work 1h"; do
                  status=0; as_user ann "$B/refocus" schedule add "0 9 * * *" --remind hi $extra 2> "$WORK/err" || status=$?
                  echo "with $extra: $status $(head -1 "$WORK/err")"
                done
                status=0; as_user ann "$B/refocus" schedule add "0 9 * * *" --remind "$(printf 'a\tb')" 2> "$WORK/err" || status=$?
                echo "a tab: $status $(cat "$WORK/err")"
                echo "schedules: $(as_user ann crontab -l | grep -c refocus-schedule)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "no bus: 66 refocus: no session bus to show the reminder on: DBUS_SESSION_BUS_ADDRESS is not set and "
                    + "/run/user/"), "\(run.stdout)")
        #expect(
            run.stdout.range(
                of:
                    #"a link to ann's bus: 66 refocus: no session bus .* /run/user/[0-9]+/bus is not a socket of yours"#,
                options: .regularExpression) != nil, "\(run.stdout)")
        #expect(
            run.stdout.contains(#"two lines: 65 refocus: "two\nlines" cannot be a reminder: it holds U+000A"#),
            "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "no notify-send: 78 refocus: /usr/bin/notify-send is not installed, and reminders are shown through it"),
            "\(run.stdout)")
        #expect(run.stdout.contains("calls: 0\n"), "\(run.stdout)")
        for extra in ["--list work 3h", "deep", "--until 10:00", "--lock", "--allow work 1h"] {
            #expect(
                run.stdout.contains(
                    "with \(extra): 64 Error: --remind starts no session: give it with the expression alone, without a "
                        + "preset, a length, --list, --allow, --until or --lock\n"), "\(run.stdout)")
        }
        #expect(
            run.stdout.contains(
                #"a tab: 65 refocus: "a\tb" cannot be a reminder: it holds U+0009, which a one-line notification "#
                    + "cannot show; give one line of text of at most 200 bytes\n"), "\(run.stdout)")
        #expect(run.stdout.contains("schedules: 0\n"), "nothing was written: \(run.stdout)")
    }
}
