import ArgumentParser
import Glibc
import RefocusCore
import RefocusSystem

/// `refocus-helper`: the privileged side of ReFocus, run as root through
/// `sudo`. It reads one JSON request on stdin and answers on stdout.
///
/// This build knows its version and refuses to run without root; the
/// request verbs arrive with the session store.
public struct RefocusHelper: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "refocus-helper",
        abstract: "The privileged helper of refocus; run by refocus through sudo, not by hand.",
        discussion: """
            refocus-helper must run as root. It is installed as \
            /usr/libexec/refocus/refocus-helper and granted to the group 'refocus' by \
            a sudoers drop-in. This build implements no request verbs yet.

            Exit status: 0 success, 64 usage, 77 not running as root.
            """,
        version: RefocusVersion.string
    )

    public init() {}

    public func run() throws {
        guard geteuid() == 0 else { throw HelperError.notRoot }
        throw HelperError.noVerbs
    }
}

/// Why the helper refused to run.
enum HelperError: RefocusError, Equatable {
    /// Not running as root.
    case notRoot
    /// No request verb is implemented in this build.
    case noVerbs

    var category: ErrorCategory {
        switch self {
        case .notRoot: .notPermitted
        case .noVerbs: .usage
        }
    }

    var description: String {
        switch self {
        case .notRoot: "must run as root; refocus runs it through sudo for you (see 'refocus --help')"
        case .noVerbs: "this build implements no request verbs yet; only --version and --help work"
        }
    }
}

/// Runs `refocus-helper` and exits with the documented status.
public enum RefocusHelperMain {
    /// Parses, runs, reports errors as `refocus-helper: message` on stderr, and exits.
    public static func main(_ arguments: [String]? = nil) -> Never {
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
