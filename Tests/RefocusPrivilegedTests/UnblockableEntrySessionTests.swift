import RefocusTestSupport
import Testing

/// Issue 27, item 7, for real: an entry that no session may block is
/// refused where it enters a list, and a list that holds one from before
/// still starts. `refocus list import` of an Adblock list holding
/// `||0.0.0.1^` reports it skipped with its reason; a list file written
/// with `0.0.0.1` in it (as the store held it before this check) starts
/// with one note, and its other names are blocked (getent answers the
/// sinkhole, the firewall refuses their address). Without the check, the
/// helper refused the whole start for that one entry.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct UnblockableEntrySessionTests {
    static let sandbox = Sandbox(
        dns: [
            Sandbox.Record("social.test", "192.0.2.2"), Sandbox.Record("news.test", "192.0.2.2"),
            Sandbox.Record("ads.test", "192.0.2.2"),
        ],
        peerAddresses: ["192.0.2.2", "192.0.2.3"])

    @Test func aListHoldingZeroDotZeroDotZeroDotOneStartsAndTheRestIsEnforced() throws {
        let run = try Self.sandbox.run(
            #"""
            export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper"
            mkdir -p "$WORK/config/refocus/lists"
            printf '# saved before entries were checked\n0.0.0.1\nsocial.test\nnews.test\n' > "$WORK/config/refocus/lists/old.domains"
            printf '[Adblock Plus 2.0]\n||0.0.0.1^\n||ads.test^\n' > "$WORK/easylist.txt"
            echo "before: $(getent ahostsv4 social.test | awk 'NR == 1 {print $1}')"
            "$BIN/refocus" list import ads "$WORK/easylist.txt" > "$WORK/out" 2> "$WORK/err"
            sed 's/^/import: /' "$WORK/out" "$WORK/err"
            echo "ads: $(tr '\n' ' ' < "$WORK/config/refocus/lists/ads.domains")"
            status=0
            "$BIN/refocus" start --list old 25m > "$WORK/out" 2> "$WORK/err" || status=$?
            echo "start: $status"
            sed 's/^/start: /' "$WORK/out" "$WORK/err"
            echo "social: $(getent ahostsv4 social.test | awk 'NR == 1 {print $1}')"
            echo "news: $(getent ahostsv4 news.test | awk 'NR == 1 {print $1}')"
            echo "blocked: $(connect 192.0.2.2)"
            echo "other: $(connect 192.0.2.3)"
            "$BIN/refocus" start --list ads 25m > /dev/null
            echo "ads.test: $(getent ahostsv4 ads.test | awk 'NR == 1 {print $1}')"
            echo "sessions: $("$BIN/refocus" status --json | grep -c '"id"')"
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "before: 192.0.2.2\n",
            "import: Imported into ads: 1 added, 0 skipped as duplicates, 1 skipped as never blockable, 0 rejected.\n",
            "import: 1 skipped, since no session may block it:\nimport:   0.0.0.1: it is in 0.0.0.0/8 (this network)\n",
            "ads: ads.test \n",
            "start: 0\n",
            "start: Blocking 2 entries and 0 programs: #1 old until",
            "start: refocus: note: list old: 0.0.0.1 is skipped: it is in 0.0.0.0/8 (this network), which no session "
                + "may block; the rest of the list applies ('refocus list remove old 0.0.0.1' removes it)\n",
            "social: 192.0.2.1\n", "news: 192.0.2.1\n", "blocked: refused\n", "other: connected\n",
            "ads.test: 192.0.2.1\n", "sessions: 2\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        #expect(run.stdout.components(separatedBy: "note:").count == 2, "one note: \(run.stdout)")
    }

    /// A member's `refocus` reads the administrator's world-readable policy:
    /// `list add` refuses a name under `never_block`, and a list that holds
    /// one from before starts without it (the helper, sent it, refuses the
    /// whole start).
    @Test func whatThePolicyNeverBlocksIsRefusedAtEntryAndSkippedAtStart() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + #"""
                mkdir -p /etc/refocus; printf 'never_block = ["corp.test"]\n' >> /etc/refocus/policy.toml
                chmod 644 /etc/refocus/policy.toml
                status=0
                as_user ann "$B/refocus" list add work mail.corp.test > /dev/null 2> "$WORK/err" || status=$?
                echo "add: $status $(cat "$WORK/err" | head -1)"
                lists="$WORK/home-ann/.config/refocus/lists"
                as_user ann mkdir -p "$lists"
                as_user ann sh -c "printf 'mail.corp.test\nvideo.test\n' > '$lists/old.domains'"
                status=0
                as_user ann "$B/refocus" start --list old 10m > /dev/null 2> "$WORK/err" || status=$?
                echo "start: $status $(cat "$WORK/err")"
                echo "hosts: $(sed -n '/^# BEGIN refocus$/,/^# END refocus$/p' /etc/hosts | grep -c 'corp.test') corp, $(sed -n '/^# BEGIN refocus$/,/^# END refocus$/p' /etc/hosts | grep -c 'video.test') video"
                status=0
                raw_start ann '{"version":1,"verb":"start","start":{"lists":[{"name":"raw","entries":["mail.corp.test","video.test"],"programs":[]}],"length":600,"locked":false}}' > /dev/null 2>&1 || status=$?
                echo "raw: $status"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let policy = "in never_block of the administrator's policy (/etc/refocus/policy.toml)"
        for fact in [
            "add: 65 refocus: mail.corp.test can never be blocked: it is under corp.test, \(policy); leave it out\n",
            "start: 0 refocus: note: list old: mail.corp.test is skipped: it is under corp.test, \(policy), which no "
                + "session may block; the rest of the list applies ('refocus list remove old mail.corp.test' removes it)\n",
            "hosts: 0 corp, ", "raw: 65\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        #expect(!run.stdout.contains(" 0 video"), "video.test is blocked: \(run.stdout)")
    }
}
