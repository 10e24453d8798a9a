import ArgumentParser
import Foundation
import RefocusCore
import RefocusSystem

/// `refocus-helper clear`: for real root only (no SUDO_UID): ends every
/// session, locked ones included, and removes ReFocus's enforcement.
struct ClearVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Root only: end every session (locked too) and remove every block from the system.",
        discussion: """
            Stops the enforcer daemon first (it owns the table), then lifts everything and \
            removes the status file. Ended sessions are recorded as cleared. With --purge, \
            the session store (/var/lib/refocus) and /run/refocus go too.
            """)

    @Flag(help: "Also delete the session store and its history (/var/lib/refocus), and /run/refocus.")
    var purge = false

    func respond(_ context: HelperContext) throws -> HelperResponse {
        guard context.caller.isRoot, ProcessInfo.processInfo.environment["SUDO_UID"] == nil else {
            throw ProtocolFailure(code: .notPermitted,
                                  message: "only root itself may clear sessions (not through sudo by a user)")
        }
        // The daemon owns the table: it exits first (leaving the table orphaned, PERSIST), then this run lifts it.
        try DaemonLink.stop()
        let now = context.now
        let cleared = try context.store.write { transaction in
            try transaction.end(try transaction.openSessions(), at: now, outcome: .cleared)
        }
        _ = try context.enforce(startingDaemon: false)
        StatusFile().remove()
        if purge {
            try FileManager.default.removeItem(atPath: AtomicFile.parentDirectory(of: context.store.path))
            if !DaemonLink.isRunning { try? FileManager.default.removeItem(atPath: AtomicFile.parentDirectory(of: DaemonLink.lockPath)) }
        }
        return HelperResponse(sessions: cleared.map(\.summary))
    }
}
