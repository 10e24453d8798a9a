import Glibc
import RefocusCore
import RefocusOS

/// What `refocus stop --emergency` asks before it sends anything: the
/// reason (a line on the terminal, kept in history), then a random text
/// (`TypedChallenge`) typed back on `/dev/tty` with echo off, one key at a
/// time (`TerminalKeys`). Refused, with nothing sent, when stdin or stdout is
/// not a terminal, when the reason is not one (`EmergencyReason`), when the
/// text differs or when it came faster than a person types. Ctrl-C leaves
/// the terminal as it was and ends the program by the signal.
enum EmergencyDialogue {
    /// The question asked first.
    static let question = "Why do you need to leave the locked session?"
    /// The most bytes of a reason read from the terminal; a longer one is refused by `EmergencyReason`.
    static let reasonBytes = 4096

    /// The reason given, once the challenge was typed back as a person types it.
    static func ask() throws -> EmergencyReason {
        guard Terminal.isTerminal(STDIN_FILENO), Terminal.isTerminal(STDOUT_FILENO) else {
            throw EmergencyDialogueError.notATerminal
        }
        let terminal = try TerminalKeys()
        try terminal.write(question + "\n> ")
        guard let line = try terminal.line(limit: reasonBytes) else { throw EmergencyDialogueError.noReason }
        let reason = try EmergencyReason(String(decoding: line, as: UTF8.self))
        let challenge = TypedChallenge()
        try terminal.write(
            "Type this text back, as it is shown (the spaces may be left out), then Enter:\n\n    "
                + challenge.shown + "\n\n> ")
        let keys: [TypedChallenge.Key]
        do {
            keys = try terminal.keys(limit: TypedChallenge.maximumKeys)
        } catch .interrupted(let signal) {
            try? terminal.write("\r\n")
            Console.error("interrupted; nothing changed")
            // End by the signal, as a shell expects of Ctrl-C: its default action, unblocked (the parent may block it).
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, signal)
            Glibc.signal(signal, SIG_DFL)
            sigprocmask(SIG_UNBLOCK, &only, nil)
            raise(signal)
            throw EmergencyDialogueError.interrupted
        } catch .system(let error) {
            throw error
        }
        switch challenge.judge(keys) {
        case .matched: return reason
        case .mismatched: throw EmergencyDialogueError.mismatched
        case .pasted: throw EmergencyDialogueError.pasted
        }
    }
}

/// Why `refocus stop --emergency` sent nothing.
enum EmergencyDialogueError: RefocusError, Equatable {
    /// Stdin or stdout is not a terminal (a script, a pipe, cron).
    case notATerminal
    /// The terminal's input ended before a reason (Ctrl-D).
    case noReason
    /// The text typed back is not the one shown.
    case mismatched
    /// The text came faster than a person types.
    case pasted
    /// A signal ended the typing (the process ends by it; this is for a signal that does not).
    case interrupted

    var category: ErrorCategory {
        switch self {
        case .notATerminal, .noReason, .interrupted: .usage
        case .mismatched, .pasted: .data
        }
    }

    var description: String {
        switch self {
        case .notATerminal:
            "'refocus stop --emergency' needs a terminal: run it where you can type, with stdin and stdout "
                + "on the terminal; nothing changed"
        case .noReason: "no reason was given; nothing changed"
        case .mismatched: "the text did not match; nothing changed"
        case .pasted: "that looked pasted; type it"
        case .interrupted: "interrupted; nothing changed"
        }
    }
}
