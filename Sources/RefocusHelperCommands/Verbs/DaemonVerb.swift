import ArgumentParser
import Foundation
import Logging
import RefocusCore
import RefocusDaemon
import RefocusEnforcement
import RefocusOS
import RefocusPolicy
import RefocusProtocol

/// `refocus-helper daemon`: the enforcer daemon, started by systemd
/// (`refocus.service`) or by the first helper run that needs it.
struct DaemonVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: HelperVerbName.daemon.rawValue,
        abstract: "Run the enforcer daemon: keep sessions enforced.",
        discussion: """
            One runs at a time (the lock /run/refocus/daemon.lock); a second exits at once, \
            successfully, unless --take-over asks the running one to exit first (what \
            refocus.service does, so that systemd's daemon replaces one a helper run \
            started before the unit was enabled; one that does not answer is killed). \
            Only root itself runs it: through sudo (SUDO_UID set) it is refused. \
            It owns table inet refocus, repairs /etc/hosts and the table \
            when someone changes them, ends sessions on time by the boot-time clock, and \
            answers helper runs on /run/refocus/daemon.sock (root only). While a session \
            blocks programs it refuses their owner's execs of them before they run \
            (fanotify exec permission events, every filesystem marked; a watchdog lets go \
            of the marks if an answer takes longer than a second) and kills them at exec \
            where that is unavailable (the process connector). SIGHUP reloads the policy \
            and resolves every blocked and allowed name again; SIGTERM ends it without \
            lifting any block. It logs to standard error without ever waiting: lines that \
            would block are dropped and counted.

            \(ExitStatus.helpLine(for: .helper, [],
                                  notes: [.success: "also when another daemon runs",
                                          .notPermitted: "run through sudo rather than by root itself"]))
            """)

    @Flag(help: "Ask a running daemon to exit (its blocks stay) and take its place.")
    var takeOver = false

    @Flag(
        help: """
            Ask the running daemon to read the policy, /etc/refocus/lists and \
            /etc/refocus/schedules.d again, then exit (systemctl reload refocus).
            """)
    var reload = false

    func run() throws {
        // Root itself (systemd, a helper run's detached start with its clean
        // environment, root at a shell); never a member through the group's sudo rule.
        guard geteuid() == 0,
            (try? Caller.current(environment: ProcessInfo.processInfo.environment))?.isRootItself == true
        else { throw HelperError.daemonNotRootItself }
        if reload { return try Self.askToReload() }
        // SIGPIPE is ignored (RefocusHelperMain): a log reader or helper run that went away is an error, not death.
        let logger = Logger.daemon(NonBlockingLog(prefix: "refocus-helper daemon: "))
        // Only root itself starts a daemon (members' runs with lowered limits are refused, see HelperVerb):
        // limits still low here are root's or the unit's, said once.
        for shortfall in ProcessDefaults.shortfalls() { logger.warning("\(shortfall)") }
        try Directories.prepare(AtomicFile.parentDirectory(of: DaemonLink.lockPath), mode: DaemonLink.directoryMode)
        if takeOver {
            for note in try DaemonLink.stop(deadlines: HelperDeadlines(policy: try PolicyFile.load())) {
                logger.notice("\(note)")
            }
        }
        guard let lock = try Self.lock() else {
            logger.notice("another daemon is running")
            return
        }
        // For 'refocus-helper clear', which kills a daemon that does not answer.
        try lock.record("\(getpid())\n")
        try withExtendedLifetime(lock) {
            let daemon = try Daemon(logger: logger)
            try daemon.run()
        }
    }

    /// Sends the running daemon `reload` (a daemon is started when none runs, which reads everything anyway).
    private static func askToReload() throws {
        let policy = try PolicyFile.load()
        switch try DaemonLink.send(.reload, starting: true, deadlines: HelperDeadlines(policy: policy)) {
        case .answered(let reply):
            if let error = reply.error { throw ProtocolFailure(code: .systemError, message: "the daemon: \(error)") }
        case .stuck(let reason): throw ProtocolFailure(code: .busy, message: reason)
        case .noDaemon: throw ProtocolFailure(code: .systemError, message: "no enforcer daemon could be started")
        }
    }

    /// The daemon lock; a helper run checking whether a daemon runs holds it
    /// for an instant, so a few tries tell a probe from a running daemon.
    private static func lock() throws -> ExclusiveLock? {
        for _ in 0..<50 {
            if let lock = try ExclusiveLock.attempt(path: DaemonLink.lockPath, directoryMode: DaemonLink.directoryMode)
            {
                return lock
            }
            usleep(10_000)
        }
        return nil
    }
}
