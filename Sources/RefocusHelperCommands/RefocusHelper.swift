import ArgumentParser
import Glibc
import RefocusCore
import RefocusDaemon
import RefocusEnforcement
import RefocusOS

/// `refocus-helper`: the privileged side of ReFocus, run as root through
/// `sudo`. Each verb reads one JSON request on stdin (except `reconcile` and
/// `clear`) and answers in JSON on stdout.
public struct RefocusHelper: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "refocus-helper",
        abstract: "The privileged helper of refocus; run by refocus through sudo, not by hand.",
        discussion: """
            It runs as root, installed as /usr/libexec/refocus/refocus-helper and \
            granted to the group refocus by a sudoers drop-in; the caller is the user \
            SUDO_UID names, or root. Each verb reads one versioned JSON request on stdin \
            (reconcile and clear read none) and answers JSON on stdout. The enforcer \
            daemon (refocus.service) owns table inet refocus; verbs that change sessions \
            ask it to reconcile. 'man refocus-helper' describes the protocol, the files \
            and the enforcement.

            \(ExitStatus.helpLine(for: .helper, ExitStatus.documented,
                                  notes: [.notPermitted: "not root, a locked session, or over a cap"])) \
            'man refocus-helper' describes them.
            """,
        version: RefocusVersion.string,
        subcommands: [
            StartVerb.self, StopVerb.self, PaceVerb.self, StatusVerb.self, HistoryVerb.self, FocusVerb.self,
            AllowanceVerb.self, ReconcileVerb.self, ClearVerb.self, NsswitchVerb.self, DaemonVerb.self,
            RunHookVerb.self, FleetVerb.self, ReportVerb.self,
        ]
    )

    public init() {}

    public func run() throws {
        guard geteuid() == 0 else { throw HelperError.notRoot }
        throw HelperError.noVerb
    }
}

/// Why the helper refused to run.
enum HelperError: RefocusError, Equatable {
    /// Not running as root.
    case notRoot
    /// No verb was named.
    case noVerb
    /// `daemon` run by someone other than root itself (a member through sudo).
    case daemonNotRootItself
    /// The caller's hard resource limits are below the defaults and could not be raised.
    case limitsBelowDefaults([ProcessDefaults.LimitShortfall])

    /// `start, stop, … or fleet`: the verbs, from the command's own list, so that a new one is never left out.
    static var verbs: String {
        let names = RefocusHelper.configuration.subcommands.compactMap { $0.configuration.commandName }
        return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
    }

    var category: ErrorCategory {
        switch self {
        case .notRoot, .daemonNotRootItself: .notPermitted
        case .noVerb: .usage
        case .limitsBelowDefaults: .system
        }
    }

    var description: String {
        switch self {
        case .notRoot: "must run as root; refocus runs it through sudo for you (see 'refocus --help')"
        case .noVerb:
            "name a verb: \(Self.verbs) (see --help)"
        case .daemonNotRootItself:
            "only root itself runs the enforcer daemon (refocus.service, or the first helper run starts it), "
                + "not a user through sudo"
        case .limitsBelowDefaults(let shortfalls):
            "the caller's resource limits reach this run and root here cannot raise them (no CAP_SYS_RESOURCE): "
                + shortfalls.map(\.description).joined(separator: "; ")
                + "; run refocus from a shell without lowered hard limits ('ulimit -H -a' shows them)"
        }
    }
}

/// Runs `refocus-helper` and exits with the documented status.
public enum RefocusHelperMain {
    /// Resets what the caller's process passed on (`ProcessDefaults`: umask,
    /// limits, scheduling, working directory, signals), then parses, runs, reports errors
    /// as `refocus-helper: message` on stderr, and exits. SIGPIPE and SIGXFSZ
    /// are ignored: a closed pipe, or a file size limit that root without
    /// CAP_SYS_RESOURCE could not lift, is a failed write to report, not death.
    public static func main(_ arguments: [String]? = nil) -> Never {
        ProcessDefaults.reset(ignoring: [SIGPIPE, SIGXFSZ])
        do {
            var command = try RefocusHelper.parseAsRoot(arguments)
            try command.run()
            RefocusHelper.exit()
        } catch let error as any RefocusError {
            StandardError.write("refocus-helper: \(error)\n")
            RefocusHelper.exit(withError: ExitCode(ExitStatus(error.category).rawValue))
        } catch {
            RefocusHelper.exit(withError: error)
        }
    }
}
