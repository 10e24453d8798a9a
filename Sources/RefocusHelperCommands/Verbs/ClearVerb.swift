import ArgumentParser
import Foundation
import RefocusCore
import RefocusDaemon
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// `refocus-helper clear`: for real root only (no SUDO_UID): ends every
/// session, locked ones included unless the policy's `root_may_clear_locked`
/// is false (then only with `--force`), and removes ReFocus's enforcement.
struct ClearVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: HelperVerbName.clear.rawValue,
        abstract: "Root only: end every session and lift every block.",
        discussion: """
            Stops the enforcer daemon first (it owns the table), then lifts everything and \
            removes the status file; it returns once table inet refocus is gone (or after \
            5 s, saying what holds it), and writes every note on stderr as well as in its \
            answer. Ended sessions are recorded as cleared. With --purge, \
            the session store (/var/lib/refocus) and /run/refocus go too. When \
            /etc/refocus/policy.toml sets root_may_clear_locked = false, clear refuses \
            while a locked session runs, changing nothing, unless given --force.

            \(ExitStatus.helpLine(for: .helper, [.success],
                                  notes: [.notPermitted: "run through sudo, or a locked session without --force"]))
            """)

    @Flag(help: "Also delete the session store and its history (/var/lib/refocus), and /run/refocus.")
    var purge = false

    @Flag(help: "End locked sessions even when the policy sets root_may_clear_locked = false.")
    var force = false

    func respond(_ context: HelperContext, _ request: NoRequest) throws -> HelperResponse {
        guard context.caller.isRootItself else {
            throw Self.refusal(
                ProtocolFailure(
                    code: .notPermitted,
                    message: "only root itself may clear sessions (not through sudo by a user)"))
        }
        let now = context.now
        if !force, !context.policy.rootMayClearLocked {
            let open = try context.store.read { try $0.openSessions() }
            let locked = open.filter { $0.locked && $0.isActive(at: now) }
            if !locked.isEmpty { throw Self.refusal(Self.lockedFailure(locked, now: now)) }
        }
        // The daemon owns the table: it exits first (leaving the table orphaned, PERSIST), then this run lifts it.
        var notes = try DaemonLink.stop(deadlines: context.deadlines).map { Note.remark($0) }
        // Every open session ends, rows that cannot be read too; a damaged hosts section is removed.
        let cleared = try context.store.write { transaction in
            try transaction.endAllOpen(at: now, outcome: .cleared)
        }
        if let note = try HostsFile().salvage() { notes.append(.remark(note)) }
        // The browsers' policy files go first, as the hosts section: whatever enforce meets next.
        notes += (ChromiumPolicies().apply(nil).problems + FirefoxPolicies().apply(nil).problems).map { .remark($0) }
        // The table goes before the reconcile below, which then finds nothing of it left to change:
        // an exiting daemon may own it a moment longer, and clear returns only once it is gone.
        if let left = TableRemoval.awaitRemoval(of: context.policy.nftablesTable, within: context.deadlines.daemonExit)
        {
            notes.append(.remark(left))
        }
        notes += try context.enforce(startingDaemon: false).notes
        StatusFile().remove()
        if purge {
            try FileManager.default.removeItem(atPath: AtomicFile.parentDirectory(of: context.store.path))
            if !DaemonLink.isRunning {
                try? FileManager.default.removeItem(atPath: AtomicFile.parentDirectory(of: DaemonLink.lockPath))
            }
        }
        // Root reads stderr (a person, an uninstaller that drops the JSON): every note goes there too.
        for note in notes { StandardError.write("refocus-helper clear: \(note.text)\n") }
        return HelperResponse(sessions: cleared.map { $0.summary(at: now) }, notes: notes)
    }

    /// The refusal while `locked` sessions run and the policy keeps root from clearing them.
    private static func lockedFailure(_ locked: [Session], now: Date) -> ProtocolFailure {
        let last = locked.map(\.plannedEnd).max() ?? now
        let ids = locked.map { String($0.id ?? 0) }.joined(separator: ", ")
        let sessions = locked.count == 1 ? "locked session \(ids) runs for" : "locked sessions \(ids) run for up to"
        return ProtocolFailure(
            code: .sessionLocked,
            message: "\(sessions) \(EndTime.length(until: last, from: now)) more, and the policy "
                + "forbids clearing \(locked.count == 1 ? "it" : "them") (root_may_clear_locked = "
                + "false in \(Policy.path)); wait, or run 'refocus-helper clear --force'")
    }

    /// `failure`, also said on stderr: clear is run by a person or an
    /// uninstaller, who reads stderr rather than the JSON answer.
    private static func refusal(_ failure: ProtocolFailure) -> ProtocolFailure {
        StandardError.write("refocus-helper clear: \(failure.message)\n")
        return failure
    }
}
