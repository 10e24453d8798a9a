import Foundation
import RefocusTestSupport
import Testing

/// `refocus` as cron runs it: `env -i` with cron's variables (HOME, LOGNAME,
/// SHELL, PATH=/usr/bin:/bin), no controlling terminal, stdin from /dev/null,
/// and `--quiet`, so that a crontab line mails nothing unless it fails.
/// Users and sudoers rules are made inside the sandbox (see `SudoPathTests`).
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct NonInteractiveTests {
    /// `cron USER COMMAND…`: runs the command as cron would for USER, writing
    /// `$WORK/out` and `$WORK/err` and printing `status: N`, the byte counts and stderr.
    static let cron =
        SudoPathTests.setUp + #"""
            cron() {
              user=$1; shift
              status=0
              setsid --wait setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --init-groups \
                env -i HOME="$WORK/home-$user" LOGNAME="$user" SHELL=/bin/sh PATH=/usr/bin:/bin \
                REFOCUS_HELPER="$REFOCUS_HELPER" timeout 60 "$@" < /dev/null > "$WORK/out" 2> "$WORK/err" || status=$?
              echo "$*: status $status, stdout $(wc -c < "$WORK/out") bytes, stderr $(wc -l < "$WORK/err") lines"
              cat "$WORK/err"
            }

            """#

    @Test func quietStartAndStopPrintNothingAndTheBlockHolds() throws {
        let run = try Sandbox().run(
            Self.cron + #"""
                add_user dan
                allow "dan ALL=(root) NOPASSWD: $B/refocus-helper"
                cron dan "$B/refocus" -q list add focus social.test
                test -f "$WORK/home-dan/.config/refocus/lists/focus.domains" && echo "the list is in cron's HOME"
                cron dan "$B/refocus" start -q --list focus 1m
                blocked social.test
                cron dan "$B/refocus" -q stop
                blocked social.test
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let bin = "/bin/refocus"
        #expect(
            run.stdout.contains(
                "\(bin) -q list add focus social.test: status 0, stdout 0 bytes, stderr 0 lines\n"
                    + "the list is in cron's HOME\n"), "no XDG_CONFIG_HOME: \(run.stdout)")
        #expect(
            run.stdout.contains(
                "\(bin) start -q --list focus 1m: status 0, stdout 0 bytes, stderr 0 lines\n"
                    + "social.test: 100::1 192.0.2.1 \n"), "\(run.stdout)")
        #expect(
            run.stdout.contains("\(bin) -q stop: status 0, stdout 0 bytes, stderr 0 lines\nsocial.test: \n"),
            "\(run.stdout)")
    }

    @Test func withoutSudoRightsTheRefusalIsOneLineNamingTheFix() throws {
        let run = try Sandbox().run(
            Self.cron + #"""
                add_user eve
                cp /etc/hosts "$WORK/hosts.before"
                cron eve "$B/refocus" start --quiet --list social 1m
                cron eve "$B/refocus" -q stop
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts unchanged"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let fix =
            "/bin/refocus-helper (sudo: a password is required); join the group refocus "
            + "('sudo usermod -aG refocus $USER') and log in again\n"
        for command in ["start --quiet --list social 1m", "-q stop"] {
            #expect(
                run.stdout.contains(
                    "/bin/refocus \(command): status 77, stdout 0 bytes, stderr 1 lines\n"
                        + "refocus: sudo refused to run /"), "\(command): \(run.stdout)")
        }
        #expect(run.stdout.components(separatedBy: fix).count == 3, "both name the fix: \(run.stdout)")
        #expect(!run.stdout.contains("password for"), "no prompt without a terminal")
        #expect(run.stdout.contains("hosts unchanged"))
    }

    @Test func aMemberWhoseLoginPredatesTheGroupIsToldToLogInAgain() throws {
        let run = try Sandbox().run(
            Self.cron + #"""
                add_user fay
                groupadd refocus
                allow "%refocus ALL=(root) NOPASSWD: $B/refocus-helper"
                usermod -aG refocus fay
                # A login from before usermod: fay's groups as they were (her own only).
                setsid --wait setpriv --reuid="$(id -u fay)" --regid="$(id -g fay)" --groups="$(id -g fay)" \
                  env -i HOME="$WORK/home-fay" LOGNAME=fay PATH=/usr/bin:/bin REFOCUS_HELPER="$REFOCUS_HELPER" \
                  "$B/refocus" -q stop < /dev/null > /dev/null 2> "$WORK/err" || echo "old login: status $?"
                cat "$WORK/err"
                cron fay "$B/refocus" status
                # In the group in this login, but the rule names another path.
                allow "%refocus ALL=(root) NOPASSWD: /usr/libexec/refocus/refocus-helper"
                cron fay "$B/refocus" -q stop
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("old login: status 77\nrefocus: sudo refused to run ")
                && run.stdout.contains(
                    "; you are in the group refocus, but this login started before you joined it: log in again "
                        + "(or run 'newgrp refocus' in this shell)\n"),
            "\(run.stdout)")
        #expect(
            run.stdout.contains("/bin/refocus status: status 0, stdout 19 bytes, stderr 0 lines\n"),
            "a new login passes: \(run.stdout)")
        #expect(
            run.stdout.contains("/bin/refocus -q stop: status 77, stdout 0 bytes, stderr 1 lines\n")
                && run.stdout.contains(
                    "; you are in the group refocus, so its sudo rule is missing or names another path: "
                        + "reinstall ReFocus ('sudo make install') or see /etc/sudoers.d/refocus\n"),
            "\(run.stdout)")
    }
}
