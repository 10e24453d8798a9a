import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusPlanning

/// What the daemon does after one reconcile, read from the report's layer
/// outcomes and nothing else (no layer-specific code): the sessions whose
/// final counts are kept, whether the table's counters are carried over,
/// whether its own rewrite of /etc/hosts is drained from the watch, the
/// policy folders to watch, its three timers, the programs the blocker
/// signalled, the status file's counts and the lines for its log. Pure:
/// `Daemon.reconcile` applies it to its sources, tally and publisher.
struct DaemonFollowUp: Equatable {
    /// The sessions the previous report had running that this one does not: ended since.
    var ended: [Session]
    /// Whether the table was replaced or deleted: its counters start at zero, so the old counts are carried over.
    var carriesCounts: Bool
    /// The end timer's delay when /etc/hosts changed again while the daemon rewrote it: the next
    /// wake-up reconciles.
    static let reconcileAtOnce: Duration = .milliseconds(1)
    /// Whether the hosts layer rewrote the file: the watch's events of that rename are the daemon's own.
    var drainsHostsWatch: Bool
    /// The policy folders the layers ask to be watched (re-armed: a reconcile may have created one).
    var watchedFolders: [String]
    /// The next session end, phase boundary, reset of a spent daily allowance, change of the administrator's
    /// schedules or expiry of an allowed name's answer; nil: none.
    var endTimer: Duration?
    /// When the status file's counts are refreshed next; nil while the table blocks nothing.
    var countsTimer: Duration?
    /// When blocked names are resolved again; nil while none is to be.
    var resolveTimer: Duration?
    /// The running programs the program blocker signalled.
    var signalled: [ProgramMatch]
    /// The log's notices: every note, in words.
    var notices: [String]
    /// The log's information: the sessions that ended at their planned end or a pending change.
    var endings: [String]

    /// The follow-up of `report` at `clock`, after `previous` (nil at start); `allowedExpiry` is the
    /// boot-time instant the first allowed name's answer expires, `incompleteAnswers` how many blocked
    /// names' answers were incomplete (both the table layer's caches').
    init(
        _ report: Reconciler.Report, previous: Reconciler.Report?, clock: ClockReading, allowedExpiry: Duration?,
        incompleteAnswers: Int
    ) {
        let stillActive = Set(report.active.compactMap(\.id))
        ended = (previous?.active ?? []).filter { !stillActive.contains($0.id ?? 0) }
        carriesCounts = report.firewallCountersReset
        drainsHostsWatch = report.hostsChanged
        watchedFolders = report.watchedFolders
        // A spent daily allowance opens again at its reset.
        let resets = report.allowances.filter(\.isSpent).map(\.period.resetsAt)
        // An administrator's window opens or closes.
        let administered = report.nextAdministeredChange.map { [$0] } ?? []
        let nextEnd = (report.active.compactMap { $0.nextChange(after: clock.wall) } + resets + administered).min().map
        {
            Duration.milliseconds(max(0, Int64(($0.timeIntervalSince(clock.wall) * 1000).rounded(.up))))
        }
        // An allowed name whose TTL ran out is asked again by the next reconcile.
        let nextExpiry = report.desired.allowed.isEmpty ? nil : allowedExpiry.map { max(.zero, $0 - clock.sinceBoot) }
        endTimer = [nextEnd, nextExpiry].compactMap { $0 }.min()
        countsTimer = report.firewallEntries == 0 ? nil : Daemon.countsInterval
        resolveTimer =
            report.desired.namesToResolve.isEmpty
                && report.desired.userBlocks.values.allSatisfy(\.namesToResolve.isEmpty)
            ? nil
            : incompleteAnswers > 0 ? Daemon.retryInterval : Daemon.resolveInterval
        signalled = report.outcome(of: .programs)?.signalled ?? []
        notices = report.notes.map(\.text)
        endings = report.expired.map { session in
            let how =
                switch session.outcome {
                case .stopped?: "its pending stop"
                case .emergency?: "its emergency exit"
                default: "its planned end"
                }
            return "session \(session.id ?? 0) ended at \(how)"
        }
    }
}
