import RefocusTestSupport
import Testing

/// Sandboxes start from a known state whatever the machine holds. The
/// machine here is itself a sandbox (never this machine): ReFocus installed
/// in it by hand (the group with a member, the sudo rule and a test's rule,
/// a policy, the resolver module named in nsswitch.conf) and a session running (a hosts section, the store, the status
/// file, table `inet refocus`, the daemon). Inside it run the set-up scripts
/// of further sandboxes, as `Sandbox.run` would run them, with and without
/// a network namespace of their own; they must see none of it, and their
/// own sessions must leave the machine's untouched.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct HermeticSandboxTests {
    @Test func thePolicyNamesTheTable() throws {
        let run = try Sandbox().run(
            #"""
            export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper"
            mkdir -p /etc/refocus && printf 'nftables_table = "refocus_t1"\n' > /etc/refocus/policy.toml
            "$BIN/refocus" list add focus 192.0.2.7 > /dev/null
            "$BIN/refocus" start --list focus 1m > /dev/null
            nft list tables
            nft list table inet refocus_t1 | grep '192\.0\.2\.7' > /dev/null && echo "refocus_t1 blocks 192.0.2.7"
            "$BIN/refocus" stop > /dev/null
            echo "after stop: [$(nft list tables)]"
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("table inet refocus_t1\nrefocus_t1 blocks 192.0.2.7\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("table inet refocus\n"), "\(run.stdout)")
        #expect(run.stdout.contains("after stop: []\n"), "\(run.stdout)")
    }

    @Test func aSandboxSeesNothingOfAnInstalledReFocusWithASessionRunning() throws {
        let machine = Sandbox(dns: [Sandbox.Record("social.test", "192.0.2.2")])
        let run = try machine.run(
            Self.machineState + """
                \(Self.inner("own-network", Sandbox()))
                \(Self.inner("shared-network", Sandbox(network: false)))
                \(Self.machineUnchanged)
                kill -9 "$machine_daemon"; while kill -0 "$machine_daemon" 2> /dev/null; do sleep 0.01; done
                nft list table inet refocus > /dev/null && echo "machine: daemon stopped, table left"
                \(Self.inner("shared-network-orphan", Sandbox(network: false)))
                nft list table inet refocus | grep '192\\.0\\.2\\.7' > /dev/null && echo "machine: orphaned table kept"
                """)
        #expect(run.status == 0, "\(run.stderr)")
        let output = run.stdout
        #expect(output.hasPrefix("machine: section 1, table 1, daemon running, store 1, refocus:x:"), "\(output)")
        #expect(output.components(separatedBy: "\n").first?.hasSuffix(":machine-user") == true, "\(output)")
        for kind in ["own-network", "shared-network", "shared-network-orphan"] {
            for fact in [
                "hosts as before any session", "nsswitch.conf as before ReFocus", "no group refocus", "state: 0 files",
                "sessions: 0",
                "started its own", "stopped", "firefox as the administrator had it: 640 root:adm",
                "machine users seen: 0, sudo members []", "made ann", "made newbie",
            ] {
                #expect(output.contains("\(kind): \(fact)\n"), "\(kind): \(fact): \(output)")
            }
            #expect(!output.contains("\(kind): rule "), "no sudo rule of the machine's: \(output)")
            #expect(!output.contains("\(kind): status "), "\(output)")
            #expect(!output.contains("\(kind): chromium policy of the machine's"), "\(output)")
        }
        #expect(output.contains("own-network: no policy\n") && output.contains("own-network: tables []\n"), "\(output)")
        #expect(output.contains("own-network: own table [table inet refocus]\n"), "\(output)")
        for kind in ["shared-network", "shared-network-orphan"] {
            // The machine's table is in sight (one ruleset), the sandbox's policy names another.
            #expect(output.contains("\(kind): policy nftables_table = \"refocus_t"), "\(output)")
            #expect(output.contains("\(kind): tables [table inet refocus ]\n"), "\(output)")
            #expect(output.contains("\(kind): no table of its own (programs only)\n"), "\(output)")
        }
        for fact in [
            "machine: hosts unchanged", "machine: nsswitch.conf unchanged", "machine: table unchanged",
            "machine: daemon alive",
            "machine: 1 session, focus", "machine: group, rules and policy kept",
            "machine: firefox holds the session's policy",
            "machine: firefox policy kept", "machine: users named like the tests: 3",
            "machine: daemon stopped, table left", "machine: orphaned table kept",
        ] {
            #expect(output.contains(fact + "\n"), "\(fact): \(output)")
        }
    }

    /// ReFocus installed by hand and a session started in the outer sandbox,
    /// which plays the machine; `$machine_daemon` is its daemon. The machine
    /// also has users named as the tests name theirs (`ann` in the group
    /// sudo), and Firefox with the administrator's policies.json, which the
    /// session's policy is merged into (Chromium's refocus.json too, where
    /// Chromium is installed). Its /etc
    /// becomes a plain copy on a tmpfs, as a machine's is: an overlay on an
    /// overlay on an overlay is deeper than the kernel stacks them (two), and
    /// the suite may itself run on an overlay.
    static let machineState = #"""
        mkdir "$WORK/etc" && mount -t tmpfs -o mode=0755 tmpfs "$WORK/etc"
        cp -a /etc/. "$WORK/etc/" && mount --bind "$WORK/etc" /etc
        export XDG_CONFIG_HOME="$WORK/config" REFOCUS_HELPER="$BIN/refocus-helper"
        cp /etc/hosts "$WORK/hosts.clean"
        cp /etc/passwd "$WORK/passwd.clean"
        cp /etc/nsswitch.conf "$WORK/nsswitch.clean"
        mount -t tmpfs tmpfs /var/log
        useradd --no-log-init --no-create-home --shell /usr/sbin/nologin machine-user
        # Users named as the tests name theirs.
        for name in ann bob newbie; do useradd --no-log-init --no-create-home --shell /usr/sbin/nologin "$name"; done
        usermod -aG sudo ann
        # Firefox (a stand-in for its executable, in an overlay on /opt) with the administrator's own policy file.
        mkdir -p "$WORK/opt-upper" "$WORK/opt-work"
        mount -t overlay overlay -o lowerdir=/opt,upperdir="$WORK/opt-upper",workdir="$WORK/opt-work" /opt
        mkdir -p /opt/firefox && printf '#!/bin/sh\n' > /opt/firefox/firefox && chmod 755 /opt/firefox/firefox
        mkdir -p /etc/firefox/policies
        printf '{"policies": {"DisableTelemetry": true}}\n' > /etc/firefox/policies/policies.json
        chown root:adm /etc/firefox/policies/policies.json && chmod 640 /etc/firefox/policies/policies.json
        cp -p /etc/firefox/policies/policies.json "$WORK/firefox.admin"
        groupadd --system refocus && usermod -aG refocus machine-user
        printf '%%refocus ALL=(root) NOPASSWD: /usr/libexec/refocus/refocus-helper\n' > /etc/sudoers.d/refocus
        printf 'machine-user ALL=(root) NOPASSWD: /bin/true\n' > /etc/sudoers.d/refocus-test
        chmod 440 /etc/sudoers.d/refocus /etc/sudoers.d/refocus-test
        mkdir -p /etc/refocus && printf 'max_session = "12h"\n' > /etc/refocus/policy.toml
        "$BIN/refocus" list add focus social.test 192.0.2.7 > /dev/null
        "$BIN/refocus" start --list focus 10m > /dev/null
        "$BIN/refocus-helper" nsswitch add > /dev/null
        cp /etc/nsswitch.conf "$WORK/nsswitch.machine"
        machine_daemon=$(pgrep -f 'refocus-helper daemon' | head -1)
        nft list table inet refocus > "$WORK/table.machine"
        cp /etc/hosts "$WORK/hosts.machine"
        cp -a /etc/group /etc/passwd /etc/sudoers.d /etc/refocus "$WORK/"
        cp /etc/firefox/policies/policies.json "$WORK/firefox.machine"
        echo "machine: section $(grep -c '^# BEGIN refocus' /etc/hosts), table $(grep -c '192\.0\.2\.7' "$WORK/table.machine")," \
          "daemon ${machine_daemon:+running}, store $(ls /var/lib/refocus | grep -c 'sqlite$'), $(grep '^refocus:' /etc/group)"
        grep -q social.test "$WORK/firefox.machine" && echo "machine: firefox holds the session's policy"
        if [ -e /etc/chromium/policies/managed/refocus.json ]; then echo "machine: chromium holds the session's policy"; fi

        """#

    /// What the machine must still hold after a sandbox ran inside it.
    static let machineUnchanged = #"""
        cmp -s /etc/hosts "$WORK/hosts.machine" && echo "machine: hosts unchanged"
        cmp -s /etc/nsswitch.conf "$WORK/nsswitch.machine" && echo "machine: nsswitch.conf unchanged"
        nft list table inet refocus | cmp -s - "$WORK/table.machine" && echo "machine: table unchanged"
        kill -0 "$machine_daemon" && echo "machine: daemon alive"
        "$BIN/refocus" status --json | python3 -c 'import json, sys
        sessions = json.load(sys.stdin)["sessions"]
        print("machine:", len(sessions), "session,", " ".join(l for s in sessions for l in s["lists"]))'
        cmp -s /etc/group "$WORK/group" && diff -r /etc/sudoers.d "$WORK/sudoers.d" && diff -r /etc/refocus "$WORK/refocus" \
          && echo "machine: group, rules and policy kept"
        cmp -s /etc/firefox/policies/policies.json "$WORK/firefox.machine" && echo "machine: firefox policy kept"
        getent passwd ann bob newbie | wc -l | sed 's/^/machine: users named like the tests: /'
        """#

    /// Runs `sandbox`'s set-up inside the machine (its own folder as `$WORK`),
    /// then looks around, prefixing each line with `kind`, and starts and stops
    /// a session of its own: one blocking an address with a network namespace
    /// of its own; without one, one blocking a program (the only kind the
    /// tests start in the shared namespace), whose daemon deletes its table
    /// on reconciling since it has no address to block.
    static func inner(_ kind: String, _ sandbox: Sandbox) -> String {
        let entry = sandbox.network ? "192.0.2.9" : "--program rf-none-$RANDOM"
        return """
            mkdir -p "$WORK/\(kind)"
            cat > "$WORK/\(kind)/script.sh" <<'INNER'
            \(sandbox.setUpScript)
            k=\(kind)
            cmp -s /etc/hosts "$MACHINE/hosts.clean" && echo "$k: hosts as before any session"
            cmp -s /etc/nsswitch.conf "$MACHINE/nsswitch.clean" && echo "$k: nsswitch.conf as before ReFocus"
            grep -q '^refocus:' /etc/group || echo "$k: no group refocus"
            ls -A /etc/sudoers.d | grep refocus | sed "s/^/$k: rule /" || true
            if [ -e /etc/refocus/policy.toml ]; then echo "$k: policy $(cat /etc/refocus/policy.toml)"; else echo "$k: no policy"; fi
            echo "$k: state: $(find /var/lib /run/refocus -mindepth 1 | wc -l) files"
            echo "$k: sessions: $("$BIN/refocus" status --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["sessions"]))')"
            echo "$k: tables [$(nft list tables | tr '\\n' ' ')]"
            [ -e /etc/chromium/policies/managed/refocus.json ] && echo "$k: chromium policy of the machine's"
            cmp -s /etc/firefox/policies/policies.json "$MACHINE/firefox.admin" \
              && echo "$k: firefox as the administrator had it: $(stat -c '%a %U:%G' /etc/firefox/policies/policies.json)"
            echo "$k: machine users seen: $(getent passwd ann bob newbie | wc -l), sudo members [$(getent group sudo | cut -d: -f4)]"
            for name in ann newbie; do
              useradd --no-log-init --no-create-home --shell /usr/sbin/nologin "$name"
              [ "$(id -u "$name")" -ge "$SANDBOX_UID_MIN" ] && ! grep -q ":$(id -u "$name"):" "$MACHINE/passwd" && echo "$k: made $name"
            done
            XDG_CONFIG_HOME="$WORK/config" "$BIN/refocus" list add own \(entry) > /dev/null
            XDG_CONFIG_HOME="$WORK/config" "$BIN/refocus" start --list own 1m | grep '#1 own' > /dev/null && echo "$k: started its own"
            if [ -n "${REFOCUS_TABLE#refocus}" ]; then
              nft list table inet "$REFOCUS_TABLE" > /dev/null 2>&1 || echo "$k: no table of its own (programs only)"
            else
              echo "$k: own table [$(nft list tables | tr -d '\\n')]"
            fi
            "$BIN/refocus" stop > /dev/null && echo "$k: stopped"
            INNER
            MACHINE="$WORK" WORK="$WORK/\(kind)" unshare \(sandbox.unshareArguments.joined(separator: " ")) \\
              /bin/bash "$WORK/\(kind)/script.sh" || echo "\(kind): status $?"
            """
    }
}
