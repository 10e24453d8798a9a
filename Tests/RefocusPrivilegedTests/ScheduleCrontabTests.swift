import Foundation
import RefocusTestSupport
import Testing

/// `refocus schedule` against the real crontab(1) of Debian, run as a real
/// user made with useradd in a sandbox whose crontab spool is a tmpfs: a
/// corpus of users' crontabs is kept byte for byte through add, list and
/// remove (read back by root from the spool itself), a damaged section is
/// refused with the crontab unchanged, and the cron expression table agrees
/// with crontab's own checking. The machine's crontabs are never touched.
@Suite(
    .enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")),
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/crontab"),
        "needs crontab (apt-get install cron; make test installs it)"))
struct ScheduleCrontabTests {
    /// What adding `lines` (the section's lines) to `original` must give, written out by hand: the
    /// original bytes, then the section at the end in the crontab's own line ends.
    static func expected(_ original: CrontabCorpus.Crontab, _ lines: [String]) -> [UInt8] {
        let end = original.usesCRLF ? "\r\n" : "\n"
        let open = !original.bytes.isEmpty && original.bytes.last != 0x0A
        let section = (["# BEGIN refocus"] + lines + ["# END refocus"]).joined(separator: end)
        return original.bytes + Array(((open ? end : "") + section + (open ? "" : end)).utf8)
    }

    @Test(arguments: CrontabCorpus.all)
    func everyOtherByteOfTheCrontabIsKept(crontab: CrontabCorpus.Crontab) throws {
        let run = try Sandbox().run(
            ScheduleSetUp.script + #"""
                echo "crontab: $(stat -c '%U %G %a' /usr/bin/crontab)"
                echo "spool folder: $(stat -c '%U %G %a' /var/spool/cron/crontabs)"
                add_user ann
                echo "bin: $B"; echo "config: $WORK/home-ann/.config"
                echo '\#(ScheduleSetUp.base64(crontab.bytes))' | base64 -d > "$WORK/original"
                if [ -s "$WORK/original" ]; then as_user ann crontab - < "$WORK/original"; fi
                as_user ann crontab -l > "$WORK/listing" 2>&1 || true
                cmp -s "$WORK/listing" "$WORK/original" && echo "crontab -l exact: yes" || echo "crontab -l exact: no"
                as_user ann "$B/refocus" schedule add "30 8 * * mon-fri" --list social 3h
                as_user ann "$B/refocus" schedule add @daily --list social --list news 1h30m --lock
                echo "two: $(spool ann)"
                as_user ann "$B/refocus" schedule list
                as_user ann "$B/refocus" -q schedule remove 1
                echo "one: $(spool ann)"
                as_user ann "$B/refocus" schedule remove '#2'
                echo "none: $(spool ann)"
                as_user ann "$B/refocus" schedule list
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("crontab: root crontab 2755\nspool folder: root crontab 1730\n"),
            "Debian's setgid crontab and its spool, in the sandbox: \(run.stdout)")
        let bin = try #require(SudoPathTests.value("bin", in: run.stdout))
        let config = try #require(SudoPathTests.value("config", in: run.stdout))
        let first =
            "30 8 * * mon-fri XDG_CONFIG_HOME=\(config) \(bin)/refocus start -q --list social 3h # refocus-schedule 1"
        let second =
            "@daily XDG_CONFIG_HOME=\(config) \(bin)/refocus start -q --list social --list news 1h30m --lock "
            + "# refocus-schedule 2"
        #expect(
            ScheduleSetUp.spooled("two", in: run.stdout) == Self.expected(crontab, [first, second]), "\(run.stdout)")
        #expect(ScheduleSetUp.spooled("one", in: run.stdout) == Self.expected(crontab, [second]), "\(run.stdout)")
        if crontab.bytes.isEmpty {
            #expect(run.stdout.contains("none: no crontab\n"), "no crontab, as before: \(run.stdout)")
        } else {
            #expect(ScheduleSetUp.spooled("none", in: run.stdout) == crontab.bytes, "the original bytes: \(run.stdout)")
        }
        #expect(run.stdout.contains("Added schedule #1: 30 8 * * mon-fri start --list social 3h\nNext: "))
        #expect(run.stdout.contains("Added schedule #2: @daily start --list social --list news 1h30m --lock\nNext: "))
        #expect(
            run.stdout.contains("\n#1 30 8 * * mon-fri: start --list social 3h\n  next: ")
                && run.stdout.contains("\n#2 @daily: start --list social --list news 1h30m --lock\n  next: "),
            "\(run.stdout)")
        #expect(!run.stdout.contains("Removed schedule #1"), "--quiet")
        #expect(run.stdout.contains("Removed schedule #2: @daily start --list social --list news 1h30m --lock\n"))
        #expect(
            run.stdout.hasSuffix("No schedules. Add one: refocus schedule add \"30 8 * * mon-fri\" --list social 3h\n"))
        if crontab.usesCRLF || crontab.name.contains("backspace") {
            #expect(run.stdout.contains("crontab -l exact: no"), "why refocus reads these through crontab -e")
        }
    }

    @Test func aDamagedSectionIsRefusedAndTheCrontabLeftAsItWas() throws {
        let run = try Sandbox().run(
            ScheduleSetUp.script + #"""
                add_user bob
                printf 'MAILTO=bob\n0 7 * * * true\n# END refocus\n' > "$WORK/damaged"
                as_user bob crontab - < "$WORK/damaged"
                before=$(spool bob)
                status=0; as_user bob "$B/refocus" schedule add "30 8 * * *" --list social 3h 2> "$WORK/err" || status=$?
                echo "add: $status"; cat "$WORK/err"
                status=0; as_user bob "$B/refocus" schedule list > /dev/null 2>&1 || status=$?
                echo "list: $status"
                [ "$(spool bob)" = "$before" ] && echo "crontab unchanged"
                status=0; as_user bob "$B/refocus" schedule add "30 8 * * mun" --list social 3h 2> "$WORK/err" || status=$?
                echo "bad expression: $status"; cat "$WORK/err"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "add: 65\nrefocus: your crontab, line 3: '# END refocus' has no matching "
                    + "'# BEGIN refocus' before it; remove the stray marker or add the begin marker above it, then try again "
                    + "(edit it with 'crontab -e')\n"), "\(run.stdout)")
        #expect(run.stdout.contains("list: 65\ncrontab unchanged\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "bad expression: 65\nrefocus: field 5 'mun': not a day of the week (0-7 or "
                    + "sun-sat; 0 and 7 are Sunday)\n"), "\(run.stdout)")
    }

    /// A user whom /etc/cron.deny names is told so (not permitted), and without a crontab program
    /// on PATH refocus says to install cron (bad configuration).
    @Test func aRefusingOrMissingCrontabIsExplained() throws {
        let run = try Sandbox().run(
            ScheduleSetUp.script + #"""
                add_user eve
                echo eve > /etc/cron.deny
                status=0; as_user eve "$B/refocus" schedule list 2> "$WORK/err" || status=$?
                echo "denied: $status"; cat "$WORK/err"
                status=0; as_user eve env PATH=/nonexistent "$B/refocus" schedule list 2> "$WORK/err" || status=$?
                echo "no crontab program: $status"; cat "$WORK/err"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "denied: 77\nrefocus: crontab refuses you (You (eve) are not allowed to use this "
                    + "program (crontab); See crontab(1) for more information); ask the administrator to allow you in "
                    + "/etc/cron.allow or to remove you from /etc/cron.deny\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "no crontab program: 78\nrefocus: crontab is not installed, and schedules live in "
                    + "your crontab; install cron (sudo apt install cron)\n"), "\(run.stdout)")
    }

    /// The issue's must-show: `schedule add "30 8 * * mon-fri" --list work 3h` adds one line to the
    /// crontab, the user's other lines unchanged, and `schedule list` (and `--json`) shows the next
    /// three runs: weekdays at 08:30 in the user's time zone (UTC here).
    @Test func addShowsOneLineAndListShowsTheNextRuns() throws {
        let run = try Sandbox().run(
            ScheduleSetUp.script + #"""
                add_user dee
                printf 'MAILTO=dee\n0 7 * * * echo 50\\%% done\n' > "$WORK/mine"
                as_user dee crontab - < "$WORK/mine"
                as_user dee "$B/refocus" -q list add work reddit.com
                as_user dee "$B/refocus" schedule add "30 8 * * mon-fri" --list work 3h
                as_user dee crontab -l > "$WORK/after"
                echo "lines added: $(( $(wc -l < "$WORK/after") - $(wc -l < "$WORK/mine") ))"
                head -c "$(wc -c < "$WORK/mine")" "$WORK/after" | cmp - "$WORK/mine" && echo "other lines unchanged"
                grep -c 'refocus-schedule' "$WORK/after"
                as_user dee "$B/refocus" schedule list
                # The next three weekdays' 08:30 in UTC (as_user's TZ), worked out by date(1).
                expected=()
                for d in $(seq 0 10); do
                  t=$(date -u -d "$(date -u -d "today + $d days" +%F) 08:30" +%s)
                  if [ "$t" -gt "$(date +%s)" ] && [ "$(date -u -d "@$t" +%u)" -le 5 ]; then
                    expected+=("$(date -u -d "@$t" '+%a %F %H:%M UTC')")
                  fi
                done
                echo "expected: ${expected[0]}, ${expected[1]}, ${expected[2]}"
                as_user dee "$B/refocus" schedule list --json | python3 -c 'import json, sys, datetime
                for row in json.load(sys.stdin):
                    print("json:", row["id"], row["expression"], row["lists"], row["length"], row["locked"], row["atBoot"])
                    for text in row["next"]:
                        print("next:", datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).strftime("%a %H:%M"))'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("lines added: 3\nother lines unchanged\n1\n"), "BEGIN, the line, END: \(run.stdout)")
        let expected = try #require(SudoPathTests.value("expected", in: run.stdout))
        #expect(run.stdout.contains("\n  next: \(expected)\n"), "the next three weekdays at 08:30: \(run.stdout)")
        #expect(run.stdout.contains("#1 30 8 * * mon-fri: start --list work 3h\n"), "\(run.stdout)")
        #expect(run.stdout.contains("json: 1 30 8 * * mon-fri ['work'] 3h False False\n"), "\(run.stdout)")
        let next = run.stdout.split(separator: "\n").filter { $0.hasPrefix("next: ") }
        #expect(
            next.count == 3 && next.allSatisfy { $0.hasSuffix(" 08:30") && !$0.contains("Sat") && !$0.contains("Sun") },
            "\(next)")
    }

    /// Every expression of the parser's table, as the schedule of a line `crontab -n` checks (Debian's
    /// dry run): the valid ones pass, and the refused ones fail but for those refused on purpose.
    @Test func theExpressionTableAgreesWithDebiansCrontab() throws {
        let all = CronCases.valid.map(\.expression) + CronCases.invalid.map(\.expression)
        let words = all.map { "'" + ScheduleSetUp.base64(Array($0.utf8)) + "'" }.joined(separator: " ")
        let run = try Sandbox().run(
            ScheduleSetUp.script + """
                add_user cal
                for encoded in \(words); do
                  printf '%s echo hi\\n' "$(echo "$encoded" | base64 -d)" > "$WORK/line"
                  chmod 644 "$WORK/line"
                  if as_user cal crontab -n "$WORK/line" > /dev/null 2>&1; then echo "installs $encoded"; else echo "refuses $encoded"; fi
                done
                """)
        #expect(run.status == 0, "\(run.stderr)")
        func verdict(_ expression: String) -> String? {
            let encoded = ScheduleSetUp.base64(Array(expression.utf8))
            return run.stdout.split(separator: "\n").first { $0.hasSuffix(" " + encoded) }.map {
                String($0.prefix { $0 != " " })
            }
        }
        for valid in CronCases.valid {
            #expect(verdict(valid.expression) == "installs", "\(valid)")
        }
        for invalid in CronCases.invalid {
            #expect(verdict(invalid.expression) == (invalid.debianInstalls ? "installs" : "refuses"), "\(invalid)")
        }
    }
}
