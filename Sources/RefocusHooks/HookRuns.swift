import Foundation
import Glibc
import RefocusCore
import RefocusOS
import RefocusProtocol

/// The daemon's books of the hook runners it started (`HookLauncher`):
/// which pid runs which session's hook, since when. The daemon reaps its
/// children on SIGCHLD and hands each status to `reap`, which answers for
/// the hook runners only; it arms a timer for `nextBackstop` (no polling)
/// and calls `killOverdue`, which kills through a pidfd any runner still
/// alive `backstop` after its start. The runner's own limit is 30 s; past
/// 45 s it is stuck (or stopped by its owner), and it is reported as timed
/// out. Times are instants of `ContinuousClock` (CLOCK_BOOTTIME on Linux).
/// Use from the daemon's thread only.
public struct HookRuns {
    /// How long after its start a runner is killed.
    public static let backstop: Duration = .seconds(45)

    /// One runner the daemon started.
    public struct Run: Sendable, Equatable {
        /// The runner's pid, a child of the daemon until reaped.
        public let pid: pid_t
        /// The hook it runs.
        public let event: HookEvent
        /// The session it runs for.
        public let sessionID: Int64
        /// When it was started.
        public let started: ContinuousClock.Instant
    }

    private struct Entry {
        let run: Run
        /// Its pidfd, for the backstop's SIGKILL; nil when it could not be opened.
        let handle: ProcessHandle?
        /// Whether the backstop killed it.
        var killed = false
    }

    private var entries: [pid_t: Entry] = [:]

    /// No runs.
    public init() {}

    /// The runners not yet reaped.
    public var running: [Run] { entries.values.map(\.run).sorted { $0.pid < $1.pid } }

    /// Starts the runner of `event`'s hook for `owner` (`HookLauncher.launch`)
    /// and records it; returns its pid, or nil when nothing was started.
    @discardableResult
    public mutating func launch(
        event: HookEvent, owner: UInt32, context: HookContext,
        at now: ContinuousClock.Instant
    ) -> pid_t? {
        guard let pid = HookLauncher.launch(event: event, owner: owner, context: context) else { return nil }
        record(pid: pid, event: event, sessionID: context.sessionID, at: now)
        return pid
    }

    /// Records a runner started by `pid` (a child of this process, not yet reaped).
    public mutating func record(pid: pid_t, event: HookEvent, sessionID: Int64, at now: ContinuousClock.Instant) {
        let handle = try? ProcessHandle.open(pid: pid).get()
        entries[pid] = Entry(run: Run(pid: pid, event: event, sessionID: sessionID, started: now), handle: handle)
    }

    /// What `waitpid` returned for `pid` as a report of its hook, and
    /// forgets the run; nil when `pid` is not a hook runner (a notifier).
    /// A runner the backstop killed is reported as timed out.
    public mutating func reap(pid: pid_t, status: Int32, at date: Date) -> HookReport? {
        guard let entry = entries.removeValue(forKey: pid) else { return nil }
        let outcome = entry.killed ? HookOutcome.timedOut : HookOutcome(exitStatus: status)
        return HookReport(event: entry.run.event, sessionID: entry.run.sessionID, outcome: outcome, at: date)
    }

    /// The runs started `backstop` or longer before `now` and not yet killed.
    public func overdue(now: ContinuousClock.Instant) -> [Run] {
        entries.values.filter { !$0.killed && now - $0.run.started >= Self.backstop }.map(\.run).sorted {
            $0.pid < $1.pid
        }
    }

    /// When the next run becomes overdue; nil when none is waited for.
    public var nextBackstop: ContinuousClock.Instant? {
        entries.values.filter { !$0.killed }.map { $0.run.started + Self.backstop }.min()
    }

    /// Sends SIGKILL through its pidfd to every overdue runner; returns them.
    /// They stay recorded until reaped, then report `timedOut`. Only the
    /// runner dies: a hook it left running (in its own process group) is
    /// the owner's process, with the owner's privileges and nothing more.
    public mutating func killOverdue(now: ContinuousClock.Instant) -> [Run] {
        let due = overdue(now: now)
        for run in due {
            if let handle = entries[run.pid]?.handle {
                _ = handle.send(SIGKILL)
            } else {
                // Without a pidfd: the pid is still our unreaped child's, which no other process can have.
                _ = kill(run.pid, SIGKILL)
            }
            entries[run.pid]?.killed = true
        }
        return due
    }
}
