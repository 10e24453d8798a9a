import Foundation

/// What the schedule tests add to `SudoPathTests.setUp` inside a sandbox: a
/// crontab spool of their own on a tmpfs, made as Debian's cron package
/// makes it (root:crontab, mode 1730, so that only the setgid `crontab`
/// reaches a user's file), and `spool USER`, which prints a user's crontab
/// as stored, without the three header lines crontab(1) writes above it,
/// read by root straight from the spool (not through `crontab -l`, which
/// turns carriage returns and backspaces into text).
enum ScheduleSetUp {
    static let script =
        SudoPathTests.setUp + #"""
            mount -t tmpfs -o mode=0755 tmpfs /var/spool/cron
            install -d -o root -g crontab -m 1730 /var/spool/cron/crontabs
            spool() {
              if [ -e "/var/spool/cron/crontabs/$1" ]; then
                python3 -c 'import sys; d = open(sys.argv[1], "rb").read().split(b"\n", 3); sys.stdout.buffer.write(d[3] if len(d) > 3 else b"")' \
                  "/var/spool/cron/crontabs/$1" | base64 -w0
              else
                printf 'no crontab'
              fi
            }

            """#

    /// `script`, then what the cron daemon tests share: the machine's system crontab and
    /// /etc/cron.d emptied in the overlay (so that the daemon runs nothing of theirs), the user
    /// ann with a NOPASSWD rule for this build's helper and a crontab that gives cron's
    /// environment `REFOCUS_HELPER`, `next_minute SECONDS` (the start of the next minute, or of
    /// the one after when fewer than SECONDS are left, so that cron reads a line in time),
    /// `start_cron ZONE` (the daemon in the foreground, in this PID namespace, in that time
    /// zone) and `sessions` (each active session's owner and lists, as root sees them).
    static let daemon =
        script + #"""
            : > /etc/crontab
            rm -f /etc/cron.d/*
            add_user ann
            allow "ann ALL=(root) NOPASSWD: $B/refocus-helper"
            printf 'REFOCUS_HELPER=%s\n' "$B/refocus-helper" | as_user ann crontab -
            next_minute() { local now; now=$(date +%s); echo $(( now - now % 60 + 60 + (60 - now % 60 < $1 ? 60 : 0) )); }
            start_cron() { TZ=$1 setsid cron -f -L 15 < /dev/null > "$WORK/cron.log" 2>&1 & }
            sessions() {
              "$B/refocus" status --json | python3 -c 'import json, sys
            for s in json.load(sys.stdin)["sessions"]: print("session:", s["owner"], ",".join(s["lists"]))'
            }

            """#

    /// The bytes of a `spool` line printed as `label: BASE64` (or `label: no crontab`): nil when absent.
    static func spooled(_ label: String, in output: String) -> [UInt8]? {
        guard let value = SudoPathTests.value(label, in: output), value != "no crontab" else { return nil }
        return Data(base64Encoded: value).map { [UInt8]($0) }
    }

    /// `text` as a bash word that prints its exact bytes: `"$(echo BASE64 | base64 -d)"` is lossy for a
    /// final newline, so scripts decode it into a file instead (`decode BASE64 > FILE`).
    static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
