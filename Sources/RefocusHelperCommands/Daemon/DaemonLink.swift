import Foundation
import RefocusCore
import RefocusSystem

/// The helper's side of the daemon: asks the running daemon to reconcile
/// (it owns the table, so only it can change it), starting one when none
/// runs: through systemd when systemd is PID 1 and knows `refocus.service`,
/// otherwise as a detached process guarded by the daemon lock, so that it
/// works in containers and in the tests' namespaces.
enum DaemonLink {
    /// The lock a running daemon holds for its whole life.
    static let lockPath = "/run/refocus/daemon.lock"
    /// Where a detached daemon's standard error goes.
    static let logPath = "/run/refocus/daemon.log"
    /// The mode of /run/refocus: the group reads status.json there.
    static let directoryMode: mode_t = 0o755

    /// Whether a daemon holds its lock (is running or starting).
    static var isRunning: Bool {
        (try? ExclusiveLock.attempt(path: lockPath, directoryMode: directoryMode)) == nil
    }

    /// Sends `command` to the daemon, starting one first when `starting` and
    /// none runs; nil when no daemon could be reached.
    static func send(_ command: String, starting: Bool) throws -> DaemonAnswer? {
        if let answer = try ControlSocket.send(command) { return try decode(answer) }
        guard starting else { return nil }
        if !isRunning { try start() }
        // The daemon reconciles as it starts; wait up to 3 s for its socket,
        // giving up after 1 s if it has not even taken its lock (it failed).
        for attempt in 0..<300 {
            if let answer = try ControlSocket.send(command) { return try decode(answer) }
            if attempt >= 100, !isRunning { return nil }
            usleep(10_000)
        }
        return nil
    }

    /// Asks a running daemon to exit (its blocks stay: PERSIST) and waits until it has.
    static func stop() throws {
        guard try ControlSocket.send("exit") != nil else { return }
        for _ in 0..<500 where isRunning { usleep(10_000) }
    }

    private static func start() throws {
        if FileManager.default.fileExists(atPath: "/run/systemd/system"),
           let systemctl = ["/usr/bin/systemctl", "/bin/systemctl"].first(where: FileManager.default.isExecutableFile),
           (try? ForegroundProcess.run([systemctl, "--quiet", "start", "refocus.service"])) == 0 {
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
