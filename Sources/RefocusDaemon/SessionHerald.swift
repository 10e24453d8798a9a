import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusHooks
import RefocusPlanning
import RefocusProtocol

/// Tells owners what happened to their sessions: after each reconcile, it
/// finds the events due (`SessionAnnouncements`: starts, phase changes,
/// ends), keeps what it announced in the store, starts the owner's hook of
/// each event (`HookRuns`: as the owner, never waited for) and sends the
/// owner's desktop notification (`SessionNotice`, when the session asked
/// for notifications; at the end with a recap of the owner's day and streak). Never in the way of enforcement: it runs after the
/// reconcile, and nothing it starts is waited for. A session's hooks run
/// one after another, in the order of their events (`work-end` before
/// `break-start`); different sessions' hooks run side by side. The last
/// hook of each session that went wrong is kept for the status file. It
/// also tells of pending changes (`PendingNotice`): asked, applied as a
/// pause, withdrawn.
final class SessionHerald {
    let store: SessionStore
    let logger: Logger
    private var runs = HookRuns()
    /// Each session's hooks waiting for the one before them to end.
    private var queued: [Int64: [Hook]] = [:]
    /// The last hook run of each session that failed, timed out or was refused.
    private(set) var hookProblems: [Int64: HookReport] = [:]
    /// The pending change last told of each open session (`SessionHerald+Pending`).
    var toldPending: [Int64: PendingChange] = [:]

    /// A herald over `store`, logging through `logger`.
    init(store: SessionStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Announces what is due at `now`.
    func announce(now: Date) {
        do {
            let due = try store.read { transaction in
                try transaction.announcing().compactMap { session, marker -> Due? in
                    let (events, newMarker) = SessionAnnouncements.due(session, announced: marker, now: now)
                    guard let id = session.id, newMarker != marker else { return nil }
                    return Due(id: id, session: session, events: events, marker: newMarker)
                }
            }
            try tellPendingChanges()
            guard !due.isEmpty else { return }
            try store.write { transaction in
                for item in due { try transaction.markAnnounced(item.id, item.marker) }
            }
            for item in due where !item.events.isEmpty { tell(item) }
        } catch {
            logger.error("session events were not announced: \(error)")
        }
    }

    private func tell(_ item: Due) {
        let names = item.events.map(\.kind.rawValue).joined(separator: ", ")
        logger.info("session \(item.id): \(names)")
        queued[item.id, default: []] += item.events.map {
            Hook(event: $0.kind, owner: item.session.owner, context: HookContext($0, of: item.session))
        }
        launchNext(of: item.id)
        if item.session.notify, var notice = SessionNotice(item.events, of: item.session) {
            if item.events.contains(where: { $0.kind == .end }), let recap = recap(of: item.session.owner) {
                notice.body += " " + FocusRecapText.line(recap)
            }
            OwnerNotification.send(to: item.session.owner, title: notice.title, body: notice.body)
        }
    }

    /// The recap of `owner`'s focus for an end notification: today's total
    /// and the streak from the last 400 days (a streak's longest milestone
    /// is 365 days), in the machine's time zone, with the default streak
    /// minimum (the owner's own setting is in their config, which root does
    /// not read); nil when the store cannot be read.
    private func recap(of owner: UInt32) -> FocusRecap? {
        let now = Date()
        guard
            let records = try? store.read({
                try $0.focusRecords(owner: owner, since: now.addingTimeInterval(-400 * 86_400))
            })
        else { return nil }
        let calendar = FocusCalendar(timeZone: MachineTimeZone.current, firstWeekday: 2)
        return FocusStats.recap(records: records, now: now, calendar: calendar)
    }

    /// Takes what `waitpid` returned for a child; returns whether it was a
    /// hook runner whose report changes what the status file shows.
    func reaped(pid: pid_t, status: Int32, at now: Date) -> Bool {
        guard let report = runs.reap(pid: pid, status: status, at: now) else { return false }
        launchNext(of: report.sessionID)
        // A hook that ran well clears the session's last problem; a missing one changes nothing.
        guard report.outcome.isProblem else {
            return report.outcome != .none && hookProblems.removeValue(forKey: report.sessionID) != nil
        }
        logger.warning("\(report.sentence)")
        hookProblems[report.sessionID] = report
        return true
    }

    /// Kills the hook runners past `HookRuns.backstop` (they are reaped, and reported, later).
    func killOverdueHooks() {
        for run in runs.killOverdue(now: .now) {
            logger.warning(
                """
                the \(run.event.rawValue) hook runner of session \(run.sessionID) was still running after \
                \(HookRuns.backstop); killed
                """)
        }
    }

    /// How long until the next runner is overdue; nil when none runs.
    var nextBackstop: Duration? {
        runs.nextBackstop.map { max(.zero, $0 - .now) }
    }

    /// Forgets the problems of sessions no longer among `open`.
    func keepProblems(of open: [Session]) {
        let ids = Set(open.compactMap(\.id))
        hookProblems = hookProblems.filter { ids.contains($0.key) }
    }

    /// Starts the next queued hook of session `id` unless one of its hooks runs.
    private func launchNext(of id: Int64) {
        guard !runs.running.contains(where: { $0.sessionID == id }) else { return }
        while var waiting = queued[id], !waiting.isEmpty {
            let hook = waiting.removeFirst()
            queued[id] = waiting.isEmpty ? nil : waiting
            if runs.launch(event: hook.event, owner: hook.owner, context: hook.context, at: .now) != nil { return }
        }
    }

    /// A hook to start.
    private struct Hook {
        let event: HookEvent
        let owner: UInt32
        let context: HookContext
    }

    /// The events due for one session, and the marker to keep.
    private struct Due: Sendable {
        let id: Int64
        let session: Session
        let events: [SessionEvent]
        let marker: String
    }
}
