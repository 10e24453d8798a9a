import Foundation
import RefocusTestSupport
import Testing

/// Findings 6, 7 and 8 of the trust-boundary issue: root can always undo
/// everything, on any state, and a crash or another writer never costs a
/// byte of /etc/hosts. Each state is made for real in a sandbox: a 100 MB
/// hosts file, a damaged section, store rows edited by hand as a
/// distribution update or a fault would leave them, a symlinked and a
/// bind-mounted /etc/hosts, and the leftovers of a crash. (The journal of an
/// interrupted in-place write is written by hand: a crash at that instant
/// cannot be caused on purpose.)
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct RecoveryTests {
    /// `sql STATEMENT`: runs it on the store, as an administrator with sqlite3 would.
    static let sql = #"""
        sql() { python3 -c 'import sqlite3, sys; c = sqlite3.connect("/var/lib/refocus/refocus.sqlite"); c.execute(sys.argv[1]); c.commit()' "$1"; }

        """#

    @Test func storeRowsThatNoLongerValidateOrDecodeBlockNobody() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + Self.sql + #"""
                as_user ann "$B/refocus" list add pages pages.test > /dev/null
                as_user ann "$B/refocus" start --list pages 1h --lock > /dev/null
                as_user bob "$B/refocus" list add news news.test > /dev/null
                as_user bob "$B/refocus" start --list news 1h > /dev/null
                # A distribution update made a stored domain a public suffix; another row was damaged.
                sql "UPDATE session SET lists = replace(lists, 'pages.test', 'github.io') WHERE id = 1"
                sql "UPDATE session SET lists = 'not json' WHERE id = 2"
                as_user bob "$B/refocus" list add more more.test > /dev/null
                status=0; as_user bob "$B/refocus" start --list more 1h > /dev/null 2> "$WORK/err" || status=$?
                echo "bob's start: $status"; sed 's/^/note: /' "$WORK/err"
                grep -q '^192.0.2.1 github.io$' /etc/hosts && echo "the public suffix row is still enforced"
                grep -q '^192.0.2.1 more.test$' /etc/hosts && echo "bob's new session is enforced"
                echo "status: $(as_user bob "$B/refocus" status --json | python3 -c 'import json, sys; print(sorted(s["id"] for s in json.load(sys.stdin)["sessions"]))')"
                status=0; "$B/refocus-helper" clear > "$WORK/answer" 2> "$WORK/err" || status=$?
                echo "clear: $status $(grep -o '"outcome":"cleared"' "$WORK/answer" | wc -l) cleared"
                python3 -c 'import sqlite3; print("open rows:", sqlite3.connect("/var/lib/refocus/refocus.sqlite").execute("SELECT count(*) FROM session WHERE endedAt IS NULL").fetchone()[0])'
                grep -c refocus /etc/hosts || true
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "bob's start: 0\n",
            "note: refocus: session 2 cannot be read from the store (the session store session 2 failed: its "
                + "lists do not decode: ",
            "it is skipped and kept for inspection, and 'refocus-helper clear' ends it\n",
            "the public suffix row is still enforced\n", "bob's new session is enforced\n",
            "status: [1, 3]\n", "clear: 0 2 cleared\n", "open rows: 0\n", "\n0\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }

    @Test func clearWorksOnAnOversizedFileAndADamagedSectionAndKeepsEveryOtherByte() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + #"""
                # 100 MB of other people's lines, as a runaway tool might leave; then a session on top.
                python3 -c '
                import sys
                with open("/etc/hosts", "ab") as f:
                    for i in range(3_500_000): f.write(b"10.%d.%d.%d host%d.lan\n" % (i >> 16 & 255, i >> 8 & 255, i & 255, i))'
                cp /etc/hosts "$WORK/hosts.before"
                echo "hosts: $(( $(wc -c < /etc/hosts) / 1000000 )) MB"
                echo "begin at: $(( $(wc -l < /etc/hosts) + 1 ))"
                as_user ann "$B/refocus" list add focus focus.test > /dev/null
                status=0; as_user ann "$B/refocus" start --list focus 1h --lock > /dev/null || status=$?
                echo "start on a large file: $status"
                "$B/refocus-helper" clear > /dev/null
                cmp /etc/hosts "$WORK/hosts.before" && echo "cleared, every other byte kept"
                # A damaged section: cut short by an editor, with someone's line after it.
                cp "$WORK/hosts.before" /etc/hosts
                printf '# BEGIN refocus\n192.0.2.1 focus.test\n100::1 focus.test\n172.17.0.9 web\n' >> /etc/hosts
                as_user ann "$B/refocus" start --list focus 1h --lock > /dev/null 2> "$WORK/err" || echo "start refused: $? $(cat "$WORK/err")"
                status=0; "$B/refocus-helper" clear > /dev/null 2> "$WORK/err" || status=$?
                echo "clear: $status $(cat "$WORK/err")"
                { cat "$WORK/hosts.before"; echo '172.17.0.9 web'; } | cmp - /etc/hosts && echo "damage removed, the web line kept"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let begin = try #require(run.number(after: "begin at: ", onLineStarting: "begin at"))
        for fact in [
            "start on a large file: 0\n", "cleared, every other byte kept\n",
            "start refused: 65 refocus: /etc/hosts line \(begin): '# BEGIN refocus' has no matching '# END refocus'",
            "clear: 0 refocus-helper clear: removed the damaged section of /etc/hosts: 3 lines, from line \(begin)\n",
            "damage removed, the web line kept\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        let megabytes = try #require(run.number(after: "hosts: ", onLineStarting: "hosts:"))
        #expect(megabytes > 90, "larger than the 64 MiB that reading was once capped at: \(run.stdout)")
    }

    @Test func aSymlinkedHostsFileStaysALinkAndCrashLeftoversGo() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + #"""
                mv /etc/hosts /etc/hosts.real
                ln -s hosts.real /etc/hosts
                cp /etc/hosts.real "$WORK/hosts.before"
                printf 'half-written\n' > /etc/hosts.real.refocus-AAAAAAAAAAAA
                as_user ann "$B/refocus" list add focus focus.test > /dev/null
                as_user ann "$B/refocus" start --list focus 10m > /dev/null
                # The daemon reconciles as it starts, before the request: it removed the leftover.
                sed -n 's/^refocus-helper daemon: removed/note: removed/p' /run/refocus/daemon.log
                echo "link: $(readlink /etc/hosts)"
                blocked focus.test
                ls /etc | grep -c '\.refocus-' | sed 's/^/leftovers: /' || true
                as_user ann "$B/refocus" stop > /dev/null
                cmp /etc/hosts.real "$WORK/hosts.before" && echo "target restored"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "note: removed 1 temporary file a crash left: /etc/hosts.real.refocus-AAAAAAAAAAAA\n",
            "link: hosts.real\n", "focus.test: 100::1 192.0.2.1 \n", "leftovers: 0\n", "target restored\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }

    @Test func aStaleJournalNeverOverwritesAContainerRuntimesLines() throws {
        let run = try Sandbox().run(
            MemberProbeSetUp.script + #"""
                cp /etc/hosts "$WORK/hosts.file"
                mount --bind "$WORK/hosts.file" /etc/hosts
                as_user ann "$B/refocus" list add focus focus.test > /dev/null
                as_user ann "$B/refocus" start --list focus 10m > /dev/null
                as_user ann "$B/refocus" stop > /dev/null
                cp /etc/hosts "$WORK/old"
                # A journal an in-place rewrite left when the machine went down: old bytes to new bytes.
                mkdir -p /var/lib/refocus
                python3 - "$WORK/old" <<'PY'
                import sys
                old = open(sys.argv[1], "rb").read()
                new = old + b"# BEGIN refocus\n192.0.2.1 gone.test\n# END refocus\n"
                open("/var/lib/refocus/hosts.journal", "wb").write(b"refocus-hosts-journal 1 %d %d\n" % (len(old), len(new)) + old + new)
                PY
                # Since then the container runtime rewrote the file with a line of its own.
                echo '172.17.0.9 web' >> /etc/hosts
                cp /etc/hosts "$WORK/runtime"
                as_user ann "$B/refocus" start --list focus 10m > /dev/null 2> "$WORK/err"
                sed 's/^/note: /' "$WORK/err"
                grep -q '^172.17.0.9 web$' /etc/hosts && echo "the runtime's line is kept"
                grep -q 'gone.test' /etc/hosts || echo "the stale journal was not replayed"
                [ -e /var/lib/refocus/hosts.journal ] || echo "journal removed"
                as_user ann "$B/refocus" stop > /dev/null
                cmp /etc/hosts "$WORK/runtime" && echo "stop restores the runtime's file"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "note: refocus: /var/lib/refocus/hosts.journal was not replayed: /etc/hosts changed since the "
                + "interrupted rewrite it records; the file was kept as it is\n",
            "the runtime's line is kept\n", "the stale journal was not replayed\n", "journal removed\n",
            "stop restores the runtime's file\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }
}
