/// The one place the exit statuses' meanings are written: `--help` renders
/// them (`helpLine`), and tests check that the man pages' EXIT STATUS
/// sections and docs/troubleshooting.md's table are what this renders.
extension ExitStatus {
    /// Which program a meaning is for: the CLI and the helper use the same
    /// codes for slightly different things (the helper's 65 is a bad request).
    public enum Program: String, Sendable, CaseIterable {
        /// `refocus`, the user's command.
        case refocus
        /// `refocus-helper`, run as root through sudo.
        case helper = "refocus-helper"
    }

    /// The statuses the documentation lists, in order: every one but the
    /// generic failure, which no error maps to.
    public static let documented: [ExitStatus] = allCases.filter { $0 != .failure }

    /// What this status means for `program`.
    public func meaning(for program: Program) -> ExitStatusMeaning {
        switch program {
        case .refocus: refocusMeaning
        case .helper: helperMeaning
        }
    }

    /// `Exit status: 0 success (also with no session), 64 usage, …` for a
    /// command's `--help`: `statuses` and those `notes` name, in numeric
    /// order, each with its label for `program` and, where the command says
    /// more, its note in parentheses. Notes never hold ". ", so that the line
    /// can be read back (it ends at the first).
    public static func helpLine(
        for program: Program, _ statuses: [ExitStatus],
        notes: [ExitStatus: String] = [:]
    ) -> String {
        let listed = Set(statuses).union(notes.keys).sorted { $0.rawValue < $1.rawValue }
        let items = listed.map { status in
            "\(status.rawValue) \(status.meaning(for: program).label)" + (notes[status].map { " (\($0))" } ?? "")
        }
        return "Exit status: " + items.joined(separator: ", ") + "."
    }

    private var refocusMeaning: ExitStatusMeaning {
        switch self {
        case .success: ExitStatusMeaning("success")
        case .failure: ExitStatusMeaning("failure", cases: "an error no other status describes")
        case .usage: ExitStatusMeaning("usage", cases: "a bad option or argument")
        case .dataError:
            ExitStatusMeaning(
                "invalid data",
                cases: "a bad domain, a bad line in a list file, an entry not in the "
                    + "list, or a damaged session store")
        case .notFound: ExitStatusMeaning("not found", cases: "no such list, file or session")
        case .systemError:
            ExitStatusMeaning(
                "system error",
                cases: "the operating system refused (a file could not be written), or the helper failed "
                    + "or gave an answer refocus cannot read")
        case .busy:
            ExitStatusMeaning(
                "busy",
                cases: "the helper waited too long for another run to finish, or you "
                    + "already had 4 helper runs going (try again), or a name `refocus resolve` asked "
                    + "for went unanswered in time or met a server failure")
        case .notPermitted:
            ExitStatusMeaning(
                "not permitted",
                cases: "sudo refused to run the helper, the session is locked, or the start would pass "
                    + "one of the administrator's caps (the message names it)",
                note: "A refusal is one line on standard error naming the fix: join the group `refocus` "
                    + "(`sudo usermod -aG refocus $USER`) and log in again. "
                    + "Without a terminal (cron, scripts) refocus never asks for a password.")
        case .configuration:
            ExitStatusMeaning(
                "bad configuration",
                cases: "no home folder, no public suffix list, no name servers, the helper or sudo "
                    + "not installed, a helper of another ReFocus version, or an invalid "
                    + "`/etc/refocus/policy.toml`")
        }
    }

    private var helperMeaning: ExitStatusMeaning {
        switch self {
        case .success: ExitStatusMeaning("success", cases: "the answer is on standard output")
        case .failure: ExitStatusMeaning("failure", cases: "an error no other status describes")
        case .usage: ExitStatusMeaning("usage", cases: "no verb, or a bad option")
        case .dataError:
            ExitStatusMeaning(
                "invalid request",
                cases: "malformed JSON, an unknown field, a key given twice, a bad entry, a request "
                    + "that did not arrive whole within 10 s, a damaged session store, or an "
                    + "`/etc/nsswitch.conf` that ReFocus does not edit")
        case .notFound: ExitStatusMeaning("no such session")
        case .systemError: ExitStatusMeaning("system error", cases: "the operating system refused a change")
        case .busy:
            ExitStatusMeaning(
                "busy",
                cases: "another helper run held the lock past the deadline, or the caller "
                    + "already had 4 runs going; try again")
        case .notPermitted:
            ExitStatusMeaning(
                "not permitted",
                cases: "not run as root, the session is locked, a start over one of the policy's "
                    + "caps, or `daemon`, `clear` or `nsswitch add` or `remove` run through sudo "
                    + "rather than by root itself")
        case .configuration:
            ExitStatusMeaning(
                "bad configuration",
                cases: "an invalid `/etc/refocus/policy.toml`, or a session store written by a "
                    + "newer ReFocus")
        }
    }
}
