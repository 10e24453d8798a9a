import ArgumentParser
import Foundation
import Glibc
import RefocusEnforcement

/// `refocus-helper fleet pull|status`: policy from a git remote the
/// administrator names in /etc/refocus/fleet.toml, applied only from
/// commits signed by an allowed key. For root itself only.
struct FleetVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Root only: take /etc/refocus's policy, lists and schedules from a signed git commit.",
        discussion: """
            /etc/refocus/fleet.toml names the remote (remote = "URL"), its branch (branch, \
            "main" by default) and the allowed-signers file (allowed_signers, in git's \
            gpg.ssh.allowedSignersFile format); both files must be root's alone. pull applies \
            the branch's tip only when git verifies its ssh signature with those keys, and only \
            when its tree holds nothing but policy.toml, lists/NAME.domains, lists/NAME.programs \
            and schedules.d/NAME.toml within their caps; otherwise nothing changes and status \
            says why. refocus-fleet.timer runs pull every 15 minutes once enabled.
            """,
        subcommands: [FleetPullVerb.self, FleetStatusVerb.self])

    /// Refuses anyone but root itself (a member through the group's sudo rule included).
    static func requireRootItself() throws {
        guard geteuid() == 0,
            (try? Caller.current(environment: ProcessInfo.processInfo.environment))?.isRootItself ?? false
        else { throw FleetError.notRootItself }
    }
}
