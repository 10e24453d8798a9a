import Foundation
import RefocusEnforcement
import RefocusTestSupport
import Testing

/// `make install` and `make uninstall` for real, inside a sandbox: besides
/// its overlay on /etc, /usr (and /lib where it is not a link into /usr)
/// get overlays of their own, so the installed binaries, unit, man pages
/// and completions land in them and never on the machine. The binaries are
/// the debug build (`NOBUILD=1 PRODUCTS=…`); the man pages are stand-ins; the
/// resolver module is built for real (`make nss` into the sandbox's folder).
/// Users come from useradd in the overlay; they reach the installed helper
/// through the real sudo and the installed sudoers drop-in, without a terminal.
/// An installed ReFocus on the machine is invisible: the sandbox's set-up
/// removes its group, sudo rule and policy, and this set-up its files in /usr.
@Suite(.enabled(if: InstallTools.unavailableReason == nil, Comment(rawValue: InstallTools.unavailableReason ?? "")))
struct InstallTests {
    /// The repository's root, where the Makefile is.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Every file `make install` lays out, with its mode, under DESTDIR (PREFIX=/usr).
    static let layout = """
        440 root:root etc/sudoers.d/refocus
        644 root:root etc/refocus/policy.toml
        644 root:root lib/systemd/system/refocus-fleet.service
        644 root:root lib/systemd/system/refocus-fleet.timer
        644 root:root lib/systemd/system/refocus.service
        644 root:root usr/lib/\(ResolverModule.multiarch)/libnss_refocus.so.2
        644 root:root usr/share/applications/refocus.desktop
        644 root:root usr/share/bash-completion/completions/refocus
        644 root:root usr/share/fish/vendor_completions.d/refocus.fish
        644 root:root usr/share/icons/hicolor/scalable/apps/refocus.svg
        644 root:root usr/share/man/man1/refocus.1
        644 root:root usr/share/man/man8/refocus-helper.8
        644 root:root usr/share/zsh/vendor-completions/_refocus
        755 root:root usr/bin/refocus
        755 root:root usr/bin/refocus-ui
        755 root:root usr/libexec/refocus/refocus-helper

        """

    /// Functions for the scripts: `install_refocus [MAKE ARGUMENTS]` and
    /// `uninstall_refocus [MAKE ARGUMENTS]` (the log in `$WORK/make.log`),
    /// `add_user NAME`, `$WORK/as-user NAME COMMAND…` (a login's environment)
    /// and `$WORK/as-cron NAME COMMAND…` (cron's), `detached COMMAND…` (no
    /// terminal), `blocked NAME`, `module_state` (the hosts line and where the
    /// resolver module is); `$NSS_MODULE`, the module built for the sandbox,
    /// which every `make install` there takes; `$MA`, the multiarch tuple.
    static let setUp = #"""
        REPO='\#(repository)'
        chmod 755 "$WORK"
        mount -t tmpfs -o mode=0755 tmpfs /var/log
        overlay() {
          mkdir -p "$WORK/$2-upper" "$WORK/$2-work"
          mount -t overlay overlay -o lowerdir="$1",upperdir="$WORK/$2-upper",workdir="$WORK/$2-work" "$1"
        }
        overlay /usr usr
        [ -L /lib ] || overlay /lib lib
        # A machine where ReFocus was never installed: the files of an installed one leave the overlays.
        rm -rf /usr/bin/refocus /usr/bin/refocus-ui /usr/local/bin/refocus /usr/libexec/refocus /usr/share/man/man1/refocus.1* \
          /usr/share/man/man8/refocus-helper.8* /usr/share/bash-completion/completions/refocus \
          /usr/share/zsh/vendor-completions/_refocus /usr/share/fish/vendor_completions.d/refocus.fish \
          /usr/share/doc/refocus /usr/share/applications/refocus.desktop \
          /usr/share/icons/hicolor/scalable/apps/refocus.svg /lib/systemd/system/refocus.service /lib/systemd/system/refocus-fleet.* \
          /usr/lib/*/libnss_refocus.so.2 /lib/*/libnss_refocus.so.2
        B="$WORK/bin"
        install -d -m 755 "$B" "$WORK/man"
        install -m 755 "$BIN/refocus" "$BIN/refocus-helper" "$BIN/refocus-ui" "$B/"
        printf '.TH REFOCUS 1\n' > "$WORK/man/refocus.1"
        printf '.TH REFOCUS-HELPER 8\n' > "$WORK/man/refocus-helper.8"
        export NSS_MODULE="$WORK/nss/libnss_refocus.so.2"
        make -C "$REPO" --no-print-directory nss > "$WORK/nss.log" 2>&1 || { cat "$WORK/nss.log" >&2; exit 1; }
        MA='\#(ResolverModule.multiarch)'
        # make install installs it stripped.
        strip --strip-unneeded -o "$WORK/nss-stripped" "$NSS_MODULE"
        module_state() {
          echo "hosts line: $(grep '^hosts:' /etc/nsswitch.conf | tr -s ' \t' ' ')"
          { ls /usr/lib/$MA/libnss_refocus.so.2 /lib/$MA/libnss_refocus.so.2 2> /dev/null || true; } | sed 's/^/library: /'
          cmp -s /usr/lib/$MA/libnss_refocus.so.2 "$WORK/nss-stripped" && echo "library: as built"
          cmp -s /etc/nsswitch.conf "$WORK/nsswitch.before" && echo "nsswitch.conf as before"
          if [ -x /usr/libexec/refocus/refocus-helper ]; then
            /usr/libexec/refocus/refocus-helper nsswitch check | python3 -c 'import json, sys
        m = json.load(sys.stdin)["resolverModule"]
        print("check:", m["named"], m["beforeResolvers"], m.get("library"))'
          fi
          true
        }
        install_refocus() {
          make -C "$REPO" --no-print-directory install NOBUILD=1 PRODUCTS="$B" MANPAGES="$WORK/man" "$@" \
            > "$WORK/make.log" 2>&1 || { cat "$WORK/make.log" >&2; return 1; }
        }
        uninstall_refocus() { make -C "$REPO" --no-print-directory uninstall "$@" > "$WORK/make.log" 2>&1; }
        add_user() {
          useradd --no-log-init --no-create-home --home-dir "$WORK/home-$1" --shell /bin/sh "$1"
          install -d -o "$1" -g "$1" -m 700 "$WORK/home-$1"
        }
        # as-user NAME COMMAND…: as NAME, in a login's environment; as-cron NAME COMMAND…: in cron's.
        cat > "$WORK/as-user" <<'SH'
        #!/bin/sh
        user=$1; shift
        exec setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --init-groups \
          env -i HOME="$WORK/home-$user" USER="$user" LOGNAME="$user" PATH=/usr/bin:/bin TZ=UTC "$@"
        SH
        cat > "$WORK/as-cron" <<'SH'
        #!/bin/sh
        user=$1; shift
        exec setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --init-groups \
          env -i PATH=/usr/bin:/bin HOME="$WORK/home-$user" SHELL=/bin/sh LOGNAME="$user" "$@"
        SH
        chmod 755 "$WORK/as-user" "$WORK/as-cron"
        export WORK
        as_user() { "$WORK/as-user" "$@"; }
        # detached COMMAND…: in a session of its own (no terminal), stdin from /dev/null,
        # output in $WORK/out and $WORK/err; prints "status: N".
        detached() {
          local status=0
          setsid --wait timeout 60 "$@" < /dev/null > "$WORK/out" 2> "$WORK/err" || status=$?
          echo "status: $status"
        }
        blocked() { echo "$1: $(getent ahosts "$1" | awk '{print $1}' | sort -u | tr '\n' ' ')"; }
        cp /etc/hosts "$WORK/hosts.before"
        # Debian's hosts line with libnss-mdns, whatever the machine's is.
        sed -i '/^hosts:/d' /etc/nsswitch.conf
        printf 'hosts:          files mdns4_minimal [NOTFOUND=return] dns myhostname\n' >> /etc/nsswitch.conf
        cp /etc/nsswitch.conf "$WORK/nsswitch.before"

        """#

    @Test func installLaysOutEveryFileWithItsModeAndUninstallRemovesThem() throws {
        let run = try Sandbox(network: false).run(
            Self.setUp + #"""
                R="$WORK/root"
                install_refocus DESTDIR="$R"
                find "$R" -mindepth 1 ! -type d -printf '%m %u:%g %P\n' | LC_ALL=C sort > "$WORK/first"
                cat "$WORK/first"
                find "$R" -mindepth 1 -type d ! -perm 755 -printf 'directory not 755: %P\n'
                echo "# edited by the administrator" >> "$R/etc/refocus/policy.toml"
                install_refocus DESTDIR="$R"
                grep -q "Keeping $R/etc/refocus/policy.toml" "$WORK/make.log" && echo "policy kept"
                tail -1 "$R/etc/refocus/policy.toml"
                find "$R" -mindepth 1 ! -type d -printf '%m %u:%g %P\n' | LC_ALL=C sort | cmp - "$WORK/first" && echo "same files again"
                cmp "$R/etc/sudoers.d/refocus" "$REPO/policy/sudoers.d/refocus" && echo "sudoers as shipped"
                visudo -cf "$R/etc/sudoers.d/refocus"
                grep -v '^#' "$R/etc/sudoers.d/refocus" | grep . | sed 's/^/rule: /'
                for name in refocus refocus-helper; do strip --strip-unneeded -o "$WORK/$name.stripped" "$B/$name"; done
                cmp "$R/usr/bin/refocus" "$WORK/refocus.stripped" && cmp "$R/usr/libexec/refocus/refocus-helper" "$WORK/refocus-helper.stripped" \
                  && echo "binaries as built, stripped"
                for file in "$R/usr/bin/refocus" "$R/usr/libexec/refocus/refocus-helper" "$R/usr/lib/$MA/libnss_refocus.so.2"; do
                  echo "symbols: $(readelf -S --wide "$file" | grep -c ' \.symtab ') ${file#$R/}"
                done
                head -1 "$R/usr/share/zsh/vendor-completions/_refocus"
                grep -q "^complete -c 'refocus'" "$R/usr/share/fish/vendor_completions.d/refocus.fish" && echo "fish completes refocus"
                grep -q '^complete .* refocus$' "$R/usr/share/bash-completion/completions/refocus" && echo "bash completes refocus"
                getent group refocus > /dev/null || echo "no group made for a DESTDIR install"
                cmp -s /etc/nsswitch.conf "$WORK/nsswitch.before" && echo "nsswitch.conf untouched by a DESTDIR install"
                uninstall_refocus DESTDIR="$R"
                grep -q "Keeping the edited $R/etc/refocus/policy.toml" "$WORK/make.log" && echo "edited policy kept"
                find "$R" ! -type d -printf 'left: %P\n'
                uninstall_refocus DESTDIR="$R" PURGE=1
                find "$R" ! -type d -printf 'left after purge: %P\n'
                install_refocus DESTDIR="$WORK/local" PREFIX=/usr/local
                find "$WORK/local" -mindepth 1 -type f -name 'refocus*' -printf 'local: %P\n' | LC_ALL=C sort
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix(Self.layout), "\(run.stdout)")
        for fact in [
            "policy kept\n# edited by the administrator\n", "same files again", "sudoers as shipped",
            "parsed OK", "rule: %refocus ALL=(root) NOPASSWD: /usr/libexec/refocus/refocus-helper\n",
            "binaries as built, stripped", "symbols: 0 usr/bin/refocus\n",
            "symbols: 0 usr/libexec/refocus/refocus-helper\n",
            "symbols: 0 usr/lib/\(ResolverModule.multiarch)/libnss_refocus.so.2\n", "\n#compdef refocus\n",
            "fish completes refocus", "bash completes refocus",
            "no group made for a DESTDIR install", "nsswitch.conf untouched by a DESTDIR install",
            "edited policy kept",
            "left: etc/refocus/policy.toml\n",
            "local: usr/libexec/refocus/refocus-helper\nlocal: usr/local/bin/refocus\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        #expect(!run.stdout.contains("directory not 755"), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "rule: ").count == 2, "one rule, nothing broader: \(run.stdout)")
        #expect(!run.stdout.contains("left after purge"), "\(run.stdout)")
    }

    @Test func anInvalidSudoersFileIsNeverInstalled() throws {
        let run = try Sandbox(network: false).run(
            Self.setUp + #"""
                T="$WORK/tree"
                mkdir -p "$T/policy/sudoers.d" "$T/packaging"
                cp "$REPO/Makefile" "$T/"
                cp "$REPO/policy/policy.toml" "$T/policy/"
                cp -r "$REPO/packaging/systemd" "$T/packaging/"
                printf '%%refocus ALL=(root) NOPASSWD /usr/libexec/refocus/refocus-helper\n' > "$T/policy/sudoers.d/refocus"
                status=0
                make -C "$T" --no-print-directory install NOBUILD=1 PRODUCTS="$B" MANPAGES="$WORK/man" > "$WORK/log" 2>&1 || status=$?
                echo "status: $status"
                [ -e /etc/sudoers.d/refocus ] || echo "no sudoers file"
                [ -e /usr/bin/refocus ] || echo "nothing installed"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("no sudoers file"), "\(run.stdout)")
        #expect(run.stdout.contains("nothing installed"), "\(run.stdout)")
        #expect(!run.stdout.contains("status: 0\n"), "\(run.stdout)")
    }

    @Test func aMemberOfTheGroupStartsASessionThroughSudoWithoutATerminal() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                add_user ann
                SUDO_USER=ann install_refocus
                grep -q '^Added ann to the group refocus' "$WORK/make.log" && echo "ann added"
                SUDO_USER=ann install_refocus
                grep -q '^ann is in the group refocus' "$WORK/make.log" && echo "installed again"
                echo "uid: $(id -u ann)"
                stat -c 'sudoers: %a %U' /etc/sudoers.d/refocus
                module_state
                as_user ann refocus list add focus social.test > /dev/null
                detached "$WORK/as-user" ann refocus start --list focus 1m
                cat "$WORK/out" "$WORK/err"
                blocked social.test
                as_user ann refocus status --json | grep '"owner"' | tr -d ' ,' | sed 's/^/status /'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let uid = try #require(SudoPathTests.value("uid", in: run.stdout))
        // The session is the member's (SUDO_UID), and the member reads the status file without sudo.
        let library = "/usr/lib/\(ResolverModule.multiarch)/libnss_refocus.so.2"
        for fact in [
            "ann added\ninstalled again\n", "sudoers: 440 root", "social.test: 100::1 192.0.2.1 \n",
            "hosts line: hosts: files mdns4_minimal [NOTFOUND=return] refocus dns myhostname\n",
            "library: \(library)\n", "library: as built\n",
            "check: True True \(library)\n",
            "status: 0\nBlocking 1 entry and 0 programs: #1 focus until", "status \"owner\":\(uid)\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
    }

    @Test func aUserOutsideTheGroupIsRefusedWithOneLineAndStatus77() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                add_user bob
                install_refocus
                as_user bob refocus list add focus social.test > /dev/null
                detached "$WORK/as-user" bob refocus start --list focus 1m
                echo "stdout: $(wc -c < "$WORK/out") bytes, stderr: $(wc -l < "$WORK/err") line"
                cat "$WORK/err"
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts unchanged"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let refusal =
            "refocus: sudo refused to run /usr/libexec/refocus/refocus-helper "
            + "(sudo: a password is required); join the group refocus"
        for fact in ["status: 77\n", "stdout: 0 bytes, stderr: 1 line\n", refusal, "hosts unchanged"] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        #expect(!run.stdout.contains("password for"), "no prompt without a terminal")
    }

    @Test func aCronLineStartsABuiltinListSession() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                add_user cara
                SUDO_USER=cara install_refocus
                # What cron gives a job: its environment only, no terminal, stdin from /dev/null, sh -c.
                detached "$WORK/as-cron" cara /bin/sh -c 'refocus start --list social 1m'
                cat "$WORK/out" "$WORK/err"
                blocked facebook.com
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("status: 0\nBlocking "), "\(run.stdout)")
        #expect(run.stdout.contains("#1 social until"), "\(run.stdout)")
        #expect(run.stdout.contains("facebook.com: 100::1 192.0.2.1 \n"), "\(run.stdout)")
    }

    @Test func uninstallIsRefusedDuringALockedSessionUnlessForced() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                add_user dan
                SUDO_USER=dan install_refocus
                as_user dan refocus list add focus social.test > /dev/null
                detached "$WORK/as-user" dan refocus start --list focus 10m --lock
                status=0; uninstall_refocus || status=$?
                echo "uninstall: $status"; grep '^make uninstall:' "$WORK/make.log"
                [ -x /usr/libexec/refocus/refocus-helper ] && [ -e /etc/sudoers.d/refocus ] && echo "still installed"
                module_state | grep '^check:'
                blocked social.test
                # As 'sudo make uninstall' runs it: the environment names the user who ran sudo.
                SUDO_USER=dan SUDO_UID=$(id -u dan) SUDO_GID=$(id -g dan) uninstall_refocus FORCE=1 || { cat "$WORK/make.log"; exit 1; }
                echo "forced: $(blocked social.test)"
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts as before"
                module_state | sed 's/^/after uninstall: /'
                pgrep -f 'refocus-helper daemon' > /dev/null || echo "no daemon"
                for file in /usr/bin/refocus /usr/libexec/refocus /etc/sudoers.d/refocus /etc/refocus /lib/systemd/system/refocus.service \
                  /usr/share/man/man1/refocus.1 /usr/share/man/man8/refocus-helper.8 /usr/share/bash-completion/completions/refocus \
                  /usr/share/zsh/vendor-completions/_refocus /usr/share/fish/vendor_completions.d/refocus.fish; do
                  [ -e "$file" ] && echo "left: $file"
                done
                getent group refocus > /dev/null && echo "group kept"
                [ -e /var/lib/refocus/refocus.sqlite ] && echo "history kept"
                uninstall_refocus PURGE=1
                getent group refocus > /dev/null || echo "group purged"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("uninstall: 2\nmake uninstall: a locked session is running"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "still installed\ncheck: True True /usr/lib/\(ResolverModule.multiarch)/libnss_refocus.so.2\n"
                    + "social.test: 100::1 192.0.2.1 \n"), "\(run.stdout)")
        #expect(run.stdout.contains("after uninstall: nsswitch.conf as before\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("after uninstall: library"), "the module is gone: \(run.stdout)")
        #expect(run.stdout.contains("forced: social.test: \n"), "\(run.stdout)")
        for fact in ["hosts as before", "no daemon", "group kept", "history kept", "group purged"] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        #expect(!run.stdout.contains("left: "), "\(run.stdout)")
    }
}

/// What the installation tests need beside a sandbox and sudo.
enum InstallTools {
    /// Why the installation tests cannot run here, or nil.
    static let unavailableReason: String? =
        SudoTools.unavailableReason
        ?? [
            "/usr/bin/make", "/usr/sbin/groupadd",
            "/usr/sbin/usermod", "/usr/bin/pgrep",
        ].first {
            !FileManager.default.isExecutableFile(atPath: $0)
        }.map { "needs \($0) (apt-get install make passwd procps)" }
}
