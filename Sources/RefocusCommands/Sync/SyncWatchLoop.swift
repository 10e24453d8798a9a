import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// `refocus sync --watch`: applies the sessions your other machines publish
/// as they arrive. A shared folder is followed with inotify (the folder, its
/// `sessions` folder and each machine's folder in it), so an intent is
/// applied as soon as the sync engine has renamed it into place; every
/// `interval` a round runs anyway (a missed event, a pending intent, an
/// outbox to publish). A git remote has no events: every `interval` it is
/// fetched and a round runs. Ends on SIGINT, SIGTERM or SIGHUP.
struct SyncWatchLoop {
    let settings: SyncSettings
    let interval: Int
    let output: OutputOptions

    func run() throws {
        let lockPath = try SyncSetup.state().directory + "/watch.lock"
        guard let lock = try ExclusiveLock.attempt(path: lockPath, directoryMode: 0o700) else {
            throw SyncWatchBusy(holder: ExclusiveLock.recorded(at: lockPath))
        }
        defer { withExtendedLifetime(lock) {} }
        try lock.record("\(getpid())\n")
        let signals = try SignalWatch([SIGINT, SIGTERM, SIGHUP])
        let folders = try FolderWatch(accepting: { !$0.hasPrefix(".") })
        let round = try SyncSetup.followRound()
        var descriptors = [signals.fileDescriptor]
        if case .folder(let path) = settings {
            descriptors.append(folders.fileDescriptor)
            Self.watch(folders, below: path)
        }
        output.report("Following \(settings) for sessions from your other machines (Ctrl-C ends it)")
        fflush(nil)
        run(round, fetching: false)
        while true {
            let ready = try Poll.readable(descriptors, milliseconds: Int32(interval * 1000))
            if ready.contains(signals.fileDescriptor), !signals.drain().isEmpty { return }
            if ready.contains(folders.fileDescriptor) {
                guard folders.drain() else { continue }
                if case .folder(let path) = settings { Self.watch(folders, below: path) }
                run(round, fetching: false)
            } else if ready.isEmpty {
                run(round, fetching: true)
            }
        }
    }

    /// Runs a round and says what it did; a failure is said and the loop goes on.
    private func run(_ round: SyncSetup.FollowRound, fetching: Bool) {
        do {
            for line in try round.run(fetching: fetching).lines { output.report(Self.stamp() + line) }
        } catch {
            Console.error(Self.stamp() + "\(error)")
        }
        // Lines go out as they happen, to a journal or a log file as to a terminal.
        fflush(nil)
    }

    /// Watches the shared folder, its `sessions` folder and each machine folder in it.
    private static func watch(_ folders: FolderWatch, below path: String) {
        let sessions = path + "/" + SyncStoreArea.sessions.rawValue
        let machines = ((try? Directories.names(in: sessions)) ?? []).filter { !$0.hasPrefix(".") }
        folders.watch([path, sessions] + machines.map { sessions + "/" + $0 }, followingLinks: false)
    }

    /// `HH:MM:SS ` for each line of a long-running follow.
    private static func stamp() -> String {
        let time = LocalTime(Date())
        return time.clock + " "
    }
}

/// Another `refocus sync --watch` of this user runs already.
struct SyncWatchBusy: RefocusError {
    let holder: String?
    var category: ErrorCategory { .busy }
    var description: String {
        "'refocus sync --watch' runs already" + (holder.map { " (process \($0.trimmingASCIIWhitespace()))" } ?? "")
            + "; one is enough for all your sessions"
    }
}
