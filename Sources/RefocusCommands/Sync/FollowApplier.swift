#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures
import RefocusProtocol

/// Applies the session intents of the sync store on this machine, as its
/// user, through the helper exactly as `refocus start` and `refocus stop`
/// do: the helper's rules hold (a locked session refuses a stop, caps, the
/// policy), and nothing here runs with more than the user's rights. One
/// round reads the `sessions` area, decides with `FollowPlan`, asks the
/// helper, and records each outcome in `FollowState`; the caller holds the
/// sync lock. A refused sudo or a busy helper leaves the intent pending
/// for the next round; a refusal by the helper or by the checks is final.
struct FollowApplier {
    let store: any SyncStoreFiles
    let syncState: SyncState
    let machine: String
    /// Whether the owner is told when an applied session ends ([defaults] notify).
    let notify: Bool

    /// What a round did, one line each, for the terminal and `refocus sync status`.
    struct Report {
        var lines: [String] = []
        var refusedSomething = false
    }

    /// Publishes what `refocus start --everywhere` and the changes left unpublished, then applies the rest.
    func round(now: Date) throws -> Report {
        var (state, reset) = try FollowState.loadOrReset(from: syncState)
        var report = Report()
        if let reset { report.lines.append(reset + "; the intents now in the store are recorded as seen, not applied") }
        do {
            try FollowOutbox.flush(&state, store: store, machine: machine)
            try FollowOutbox.expire(&state, store: store, machine: machine, now: now)
        } catch {
            report.lines.append("not yet published (tried again next round): \(error)")
        }
        let files = try store.files(
            in: .sessions, limit: SessionIntent.maximumBytes, skipping: state.settled(machine: machine))
        for step in FollowPlan.steps(files, state: state, machine: machine, now: now) {
            apply(state.baseline ? Self.seen(step) : step, to: &state, report: &report, now: now)
        }
        state.baseline = false
        try state.save(to: syncState, now: now)
        return report
    }

    /// A step as a fresh state's first round takes it: what would change a session is only recorded.
    static func seen(_ step: FollowPlan.Step) -> FollowPlan.Step {
        let reason = "seen when the follow state was started afresh; not applied"
        switch step {
        case .start(let intent, _, _, _), .change(let intent), .wait(let intent, _):
            return .ignore(intent, reason: reason)
        case .refuseFile, .refuse, .ignore: return step
        }
    }

    private func apply(_ step: FollowPlan.Step, to state: inout FollowState, report: inout Report, now: Date) {
        switch step {
        case let .refuseFile(key, machine, reason):
            // Reported once; read again each round, in case the engine was caught writing it.
            guard state.outcomes[key]?.reason != reason else { return }
            state.outcomes[key] = .init(kind: .refused, machine: machine, action: nil, at: now, reason: reason)
            report.lines.append("refused \(key): \(reason)")
            report.refusedSomething = true
        case let .refuse(intent, reason):
            record(.refused, intent, reason, in: &state, report: &report, now: now)
        case let .ignore(intent, reason):
            record(.ignored, intent, reason, in: &state, report: &report, now: now)
        case let .wait(intent, reason):
            guard state.outcomes[intent.id]?.reason != reason else { return }
            record(.pending, intent, reason, in: &state, report: &report, now: now)
        case let .start(intent, length, pomodoro, note):
            do {
                let lists = try UserLists.forSession(intent.lists)
                let response = try HelperClient().send(
                    StartRequest(
                        lists: lists, length: length, locked: intent.locked, label: intent.label,
                        pomodoro: pomodoro, notify: notify, delay: intent.delay))
                guard let session = response.sessions.first else {
                    return record(
                        .pending, intent, "the helper answered no session", in: &state, report: &report, now: now)
                }
                state.sessions[intent.id] = session.id
                let what = "session \(session.id) until \(SessionFormat.time(session.plannedEnd, now: now))"
                record(.applied, intent, note.map { "\(what); \($0)" } ?? what, in: &state, report: &report, now: now)
            } catch {
                failed(intent, error, in: &state, report: &report, now: now)
            }
        case let .change(intent):
            guard let target = intent.target, let session = state.sessions[target] else {
                return record(.ignored, intent, "its start is not in force here", in: &state, report: &report, now: now)
            }
            do {
                switch intent.action {
                case .stop: _ = try HelperClient().send(StopRequest(sessionID: session))
                case .cancel: _ = try HelperClient().send(StopRequest(sessionID: session, cancel: true))
                case .pause: _ = try HelperClient().send(PaceRequest(change: .pause, sessionID: session))
                case .resume: _ = try HelperClient().send(PaceRequest(change: .resume, sessionID: session))
                case .next: _ = try HelperClient().send(PaceRequest(change: .next, sessionID: session))
                case .start: return
                }
                record(.applied, intent, "session \(session)", in: &state, report: &report, now: now)
            } catch let error as ProtocolFailure where error.category == .notFound {
                record(
                    .ignored, intent, "session \(session) had already ended here", in: &state, report: &report, now: now
                )
            } catch {
                failed(intent, error, in: &state, report: &report, now: now)
            }
        }
    }

    /// A failure: pending when the helper could not be reached (sudo, not installed, busy), else refused.
    private func failed(
        _ intent: SessionIntent, _ error: any Error, in state: inout FollowState, report: inout Report, now: Date
    ) {
        // The helper's own refusal is final, unless it was busy; not reaching it is not.
        let transient =
            if let refusal = error as? ProtocolFailure { refusal.category == .busy || refusal.category == .system } else
            {
                error is HelperClientError
            }
        record(transient ? .pending : .refused, intent, "\(error)", in: &state, report: &report, now: now)
    }

    private func record(
        _ kind: FollowState.Outcome.Kind, _ intent: SessionIntent, _ reason: String?,
        in state: inout FollowState, report: inout Report, now: Date
    ) {
        state.outcomes[intent.id] = .init(
            kind: kind, machine: intent.machine, action: intent.action, at: now, reason: reason)
        report.lines.append(
            "\(kind.rawValue): \(intent.action.rawValue) from \(intent.machine)" + (reason.map { " (\($0))" } ?? ""))
        if kind == .refused { report.refusedSomething = true }
    }
}
