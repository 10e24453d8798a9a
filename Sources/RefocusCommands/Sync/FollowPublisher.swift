#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures
import RefocusProtocol

/// Publishes this machine's followed sessions to the sync store: the start
/// of a session begun with `--everywhere`, and a stop, pause, resume or
/// next of any session that follows (begun here or applied from another
/// machine). Runs after the helper has answered, so only what took effect
/// here is published; what cannot be published now waits in the outbox.
struct FollowPublisher {
    let store: any SyncStoreFiles
    let syncState: SyncState
    let machine: String

    /// The publisher for the user's `[sync]`.
    ///
    /// - Throws: `SyncError.notConfigured` without one, or why the machine has no name.
    static func configured(_ loaded: UserConfig? = nil) throws -> FollowPublisher {
        let config = try loaded ?? UserPresets.config()
        guard let settings = config.sync else { throw SyncError.notConfigured }
        let state = try SyncSetup.state()
        return FollowPublisher(
            store: try SyncTransports.make(settings, state: state), syncState: state,
            machine: try SyncMachine.name(config))
    }

    /// Publishes the start of `session`, which this machine began; returns a note when it must wait.
    func start(_ session: SessionSummary, now: Date) throws -> String? {
        let plan = session.progress.pomodoro
        let intent = SessionIntent(
            id: FollowOutbox.newID(), machine: machine, action: .start, lists: session.lists,
            end: plan == nil ? session.plannedEnd : nil, pomodoro: plan, anchor: plan == nil ? nil : session.start,
            locked: session.locked, label: session.label, delay: session.delay.flatMap { $0 > 0 ? $0 : nil },
            createdAt: now)
        if let problem = intent.problem { throw FollowPublishError(reason: problem) }
        return try publish(intent, linking: session.id, now: now)
    }

    /// Publishes `action` for each of `sessions` that follows; nothing for the others.
    func change(_ action: SessionIntent.Action, of sessions: [SessionSummary], now: Date) throws -> String? {
        guard let state = try? FollowState.load(from: syncState) else { return nil }
        var note: String?
        for session in sessions {
            guard let target = state.intent(forLocalSession: session.id) else { continue }
            let intent = SessionIntent(
                id: FollowOutbox.newID(), machine: machine, action: action, target: target, createdAt: now)
            note = try publish(intent, linking: nil, now: now) ?? note
        }
        return note
    }

    /// After `refocus stop` (a cancel as `.cancel`; an emergency exit as a
    /// plain stop, which a locked session refuses elsewhere), `pause`,
    /// `resume` or `next` took effect here, or waits for the session's
    /// delay: publishes `action` for those of `sessions` that follow, when
    /// sync is set up (each machine then waits the delay the start carried).
    /// What goes wrong is said on standard error; the change here stands.
    static func followChange(_ action: SessionIntent.Action, of sessions: [SessionSummary]) {
        guard !sessions.isEmpty else { return }
        do {
            let config = try UserPresets.config()
            guard config.sync != nil else { return }
            if let note = try configured(config).change(action, of: sessions, now: Date()) {
                Console.error("note: \(note)")
            }
        } catch {
            Console.error(
                "note: the \(action.rawValue) took effect here but did not reach your other machines: \(error)")
        }
    }

    /// Queues `intent` (and links the start to `session`), then tries to publish the queue.
    private func publish(_ intent: SessionIntent, linking session: Int64?, now: Date) throws -> String? {
        let lock = try syncState.lock()
        defer { withExtendedLifetime(lock) {} }
        var (state, reset) = try FollowState.loadOrReset(from: syncState)
        if let reset { Console.error("note: \(reset)") }
        state.unpublished.append(intent)
        if let session { state.sessions[intent.id] = session }
        try state.save(to: syncState, now: now)
        do {
            try FollowOutbox.flush(&state, store: store, machine: machine)
        } catch {
            return "your other machines get it at the next 'refocus sync' (the sync store is out of reach: \(error))"
        }
        try state.save(to: syncState, now: now)
        return nil
    }
}

/// A session that cannot be published as an intent.
struct FollowPublishError: RefocusError {
    let reason: String
    var category: ErrorCategory { .data }
    var description: String { "the session runs here but cannot follow you: \(reason)" }
}
