import Foundation
import RefocusTestSupport
import Testing
import RefocusOS

/// A Debian root booted with systemd-nspawn, for `BootedUnitTests`: made
/// once by debootstrap (minbase and what the package depends on, cached in
/// /tmp by release, mirror and package list; under a minute here), then
/// each test boots an overlay of it, so the cached root never changes.
///
/// The container has a private network and no machine registration
/// (`--register=no --keep-unit`: it boots where the machine's own init is
/// not systemd). Its units run `refocus-proof.service` at each boot, which
/// writes its findings to the bind-mounted /proof and powers off, or reboots
/// once (nspawn exits with 133 and the script boots it again, as
/// systemd-nspawn@.service does). The debug binaries link the Swift runtime
/// of the toolchain, bound read-only at its own path; the release package
/// links it statically and needs no such bind (it is not what is tested here).
/// nspawn's own seccomp filter refuses fanotify_init (EPERM) to everything in
/// a container unless `--system-call-filter` names it; a machine booted on
/// hardware or in a VM has no such filter, so the container is given the
/// exec guard's two calls, and the unit must give the daemon the rest
/// (CAP_SYS_ADMIN in its bounding set).
enum BootedContainer {
    /// What debootstrap adds to minbase: systemd as init, the package's
    /// Depends (so that `dpkg -i` works offline), nftables to look at the
    /// table, make and binutils (strip) for `make install`.
    static let packages =
        "systemd,systemd-sysv,sudo,passwd,libnftnl11,libmnl0,libidn2-0,libpsl5,publicsuffix,"
        + "libc-ares2,libsqlite3-0,libgcc-s1,nftables,make,binutils"

    /// Why the container cannot be made here, or nil.
    static let unavailableReason: String? =
        DebianTools.unavailableReason
        ?? [
            "/usr/sbin/debootstrap",
            "/usr/bin/systemd-nspawn",
        ].first {
            !FileManager.default.isExecutableFile(atPath: $0)
        }.map { "needs \($0) (apt-get install debootstrap systemd-container; make test installs them)" }

    /// The cached Debian root's path, made by debootstrap when missing (in the
    /// machine's network namespace, from the mirror and release its apt uses);
    /// cancels the test when the mirror cannot be reached.
    static func root() throws -> String {
        let run = try Sandbox(network: false).run(
            #"""
            suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
            mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2> /dev/null \
              | grep -oE 'https?://[^ ]+/debian/?( |$)' | grep -v security | head -1 | tr -d ' ' || true)
            mirror=${mirror:-http://deb.debian.org/debian}
            packages='\#(packages)'
            cache=/tmp/refocus-nspawn-$suite-$(printf '%s %s %s\n' "$suite" "$mirror" "$packages" | sha256sum | cut -c1-16)
            # One debootstrap at a time; a root is complete once renamed into place.
            exec 9> "$cache.lock"
            flock 9
            if [ ! -e "$cache/etc/os-release" ]; then
              rm -rf "$cache.partial"
              status=0
              debootstrap --variant=minbase --include="$packages" "$suite" "$cache.partial" "$mirror" \
                > "$cache.log" 2>&1 || status=$?
              if [ "$status" != 0 ]; then
                rm -rf "$cache.partial"
                grep -q 'Failed getting release file' "$cache.log" && echo "unreachable: $mirror ($suite)"
                echo "debootstrap: $status"; tail -5 "$cache.log"
                exit 0
              fi
              mv "$cache.partial" "$cache"
            fi
            echo "root: $cache"
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        if let mirror = lines.first(where: { $0.hasPrefix("unreachable: ") }) {
            try Test.cancel(Comment(rawValue: "debootstrap cannot reach the Debian mirror \(mirror.dropFirst(13))"))
        }
        let root = try #require(lines.first { $0.hasPrefix("root: ") }, "\(run.stdout)\(run.stderr)")
        return String(root.dropFirst(6))
    }

    /// After `DebianPackageTests.setUp`: builds the package, lays out an
    /// overlay of `root` with Debian's /etc/hosts and the proof units, boots
    /// it (twice: the first boot reboots), then prints `--- findings` and
    /// the findings, and `--- console` and the last boot's console.
    static func boot(root: String) -> String {
        #"""
        build_deb
        C="$WORK/container" P="$WORK/proof"
        mkdir -p "$C/upper" "$C/work" "$C/root" "$P"
        mount -t overlay overlay -o lowerdir='\#(root)',upperdir="$C/upper",workdir="$C/work" "$C/root"
        cp "$DEB" "$P/refocus.deb"
        # The program a session blocks: the container's sleep with a build id of its own, so that the exec
        # guard refuses no sleep of the same uid on the machine or in a test beside this one.
        another_program "$C/root/bin/sleep" "$P/rf-booted-victim"
        # What the Debian installer writes; the name server that nobody answers at refuses at once.
        printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\nff02::1\t\tip6-allnodes\nff02::2\t\tip6-allrouters\n' \
          > "$C/root/etc/hosts"
        rm -f "$C/root/etc/resolv.conf"
        echo 'nameserver 127.0.0.1' > "$C/root/etc/resolv.conf"
        # Chromium as the browser policy layer looks for it (its executable's path; the policy
        # itself is tested against the real Chromium elsewhere): the layer writes its file here too.
        mkdir -p "$C/root/usr/lib/chromium" && printf '#!/bin/sh\n' > "$C/root/usr/lib/chromium/chromium"
        chmod 755 "$C/root/usr/lib/chromium/chromium"
        U="$C/root/etc/systemd/system"
        cat > "$U/refocus-proof.service" <<'UNIT'
        [Unit]
        Description=ReFocus test: this boot's findings, then power off (or reboot)
        # multi-user.target does not wait for units without default dependencies (refocus.service is
        # one: it is ready, Type=notify, after its first reconcile), so this waits for them itself.
        After=multi-user.target refocus.service refocus-proof-early.service
        [Service]
        Type=oneshot
        ExecStart=/bin/bash /proof/proof.sh
        StandardOutput=append:/proof/proof.log
        StandardError=append:/proof/proof.log
        [Install]
        WantedBy=multi-user.target
        UNIT
        cat > "$U/refocus-proof-early.service" <<'UNIT'
        [Unit]
        Description=ReFocus test: what a unit ordered after network-pre.target sees
        DefaultDependencies=no
        After=network-pre.target
        Before=network.target
        [Service]
        Type=oneshot
        ExecStart=/bin/sh -c 'if nft list table inet refocus > /dev/null 2>&1; then echo present; else echo absent; fi > /run/proof-early'
        [Install]
        WantedBy=multi-user.target
        UNIT
        ln -s ../refocus-proof.service ../refocus-proof-early.service "$U/multi-user.target.wants/"
        cat > "$P/proof.sh" <<'PROOF'
        \#(proof)
        PROOF
        # The debug binaries' Swift runtime, at its own path.
        runtime=$(dirname "$(ldd "$B/refocus-helper" | awk '$1 == "libswiftCore.so" {print $3}')")
        # nspawn makes its supervisor and payload cgroups inside the one it runs in: one of ours
        # in each hierarchy it uses, removed afterwards, so the machine's cgroups stay as they were.
        CG=refocus-nspawn-$$-$RANDOM cgroups=
        while IFS=: read -r _ controllers path; do
          case $controllers in
            '') h=/sys/fs/cgroup; [ -e "$h/cgroup.procs" ] || h=/sys/fs/cgroup/unified;;
            name=systemd) h=/sys/fs/cgroup/systemd;;
            *) continue;;
          esac
          [ -e "$h$path/cgroup.procs" ] && mkdir "$h${path%/}/$CG" && cgroups="$cgroups $h${path%/}/$CG"
        done < /proc/self/cgroup
        trap 'for g in $cgroups; do find "$g" -depth -type d -exec rmdir {} + 2> /dev/null || true; done' EXIT
        boots=0
        while :; do
          boots=$((boots + 1)) status=0
          ( for g in $cgroups; do echo "$BASHPID" > "$g/cgroup.procs"; done
            exec timeout -k 10 120 systemd-nspawn --quiet --boot --directory="$C/root" --private-network --register=no \
              --keep-unit --resolv-conf=off --timezone=off --system-call-filter='fanotify_init fanotify_mark' \
              --bind-ro="$runtime" --bind="$P:/proof" \
              --bind-ro="$B:/refocus/bin" --bind-ro="$WORK/man:/refocus/man" --bind-ro="$WORK/nss:/refocus/nss" \
              --bind-ro="$REPO:/refocus/repo" ) > "$WORK/console" 2>&1 || status=$?
          echo "boot $boots: nspawn $status"
          [ "$status" = 133 ] && [ "$boots" -lt 2 ] || break
        done
        echo "--- findings"
        cat "$P/findings" 2> /dev/null || true
        echo "--- console"
        tail -n 40 "$WORK/console"
        sed 's/^/proof.sh: /' "$P/proof.log" 2> /dev/null || true
        """#
    }

    /// refocus-proof.service's script (bash): at the first boot, `dpkg -i`, a
    /// member's locked session through sudo, `systemctl restart`, `stop`,
    /// `start`, a SIGKILLed daemon; then a reboot; at the second, the unit's
    /// start at boot and its order, the session, `dpkg -r` refused then
    /// forced, `dpkg --purge`, `make install` and `make uninstall`.
    static let proof = #"""
        set -u -o pipefail
        F=/proof/findings
        boot=$(( $(cat /proof/boots 2> /dev/null || echo 0) + 1 ))
        echo "$boot" > /proof/boots
        say() { echo "$*" >> "$F"; }
        next=poweroff
        trap 'systemctl --no-block "$next"' EXIT
        say "== boot $boot"
        # run NAME COMMAND…: its output in /proof/NAME.log (and in proof.log when it fails); prints its status.
        run() {
          local name=$1 status=0; shift
          "$@" > "/proof/$name.log" 2>&1 || { status=$?; sed "s/^/$name: /" "/proof/$name.log" >> /proof/proof.log; }
          echo "$status"
        }
        member() {
          setpriv --reuid=mia --regid=mia --init-groups \
            env -i HOME=/home/mia USER=mia LOGNAME=mia PATH=/usr/bin:/bin TZ=UTC "$@"
        }
        kid() {
          setpriv --reuid=kid --regid=kid --init-groups \
            env -i HOME=/home/kid USER=kid LOGNAME=kid PATH=/usr/bin:/bin TZ=UTC "$@"
        }
        # What games.example answers kid, whom the administrator's schedule binds, and mia, whom it does not
        # (no name server here: nothing but the sinkhole ever answers it).
        per_user() {
          local answer
          for _ in $(seq 50); do
            answer=$(kid getent ahosts games.example | awk '{print $1}' | sort -u | tr '\n' ' ')
            [ -n "$answer" ] && break
            sleep 0.1
          done
          local other; other=$(member getent ahosts games.example | awk '{print $1}' | sort -u | tr '\n' ' ')
          say "games.example: for kid: $answer| for mia: ${other:-nothing}"
        }
        pid() { systemctl show -p MainPID --value refocus.service; }
        state() {
          local enabled; enabled=$(systemctl is-enabled refocus.service 2> /dev/null)
          echo "${enabled:-no unit file}, $(systemctl is-active refocus.service)"
        }
        # The main process's command line, once systemd has exec'd it.
        daemon() {
          for _ in $(seq 200); do
            local line; line=$(tr '\0' ' ' < "/proc/$(pid)/cmdline" 2> /dev/null)
            case $line in /usr/*) echo "${line% }"; return;; esac
            sleep 0.1
          done
          echo none
        }
        daemons() {
          for p in /proc/[0-9]*; do tr '\0' ' ' < "$p/cmdline" 2> /dev/null; echo; done \
            | grep -c '^/usr/libexec/refocus/refocus-helper daemon'
        }
        # The new main pid once the service is active again under a pid other than $1, else "none".
        new_pid() {
          for _ in $(seq 300); do
            local now; now=$(pid)
            [ "$now" != 0 ] && [ "$now" != "$1" ] && [ "$(systemctl is-active refocus.service)" = active ] \
              && { echo "$now"; return; }
            sleep 0.1
          done
          echo none
        }
        new() { [ "$1" != none ] && echo yes || echo no; }
        # Which layers the daemon under systemd reports in force (`refocus status --json`'s counts):
        # each shipped layer's name, or "LAYER off".
        layers() {
          local json; json=$(member refocus status --json | tr -d ' \n')
          number() { local n; n=$(echo "$json" | grep -oE "\"$1\":[0-9]+" | head -1 | cut -d: -f2); echo "${n:-0}"; }
          text() { echo "$json" | grep -oE "\"$1\":\"[^\"]*\"" | head -1 | cut -d'"' -f4; }
          local in_force=""
          [ "$(number names)" -gt 0 ] && in_force="hosts section" || in_force="hosts section off"
          [ "$(number resolverNames)" -gt 0 ] && in_force="$in_force, resolver module" || in_force="$in_force, resolver module off"
          [ "$(text firewall)" = table ] && [ "$(number addresses)" -gt 0 ] && in_force="$in_force, table" || in_force="$in_force, table off"
          echo "$json" | grep -q '"browserPolicies":\[[^]]*"chromium"' && in_force="$in_force, browser policies" \
            || in_force="$in_force, browser policies off"
          [ "$(text programBlocking)" = exec-permission ] && in_force="$in_force, exec guard" \
            || in_force="$in_force, exec guard off ($(text programBlocking))"
          echo "$in_force"
        }
        # What a blocked name answers, and whether the table and the hosts section are there.
        block() {
          local table=absent section=absent
          nft list table inet refocus > /dev/null 2>&1 && table=present
          nft list table inet refocus 2> /dev/null | grep -q '203\.0\.113\.7' && table="present with 203.0.113.7"
          grep -qx '# BEGIN refocus' /etc/hosts && section=present
          say "block: social.example: $(getent ahosts social.example | awk '{print $1}' | sort -u | tr '\n' ' ')| table $table | hosts section $section"
        }
        case $boot in
        1)
          cp /etc/hosts /proof/hosts.before
          cp /etc/nsswitch.conf /proof/nsswitch.before
          say "dpkg -i: $(run dpkg-i dpkg -i /proof/refocus.deb)"
          say "after dpkg -i: $(state)"
          say "daemon: $(daemon)"
          useradd --create-home --groups refocus --shell /bin/sh mia
          member refocus list add focus social.example 203.0.113.7 > /dev/null
          say "mia starts a locked session through sudo: $(run start member refocus start --list focus 10m --lock)"
          say "$(head -1 /proof/start.log | cut -d: -f1)"
          block
          # A programs-only session: the exec guard refuses the blocked program before it runs.
          cp /proof/rf-booted-victim /usr/local/bin/rf-booted-victim
          member refocus list add apps --program rf-booted-victim > /dev/null
          say "mia blocks a program: $(run apps member refocus start --list apps 10m)"
          member /usr/local/bin/rf-booted-victim 5 2> /dev/null; say "mia runs it: $?"
          /usr/local/bin/rf-booted-victim 0; say "root runs it: $?"
          say "in force: $(layers)"
          say "status: $(member refocus status | grep '^Enforced by' | grep -o 'exec permission ([^)]*)')"
          journalctl -u refocus.service --no-pager -o cat 2> /dev/null | grep -iE 'fanotify|refused before' | sed 's/^/journal: /' >> /proof/proof.log
          member refocus stop 2 > /dev/null
          first=$(pid)
          systemctl restart refocus.service
          second=$(new_pid "$first")
          say "systemctl restart: $(systemctl is-active refocus.service), a new daemon: $(new "$second")"
          block
          systemctl stop refocus.service
          say "systemctl stop: $(systemctl is-active refocus.service)"
          block
          systemctl start refocus.service
          third=$(new_pid "$second")
          say "systemctl start: $(systemctl is-active refocus.service), a new daemon: $(new "$third")"
          kill -9 "$third"
          fourth=$(new_pid "$third")
          say "kill -9 of the daemon: $(systemctl is-active refocus.service) again, a new daemon: $(new "$fourth"), NRestarts=$(systemctl show -p NRestarts --value refocus.service)"
          block
          say "mia's refocus stop: $(run stop member refocus stop)"
          # The administrator's schedule for kid alone, from now for three hours: run by the daemon itself.
          useradd --create-home --groups refocus --shell /bin/sh kid
          mkdir -p /etc/refocus/lists /etc/refocus/schedules.d
          echo games.example > /etc/refocus/lists/games.domains
          printf '[[schedule]]\nname = "evenings"\nusers = ["kid"]\nlists = ["games"]\nwhen = "%s-%s"\n' \
            "$(date +%H:%M)" "$(date -d '+3 hours' +%H:%M)" > /etc/refocus/schedules.d/family.toml
          systemctl reload refocus.service
          per_user
          say "rebooting"
          next=reboot
          ;;
        2)
          say "at boot: $(state), NRestarts=$(systemctl show -p NRestarts --value refocus.service)"
          before=$(systemctl show -p Before --value refocus.service | tr ' ' '\n' | grep -x network-pre.target || true)
          say "ordered before: ${before:-nothing}"
          started=$(systemctl show -p ActiveEnterTimestampMonotonic --value refocus.service)
          reached=$(systemctl show -p ActiveEnterTimestampMonotonic --value network-pre.target)
          say "active when network-pre.target was reached: $([ "$started" -gt 0 ] && [ "$started" -le "$reached" ] && echo yes || echo "no ($started, $reached)")"
          say "table at network-pre.target: $(cat /run/proof-early 2> /dev/null || echo unknown)"
          block
          member refocus status > /proof/status.log 2>&1
          say "mia's status: $(head -1 /proof/status.log | sed -E 's/ until .*, (locked)\)$/, \1/')"
          say "mia's refocus stop: $(run stop member refocus stop)"
          per_user
          say "kid's refocus stop: $(run kid-stop kid refocus stop)"
          rm -r /etc/refocus/lists /etc/refocus/schedules.d
          say "dpkg -r: $(run dpkg-r dpkg -r refocus)"
          say "$(grep '^refocus:' /proof/dpkg-r.log)"
          say "after a refused dpkg -r: $(dpkg-query -W -f='${Status}' refocus), $(state)"
          block
          say "REFOCUS_FORCE=1 dpkg -r: $(run dpkg-r-forced env REFOCUS_FORCE=1 dpkg -r refocus)"
          say "after dpkg -r: $(dpkg-query -W -f='${Status}' refocus), $(state), daemons: $(daemons)"
          block
          cmp -s /etc/hosts /proof/hosts.before && say "/etc/hosts as before"
          cmp -s /etc/nsswitch.conf /proof/nsswitch.before && say "/etc/nsswitch.conf as before"
          say "dpkg --purge: $(run dpkg-purge dpkg --purge refocus), $(state)"
          say "make install: $(run make-install make -C /refocus/repo --no-print-directory install NOBUILD=1 \
            PRODUCTS=/refocus/bin MANPAGES=/refocus/man NSS_MODULE=/refocus/nss/libnss_refocus.so.2), $(state)"
          say "daemon: $(daemon)"
          say "make uninstall: $(run make-uninstall make -C /refocus/repo --no-print-directory uninstall), $(state), daemons: $(daemons)"
          ;;
        esac
        """#
}
