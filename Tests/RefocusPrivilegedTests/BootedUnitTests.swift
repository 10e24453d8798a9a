import Foundation
import RefocusTestSupport
import Testing

/// refocus.service, the package's maintainer scripts and `make install`
/// under a booted systemd: a Debian 12 container (`BootedContainer`)
/// installs the package built from the debug binaries, a member of the
/// group starts a locked session through sudo and a session of programs,
/// every shipped layer is in force under the unit (the hosts section, the
/// resolver module, the table, the browser policies, the exec guard, which
/// refuses the blocked program with 126), the service is restarted,
/// stopped, started and SIGKILLed, the container reboots, and the session is
/// still enforced by the service that boot started, as is the administrator's
/// schedule for another user, `kid`, which the daemon runs itself and which
/// binds kid alone (the resolver module answers kid the sinkhole, mia
/// nothing) and kid cannot stop; then `dpkg -r` is refused,
/// forced, and `make install` and `make uninstall` enable, start and stop the
/// same unit. The machine's /etc, ruleset, services and users never change:
/// everything happens in the container's overlay, network and cgroups.
@Suite(
    .enabled(if: BootedContainer.unavailableReason == nil, Comment(rawValue: BootedContainer.unavailableReason ?? "")))
struct BootedUnitTests {
    /// The findings of both boots. `table at network-pre.target: present`: the unit is
    /// `Type=notify`, ready once the daemon's first reconcile has made the table again.
    static let findings = """
        == boot 1
        dpkg -i: 0
        after dpkg -i: enabled, active
        daemon: /usr/libexec/refocus/refocus-helper daemon --take-over
        mia starts a locked session through sudo: 0
        Blocking 2 entries and 0 programs
        block: social.example: 100::1 192.0.2.1 | table present with 203.0.113.7 | hosts section present
        mia blocks a program: 0
        mia runs it: 126
        root runs it: 0
        in force: hosts section, resolver module, table, browser policies, exec guard
        status: exec permission (1 programs refused before they run)
        systemctl restart: active, a new daemon: yes
        block: social.example: 100::1 192.0.2.1 | table present with 203.0.113.7 | hosts section present
        systemctl stop: inactive
        block: social.example: 100::1 192.0.2.1 | table present with 203.0.113.7 | hosts section present
        systemctl start: active, a new daemon: yes
        kill -9 of the daemon: active again, a new daemon: yes, NRestarts=1
        block: social.example: 100::1 192.0.2.1 | table present with 203.0.113.7 | hosts section present
        mia's refocus stop: 77
        games.example: for kid: 100::1 192.0.2.1 | for mia: nothing
        rebooting
        == boot 2
        at boot: enabled, active, NRestarts=0
        ordered before: network-pre.target
        active when network-pre.target was reached: yes
        table at network-pre.target: present
        block: social.example: 100::1 192.0.2.1 | table present with 203.0.113.7 | hosts section present
        mia's status: #1 focus, locked
        mia's refocus stop: 77
        games.example: for kid: 100::1 192.0.2.1 | for mia: nothing
        kid's refocus stop: 77
        dpkg -r: 1
        refocus: a locked session is running (see 'refocus status'); remove after it ends, or with REFOCUS_FORCE=1 to clear it now
        after a refused dpkg -r: deinstall ok installed, enabled, active
        block: social.example: 100::1 192.0.2.1 | table present with 203.0.113.7 | hosts section present
        REFOCUS_FORCE=1 dpkg -r: 0
        after dpkg -r: deinstall ok config-files, masked, inactive, daemons: 0
        block: social.example: | table absent | hosts section absent
        /etc/hosts as before
        /etc/nsswitch.conf as before
        dpkg --purge: 0, no unit file, inactive
        make install: 0, enabled, active
        daemon: /usr/libexec/refocus/refocus-helper daemon --take-over
        make uninstall: 0, no unit file, inactive, daemons: 0

        """

    @Test func theInstalledUnitKeepsALockedSessionThroughRestartsAKillAndAReboot() throws {
        let root = try BootedContainer.root()
        let run = try Sandbox().run(DebianPackageTests.setUp + BootedContainer.boot(root: root))
        #expect(run.status == 0, "\(run.stderr)")
        let parts = run.stdout.components(separatedBy: "--- findings\n")
        let found = parts.count == 2 ? parts[1].components(separatedBy: "--- console\n")[0] : ""
        if !found.hasPrefix("== boot 1\n") {
            try Test.cancel(
                Comment(rawValue: "systemd-nspawn did not boot the container here: \(run.stdout)\(run.stderr)"))
        }
        #expect(run.stdout.contains("boot 1: nspawn 133\nboot 2: nspawn 0\n"), "\(run.stdout)")
        let lines = found.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.joined(separator: "\n") == Self.findings, "\(run.stdout)")
    }
}
