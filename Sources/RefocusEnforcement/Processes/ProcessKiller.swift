import Glibc
import RefocusCore
import SystemPackage
import RefocusOS
import RefocusPlanning

/// Signals the processes that the rules (`ProgramMatching`) block, through pidfds, after
/// checking each one's identity again, and counts the kills per owner.
///
/// A process is signalled only through a pidfd, and only when /proc/PID was
/// read after the pidfd was opened, the pidfd's process was still alive after
/// the read (so the files described it, not a later process with its pid),
/// and the read showed it blocked for the same owner; for a process found by
/// a scan, the start time must also be the scan's (so a process that exec'd
/// another program meanwhile is left alone). Never signals a process whose real, effective
/// or saved uid is not the owner's, nor any of root's.
///
/// Needs root. Use from one thread (the daemon's loop); nothing blocks: the
/// grace period between SIGTERM and SIGKILL is the caller's timer.
public final class ProcessKiller {
    /// How long a process that was running when its list became active has between SIGTERM and SIGKILL.
    public static let terminationGrace: Duration = .seconds(3)

    /// The number of blocked processes signalled, per owner uid (a process sent SIGTERM and then SIGKILL counts once).
    public private(set) var killCounts: [UInt32: Int] = [:]
    /// Processes sent SIGKILL that had not exited when last looked at, by pid:
    /// two exec events for one process (a launcher such as setpriv that execs
    /// the blocked program) must not kill and count it twice while it dies.
    private var dying: [Int32: TerminatingProcess] = [:]
    /// Processes sent SIGTERM and not yet finished, by pid: a scan leaves them
    /// their grace period, and they are counted once.
    private var terminating: [Int32: TerminatingProcess] = [:]

    /// Makes a killer with no kills counted.
    public init() {}

    /// Handles one exec event: when the process `pid` (the event's tgid) is
    /// blocked, sends it SIGKILL at once. Nil when it is not blocked, or is gone.
    ///
    /// Opens the pidfd first and reads /proc/PID once, after it: when the
    /// pidfd's process is still alive after the read, /proc/PID described it
    /// throughout (a pid is reused only once its process is gone). That is
    /// the identity check, at the cost of a single read on the hot path.
    /// A process in its grace period that execs a blocked program again dies at once.
    public func killIfBlocked(pid: Int32, rules: some ProgramMatching) -> ProgramKill? {
        forgetExited()
        guard !rules.isEmpty, case .success(let handle) = ProcessHandle.open(pid: pid),
            let snapshot = ProcessSnapshot.read(
                pid: pid, wanted: rules.governs, apps: rules.apps, examining: rules.examination),
            let match = rules.match(snapshot.identity), !isTracked(snapshot, in: dying), !handle.hasExited,
            deliver(SIGKILL, through: handle, to: snapshot.identity, match: match)
        else { return nil }
        return killed(snapshot, match: match, handle: handle)
    }

    /// Sends SIGKILL to each blocked process among `snapshots`: for processes
    /// that a scan finds started during a session (the once-a-second scan
    /// where the connector is unavailable, or a scan after lost events).
    /// Processes sent SIGTERM keep their grace period: `finish` handles them.
    public func kill(_ snapshots: [ProcessSnapshot], rules: some ProgramMatching) -> [ProgramKill] {
        forgetExited()
        return snapshots.compactMap { snapshot in
            signal(SIGKILL, toScanned: snapshot, rules: rules).map {
                killed(snapshot, match: $0.match, handle: $0.handle)
            }
        }
    }

    /// Sends SIGTERM to each blocked process among `snapshots` (those that
    /// ran before their list became active) and returns them: after
    /// `terminationGrace`, pass them to `finish`.
    public func terminate(_ snapshots: [ProcessSnapshot], rules: some ProgramMatching) -> [TerminatingProcess] {
        forgetExited()
        return snapshots.compactMap { snapshot in
            guard let (handle, match) = signal(SIGTERM, toScanned: snapshot, rules: rules) else { return nil }
            count(match)
            let process = TerminatingProcess(startTime: snapshot.startTime, match: match, handle: handle)
            terminating[snapshot.pid] = process
            return process
        }
    }

    /// Sends SIGKILL to each of `processes` that is still alive and still
    /// blocked by `rules` (the rules now: a session that ended meanwhile
    /// spares them). Returns the processes killed; they were counted at SIGTERM.
    public func finish(_ processes: [TerminatingProcess], rules: some ProgramMatching) -> [ProgramKill] {
        forgetExited()
        return processes.compactMap { process in
            if terminating[process.pid] === process { terminating[process.pid] = nil }
            guard !process.hasExited,
                let snapshot = ProcessSnapshot.read(
                    pid: process.pid, wanted: { $0 == process.match.owner },
                    apps: rules.apps, examining: rules.examination),
                snapshot.startTime == process.startTime, !process.hasExited, !isTracked(snapshot, in: dying),
                let match = rules.match(snapshot.identity), match.owner == process.match.owner,
                deliver(SIGKILL, through: process.handle, to: snapshot.identity, match: match)
            else { return nil }
            dying[process.pid] = process
            return ProgramKill(pid: process.pid, match: match, signal: SIGKILL)
        }
    }

    /// When `snapshot` (read by a scan) is blocked and not already being
    /// killed or terminated: opens a pidfd for its process, reads the process
    /// again and sends `signal` when it has the same start time and is still
    /// blocked for the same owner; returns the pidfd and the match.
    private func signal(
        _ signal: Int32, toScanned snapshot: ProcessSnapshot,
        rules: some ProgramMatching
    ) -> (handle: ProcessHandle, match: ProgramMatch)? {
        guard let match = rules.match(snapshot.identity),
            !isTracked(snapshot, in: dying), !isTracked(snapshot, in: terminating),
            case .success(let handle) = ProcessHandle.open(pid: snapshot.pid),
            let again = ProcessSnapshot.read(
                pid: snapshot.pid, wanted: { $0 == match.owner }, apps: rules.apps,
                examining: rules.examination),
            again.startTime == snapshot.startTime, !handle.hasExited,
            let still = rules.match(again.identity), still.owner == match.owner,
            deliver(signal, through: handle, to: again.identity, match: still)
        else { return nil }
        return (handle, still)
    }

    /// Sends `signal` through `handle`, unless `identity` is root's or not wholly the owner's.
    private func deliver(
        _ signal: Int32, through handle: ProcessHandle, to identity: ProcessIdentity,
        match: ProgramMatch
    ) -> Bool {
        guard match.owner != 0, identity.runsOnlyAs(match.owner), case .success = handle.send(signal) else {
            return false
        }
        return true
    }

    /// Records a SIGKILL sent: remembered while the process dies, and
    /// counted unless it was counted at SIGTERM.
    private func killed(_ snapshot: ProcessSnapshot, match: ProgramMatch, handle: ProcessHandle) -> ProgramKill {
        dying[snapshot.pid] = TerminatingProcess(startTime: snapshot.startTime, match: match, handle: handle)
        if isTracked(snapshot, in: terminating) {
            terminating[snapshot.pid] = nil
        } else {
            count(match)
        }
        return ProgramKill(pid: snapshot.pid, match: match, signal: SIGKILL)
    }

    /// Whether `snapshot`'s process (same pid and start time) is in `processes`.
    private func isTracked(_ snapshot: ProcessSnapshot, in processes: [Int32: TerminatingProcess]) -> Bool {
        processes[snapshot.pid]?.startTime == snapshot.startTime
    }

    /// Forgets, and closes the pidfds of, the processes that have exited.
    private func forgetExited() {
        if !dying.isEmpty { dying = dying.filter { !$0.value.hasExited } }
        if !terminating.isEmpty { terminating = terminating.filter { !$0.value.hasExited } }
    }

    private func count(_ match: ProgramMatch) {
        killCounts[match.owner, default: 0] += 1
    }
}
