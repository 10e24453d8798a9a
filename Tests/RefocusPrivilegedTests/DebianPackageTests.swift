import Foundation
import RefocusEnforcement
import RefocusTestSupport
import Testing

/// `make deb` from the debug binaries (`NOBUILD=1 PRODUCTS=…`, stand-in man
/// pages, gzip for speed), then the package for real: `dpkg -i` inside a
/// sandbox whose /usr, /etc and dpkg database (/var/lib/dpkg) are overlays
/// and whose /var is a tmpfs, so neither the machine's files nor its package
/// database ever change.
@Suite(.enabled(if: DebianTools.unavailableReason == nil, Comment(rawValue: DebianTools.unavailableReason ?? "")))
struct DebianPackageTests {
    /// Every entry of the package, as `dpkg-deb --contents` lists it: mode, owner, path.
    static let contents = """
        drwxr-xr-x root/root ./
        drwxr-xr-x root/root ./etc/
        drwxr-xr-x root/root ./etc/refocus/
        -rw-r--r-- root/root ./etc/refocus/policy.toml
        drwxr-xr-x root/root ./etc/sudoers.d/
        -r--r----- root/root ./etc/sudoers.d/refocus
        drwxr-xr-x root/root ./lib/
        drwxr-xr-x root/root ./lib/systemd/
        drwxr-xr-x root/root ./lib/systemd/system/
        -rw-r--r-- root/root ./lib/systemd/system/refocus-fleet.service
        -rw-r--r-- root/root ./lib/systemd/system/refocus-fleet.timer
        -rw-r--r-- root/root ./lib/systemd/system/refocus.service
        drwxr-xr-x root/root ./usr/
        drwxr-xr-x root/root ./usr/bin/
        -rwxr-xr-x root/root ./usr/bin/refocus
        -rwxr-xr-x root/root ./usr/bin/refocus-ui
        drwxr-xr-x root/root ./usr/lib/
        drwxr-xr-x root/root ./usr/lib/\(ResolverModule.multiarch)/
        -rw-r--r-- root/root ./usr/lib/\(ResolverModule.multiarch)/libnss_refocus.so.2
        drwxr-xr-x root/root ./usr/libexec/
        drwxr-xr-x root/root ./usr/libexec/refocus/
        -rwxr-xr-x root/root ./usr/libexec/refocus/refocus-helper
        drwxr-xr-x root/root ./usr/share/
        drwxr-xr-x root/root ./usr/share/applications/
        -rw-r--r-- root/root ./usr/share/applications/refocus.desktop
        drwxr-xr-x root/root ./usr/share/bash-completion/
        drwxr-xr-x root/root ./usr/share/bash-completion/completions/
        -rw-r--r-- root/root ./usr/share/bash-completion/completions/refocus
        drwxr-xr-x root/root ./usr/share/doc/
        drwxr-xr-x root/root ./usr/share/doc/refocus/
        -rw-r--r-- root/root ./usr/share/doc/refocus/changelog.gz
        -rw-r--r-- root/root ./usr/share/doc/refocus/copyright
        drwxr-xr-x root/root ./usr/share/fish/
        drwxr-xr-x root/root ./usr/share/fish/vendor_completions.d/
        -rw-r--r-- root/root ./usr/share/fish/vendor_completions.d/refocus.fish
        drwxr-xr-x root/root ./usr/share/icons/
        drwxr-xr-x root/root ./usr/share/icons/hicolor/
        drwxr-xr-x root/root ./usr/share/icons/hicolor/scalable/
        drwxr-xr-x root/root ./usr/share/icons/hicolor/scalable/apps/
        -rw-r--r-- root/root ./usr/share/icons/hicolor/scalable/apps/refocus.svg
        drwxr-xr-x root/root ./usr/share/man/
        drwxr-xr-x root/root ./usr/share/man/man1/
        -rw-r--r-- root/root ./usr/share/man/man1/refocus.1.gz
        drwxr-xr-x root/root ./usr/share/man/man8/
        -rw-r--r-- root/root ./usr/share/man/man8/refocus-helper.8.gz
        drwxr-xr-x root/root ./usr/share/zsh/
        drwxr-xr-x root/root ./usr/share/zsh/vendor-completions/
        -rw-r--r-- root/root ./usr/share/zsh/vendor-completions/_refocus

        """

    /// After InstallTests' set-up: `build_deb` makes the package into
    /// `$WORK/deb` and sets `$DEB`; `own_dpkg` gives the sandbox a /var of
    /// its own and an overlay of the machine's dpkg database on /var/lib/dpkg,
    /// without the machine's own refocus package if it has one.
    static let setUp =
        InstallTests.setUp + #"""
            build_deb() {
              make -C "$REPO" --no-print-directory deb NOBUILD=1 PRODUCTS="$B" MANPAGES="$WORK/man" \
                DEBDIR="$WORK/deb" DEBFLAGS='-Zgzip -z1' > "$WORK/deb.log" 2>&1 || { cat "$WORK/deb.log" >&2; return 1; }
              DEB=$(ls "$WORK"/deb/refocus_*_amd64.deb)
            }
            own_dpkg() {
              umount /var/lib
              mkdir -p "$WORK/dpkg" "$WORK/dpkg-upper" "$WORK/dpkg-work"
              mount -t overlay overlay -o lowerdir=/var/lib/dpkg,upperdir="$WORK/dpkg-upper",workdir="$WORK/dpkg-work" "$WORK/dpkg"
              mount -t tmpfs -o mode=0755 tmpfs /var
              mkdir -p /var/lib/dpkg /var/log /var/cache /var/tmp
              mount --bind "$WORK/dpkg" /var/lib/dpkg
              # A machine's own refocus package, if any, leaves this database: ReFocus was never installed here.
              python3 - <<'PY'
            path = "/var/lib/dpkg/status"
            stanzas = open(path).read().split("\n\n")
            kept = [s for s in stanzas if not s.lstrip("\n").startswith("Package: refocus\n")]
            if kept != stanzas:
                text = "\n\n".join(kept)
                open(path, "w").write(text if text.endswith("\n") else text + "\n")
            PY
              rm -f /var/lib/dpkg/info/refocus.*
            }
            export PATH=/usr/sbin:/usr/bin:/sbin:/bin

            """#

    @Test func theDebBuildsWithTheExpectedFilesDependsAndScripts() throws {
        let run = try Sandbox(network: false).run(
            Self.setUp + #"""
                build_deb
                echo "deb: ${DEB#$WORK/deb/}"
                dpkg-deb --contents "$DEB" | awk '{print $1, $2, $6}'
                echo "--- info"
                dpkg-deb --field "$DEB" Package Version Architecture Depends
                dpkg-deb --field "$DEB" Installed-Size | grep -Eq '^[0-9]+$' && echo "installed size given"
                mkdir "$WORK/control" && dpkg-deb --control "$DEB" "$WORK/control"
                cat "$WORK/control/conffiles"
                sed 's/^/triggers: /' "$WORK/control/triggers"
                for script in postinst prerm postrm; do
                  sh -n "$WORK/control/$script" && stat -c "%a $script" "$WORK/control/$script"
                done
                dpkg-deb --fsys-tarfile "$DEB" | tar -xf - -C "$WORK/control" ./usr/bin/refocus ./etc/sudoers.d/refocus \
                  "./usr/lib/$MA/libnss_refocus.so.2"
                file "$WORK/control/usr/bin/refocus" | grep -q ', stripped' && echo "stripped"
                file "$WORK/control/usr/lib/$MA/libnss_refocus.so.2" | grep -q 'shared object.*, stripped' && echo "module stripped"
                visudo -cf "$WORK/control/etc/sudoers.d/refocus"
                "$WORK/control/usr/bin/refocus" --version
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let version = try #require(run.stdout.split(separator: "\n").last.map(String.init))
        #expect(
            run.stdout.hasPrefix("deb: refocus_\(version)_amd64.deb\n" + Self.contents + "--- info\n"), "\(run.stdout)")
        let depends =
            "Depends: libc6 (>= 2.36), libgcc-s1 (>= 4.2), libnftnl11 (>= 1.1.9), "
            + "libmnl0 (>= 1.0.4-1~), libidn2-0 (>= 2.0.0), libpsl5 (>= 0.16.0), publicsuffix, libc-ares2 (>= 1.7.4), "
            + "libsqlite3-0 (>= 3.20.0), sudo, passwd\n"
        for fact in [
            "Package: refocus\nVersion: \(version)\nArchitecture: amd64\n" + depends, "installed size given",
            "/etc/refocus/policy.toml\n/etc/sudoers.d/refocus\ntriggers: activate-noawait ldconfig\n",
            "755 postinst\n755 prerm\n755 postrm\n",
            "parsed OK",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        if DebianTools.hasFile { #expect(run.stdout.contains("stripped\nmodule stripped\n"), "\(run.stdout)") }
    }

    /// lintian's errors and warnings (info tags aside) on the package, where lintian is installed
    /// (the release package, built by `make deb`, was checked in a fresh Debian 12 root the same way).
    @Test(
        .enabled(
            if: DebianTools.hasLintian, "lintian is not installed (apt-get install lintian); the package is not checked"
        ))
    func lintianFindsNoErrorOrWarning() throws {
        let run = try Sandbox(network: false).run(
            Self.setUp + #"""
                build_deb
                # Two tags come from this test's stand-ins, not from the package: the debug
                # binaries' RUNPATH to the toolchain (the installed, statically linked ones have
                # none) and the stand-in man pages' NAME lines.
                status=0
                lintian --tag-display-limit 0 --suppress-tags custom-library-search-path,bad-whatis-entry "$DEB" \
                  > "$WORK/lintian.log" 2>&1 || status=$?
                cat "$WORK/lintian.log"
                echo "lintian: $status"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("lintian: 0\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("E: ") && !run.stdout.contains("W: "), "\(run.stdout)")
    }

    @Test func dpkgInstallsUpgradesRefusesRemovalDuringALockedSessionAndPurgeLeavesNoTrace() throws {
        let run = try Sandbox().run(
            Self.setUp + #"""
                build_deb
                own_dpkg
                add_user eve
                # As 'sudo apt install' and 'sudo dpkg' run the scripts: the environment names the user who ran sudo.
                as_sudo() { SUDO_USER=eve SUDO_UID=$(id -u eve) SUDO_GID=$(id -g eve) "$@"; }
                as_sudo dpkg -i "$DEB" > "$WORK/dpkg.log" 2>&1 || { cat "$WORK/dpkg.log"; exit 1; }
                dpkg-query -W -f='${Package} ${Status}\n' refocus
                getent group refocus > /dev/null && echo "group made"
                # Enabled for the next boot through deb-systemd-helper (no systemd runs here).
                [ -L /etc/systemd/system/multi-user.target.wants/refocus.service ] && echo "service enabled"
                stat -c '%a %U %n' /usr/bin/refocus /usr/libexec/refocus/refocus-helper /etc/sudoers.d/refocus \
                  /etc/refocus/policy.toml /lib/systemd/system/refocus.service
                module_state | sed 's/^/installed: /'
                usermod -aG refocus eve
                as_user eve refocus list add focus social.test > /dev/null
                detached "$WORK/as-user" eve refocus start --list focus 10m --lock
                cat "$WORK/out" "$WORK/err"
                blocked social.test
                dpkg -i "$DEB" > "$WORK/dpkg.log" 2>&1 || { cat "$WORK/dpkg.log"; exit 1; }
                echo "upgraded: $(blocked social.test)"
                module_state | grep '^check:' | sed 's/^/upgraded: /'
                status=0; dpkg -r refocus > "$WORK/dpkg.log" 2>&1 || status=$?
                echo "remove: $status"; grep '^refocus:' "$WORK/dpkg.log"
                dpkg-query -W -f='${Package} ${Status}\n' refocus
                echo "still: $(blocked social.test)"
                module_state | grep '^check:' | sed 's/^/still: /'
                REFOCUS_FORCE=1 as_sudo dpkg -r refocus > "$WORK/dpkg.log" 2>&1 || { cat "$WORK/dpkg.log"; exit 1; }
                echo "forced: $(blocked social.test)"
                cmp /etc/hosts "$WORK/hosts.before" && echo "hosts as before"
                module_state | sed 's/^/removed: /'
                nft list table inet refocus > /dev/null 2>&1 || echo "no table"
                pgrep -f 'refocus-helper daemon' > /dev/null || echo "no daemon"
                [ -e /etc/refocus/policy.toml ] && echo "conffile kept after remove"
                getent group refocus > /dev/null && echo "group kept after remove"
                dpkg --purge refocus > "$WORK/dpkg.log" 2>&1 || { cat "$WORK/dpkg.log"; exit 1; }
                dpkg-query -W refocus > /dev/null 2>&1 || echo "unknown to dpkg"
                getent group refocus > /dev/null || echo "group purged"
                for file in /usr/bin/refocus /usr/libexec/refocus /etc/sudoers.d/refocus /etc/refocus /var/lib/refocus \
                  /run/refocus /lib/systemd/system/refocus.service /usr/share/man/man1/refocus.1.gz \
                  /usr/share/man/man8/refocus-helper.8.gz /usr/share/bash-completion/completions/refocus \
                  /usr/share/zsh/vendor-completions/_refocus /usr/share/fish/vendor_completions.d/refocus.fish \
                  /usr/share/doc/refocus /etc/systemd/system/multi-user.target.wants/refocus.service \
                  /etc/systemd/system/refocus.service /var/lib/systemd/deb-systemd-helper-enabled/refocus.service.dsh-also \
                  /var/lib/systemd/deb-systemd-helper-masked/refocus.service /usr/lib/$MA/libnss_refocus.so.2; do
                  [ -e "$file" ] && echo "left: $file"
                done
                echo done
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let check = "check: True True /usr/lib/\(ResolverModule.multiarch)/libnss_refocus.so.2\n"
        for fact in [
            "refocus install ok installed\ngroup made\nservice enabled\n", "755 root /usr/bin/refocus\n",
            "installed: hosts line: hosts: files mdns4_minimal [NOTFOUND=return] refocus dns myhostname\n",
            "installed: library: /usr/lib/\(ResolverModule.multiarch)/libnss_refocus.so.2\n", "installed: " + check,
            "upgraded: " + check, "still: " + check, "removed: nsswitch.conf as before\n",
            "755 root /usr/libexec/refocus/refocus-helper\n", "440 root /etc/sudoers.d/refocus\n",
            "644 root /etc/refocus/policy.toml\n", "644 root /lib/systemd/system/refocus.service\n",
            "status: 0\nBlocking 1 entry and 0 programs: #1 focus until", "social.test: 100::1 192.0.2.1 \n",
            "upgraded: social.test: 100::1 192.0.2.1 \n", "remove: 1\nrefocus: a locked session is running",
            "still: social.test: 100::1 192.0.2.1 \n",
            "forced: social.test: \n", "hosts as before", "no table", "no daemon",
            "conffile kept after remove", "group kept after remove", "unknown to dpkg", "group purged\ndone\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        #expect(!run.stdout.contains("left: "), "\(run.stdout)")
        #expect(!run.stdout.contains("removed: library"), "\(run.stdout)")
    }
}

/// What the package tests need beside the installation tests' tools.
enum DebianTools {
    /// Whether lintian is installed (it is optional: `make deps` does not install it).
    static let hasLintian = FileManager.default.isExecutableFile(atPath: "/usr/bin/lintian")

    /// Why the package tests cannot run here, or nil.
    static let unavailableReason: String? =
        InstallTools.unavailableReason
        ?? [
            "/usr/bin/dpkg-deb", "/usr/bin/dpkg",
            "/usr/bin/strip", "/usr/bin/gzip",
        ].first {
            !FileManager.default.isExecutableFile(atPath: $0)
        }.map { "needs \($0) (apt-get install dpkg binutils gzip)" }

    /// Whether file(1) is here to tell a stripped binary.
    static let hasFile = FileManager.default.isExecutableFile(atPath: "/usr/bin/file")
}
