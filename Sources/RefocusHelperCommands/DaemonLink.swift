import Foundation
import RefocusCore
import RefocusDaemon
import RefocusEnforcement
import RefocusOS
import RefocusProtocol

/// The helper's side of the daemon: asks the running daemon to reconcile
/// (it owns the table, so only it can change it), starting one when none
/// runs: through systemd when systemd is PID 1 and knows `refocus.service`,
/// otherwise as a detached process guarded by the daemon lock, so that it
/// works in containers and in the tests' namespaces. Every wait on the
/// daemon has a deadline (`HelperDeadlines`): a stuck daemon costs a run
/// those seconds, never the run.
enum DaemonLink {
    /// The lock a running daemon holds for its whole life; it holds the daemon's pid.
    static let lockPath = "/run/refocus/daemon.lock"
    /// Where a detached daemon's standard error goes.
    static let logPath = "/run/refocus/daemon.log"
    /// The mode of /run/refocus: the group reads status.json there.
    static let directoryMode: mode_t = 0o755
    /// The folder of the daemon's files, of the status file and of the helper runs' slots and tickets.
    static let runDirectory = "/run/refocus"

    /// What came of asking the daemon.
    enum Outcome {
        /// Its answer.
        case answered(DaemonAnswer)
        /// No daemon runs (or none could be started).
        case noDaemon
        /// A daemon runs but did not take or answer the command in time: why, in a sentence.
        case stuck(String)
    }

    /// Whether a daemon holds its lock (is running or starting).
    static var isRunning: Bool {
        (try? ExclusiveLock.attempt(path: lockPath, directoryMode: directoryMode)) == nil
    }

    /// Sends `command` to the daemon, starting one first when `starting` and
    /// none runs.
    static func send(_ command: DaemonCommand, starting: Bool, deadlines: HelperDeadlines) throws -> Outcome {
        let first = try ask(command, deadlines)
        if !first.isNoDaemon { return first }
        guard starting else { return .noDaemon }
        if !isRunning { try start() }
        // The daemon reconciles as it starts; wait for its socket, giving up
        // after 1 s if it has not even taken its lock (it failed).
        let begun = ContinuousClock.now
        while ContinuousClock.now - begun < deadlines.daemonStart {
            let outcome = try ask(command, deadlines)
            if !outcome.isNoDaemon { return outcome }
            if ContinuousClock.now - begun > .seconds(1), !isRunning { return .noDaemon }
            usleep(10_000)
        }
        return .noDaemon
    }

    /// Asks a running daemon to exit (its blocks stay: PERSIST) and waits
    /// until it has released its lock and exited. One that does not answer in time, or
    /// does not exit, is killed (`DaemonProcess`). Returns notes for the answer.
    static func stop(deadlines: HelperDeadlines) throws -> [String] {
        let daemon = DaemonProcess.lockHolder(lockPath: lockPath)
        let outcome = try ask(.exit, deadlines)
        if case .noDaemon = outcome, !isRunning { return [] }
        if case .stuck(let reason) = outcome {
            return [DaemonProcess.kill(lockPath: lockPath, because: reason, deadline: deadlines.daemonExit)]
        }
        // It answered (or holds its lock without listening yet, or any more): it has a while to go.
        let begun = ContinuousClock.now
        while isRunning {
            guard ContinuousClock.now - begun < deadlines.daemonExit else {
                let reason = "the enforcer daemon did not exit within \(HelperDeadlines.seconds(deadlines.daemonExit))"
                return [DaemonProcess.kill(lockPath: lockPath, because: reason, deadline: deadlines.daemonExit)]
            }
            usleep(10_000)
        }
        // Its lock goes as its descriptors close, in their order, and the table's ownership (its netlink
        // socket) may go after it: only a process that has exited has let go of both, and only then can
        // this run delete the table (a release build got here first, and the table stayed).
        if let daemon, !daemon.waitForExit(within: deadlines.daemonExit) {
            return [
                "the enforcer daemon (pid \(daemon.pid)) let go of its lock but had not exited after "
                    + HelperDeadlines.seconds(deadlines.daemonExit)
            ]
        }
        return []
    }

    private static func ask(_ command: DaemonCommand, _ deadlines: HelperDeadlines) throws -> Outcome {
        switch try ControlSocket.send(
            command.rawValue, connectWithin: deadlines.connect, answerWithin: deadlines.answer)
        {
        case .answered(let bytes):
            return .answered(try decode(bytes))
        case .noDaemon:
            return .noDaemon
        case .notAccepted:
            return .stuck(
                "the enforcer daemon did not accept a connection within \(HelperDeadlines.seconds(deadlines.connect))")
        case .unanswered:
            return .stuck("the enforcer daemon did not answer within \(HelperDeadlines.seconds(deadlines.answer))")
        }
    }

    private static func start() throws {
        if FileManager.default.fileExists(atPath: "/run/systemd/system"),
            let systemctl = ["/usr/bin/systemctl", "/bin/systemctl"].first(where: FileManager.default.isExecutableFile),
            (try? ForegroundProcess.run([systemctl, "--quiet", "start", "refocus.service"])) == 0
        {
            return
        }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        try DetachedProcess.start(executable, ["daemon"], errorLog: logPath)
    }

    private static func decode(_ bytes: [UInt8]) throws -> DaemonAnswer {
        do {
            return try HelperProtocol.decoder().decode(DaemonAnswer.self, from: Data(bytes))
        } catch {
            throw DaemonLinkError.badAnswer("\(error)")
        }
    }
}

extension DaemonLink.Outcome {
    fileprivate var isNoDaemon: Bool {
        if case .noDaemon = self { return true }
        return false
    }
}

/// Why the daemon's answer could not be used.
enum DaemonLinkError: RefocusError {
    /// The daemon answered something that does not decode.
    case badAnswer(String)
    /// The daemon could not reconcile, for a reason of this category.
    case failed(String, ErrorCategory)

    var category: ErrorCategory {
        switch self {
        case .badAnswer: .system
        case .failed(_, let category): category
        }
    }

    var description: String {
        switch self {
        case .badAnswer(let reason): "the enforcer daemon's answer does not decode: \(reason)"
        case .failed(let reason, _): reason
        }
    }
}
