#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// The sessions part of `refocus sync status`: what this machine did with
/// each intent (`FollowState`), newest first, and what the next round would
/// do with those that arrived since (`FollowPlan` on the store as it is,
/// changing nothing).
enum FollowStatus {
    /// One intent's line.
    struct Line: Encodable, Equatable {
        /// The intent's id (its path in the store for a file that is no intent).
        let id: String
        let machine: String
        let action: String?
        /// published, applied, refused, ignored, pending, or `next sync` for one not yet seen.
        let state: String
        let at: Date?
        let reason: String?

        /// `applied  start from laptop at 14:05: session 7 until 14:35`.
        var text: String {
            let when = at.map { " at " + LocalTime($0).clock } ?? ""
            let what = action.map { "\($0) from \(machine)" } ?? "\(id) from \(machine)"
            return "session \(state): \(what)\(when)" + (reason.map { ": \($0)" } ?? "")
        }
    }

    /// How many recorded outcomes are shown.
    static let shown = 20

    /// The lines, when sync is set up and this machine has a name; none otherwise.
    static func lines(now: Date) throws -> [Line] {
        let round = try SyncSetup.followRound()
        let applier = round.applier
        let state: FollowState
        do {
            state = try FollowState.load(from: applier.syncState)
        } catch {
            let path = FollowState.path(in: applier.syncState)
            let reason = "\(path) cannot be read (\(error)); the next sync sets it aside and starts afresh"
            return [Line(id: "", machine: "", action: nil, state: "unknown", at: nil, reason: reason)]
        }
        let files = try applier.store.files(
            in: .sessions, limit: SessionIntent.maximumBytes, skipping: state.settled(machine: applier.machine))
        var lines: [Line] = []
        for step in FollowPlan.steps(files, state: state, machine: applier.machine, now: now) {
            if let line = upcoming(step, state: state) { lines.append(line) }
        }
        let recorded = state.outcomes.sorted { ($0.value.at, $0.key) > ($1.value.at, $1.key) }.prefix(shown)
        for (id, outcome) in recorded where outcome.kind != .pending || !lines.contains(where: { $0.id == id }) {
            lines.append(
                Line(
                    id: id, machine: outcome.machine, action: outcome.action?.rawValue, state: outcome.kind.rawValue,
                    at: outcome.at, reason: outcome.reason))
        }
        return lines
    }

    /// What the next round would do with a step, when it is news.
    private static func upcoming(_ step: FollowPlan.Step, state: FollowState) -> Line? {
        switch step {
        case let .refuseFile(key, machine, reason):
            guard state.outcomes[key]?.reason != reason else { return nil }
            return Line(id: key, machine: machine, action: nil, state: "refused next sync", at: nil, reason: reason)
        case let .start(intent, length, _, note):
            return line(intent, "to apply next sync", "for \(length)" + (note.map { "; \($0)" } ?? ""))
        case let .change(intent): return line(intent, "to apply next sync", nil)
        case let .refuse(intent, reason): return line(intent, "refused next sync", reason)
        case let .ignore(intent, reason): return line(intent, "ignored next sync", reason)
        case let .wait(intent, reason): return line(intent, "pending", reason)
        }
    }

    private static func line(_ intent: SessionIntent, _ state: String, _ reason: String?) -> Line {
        Line(
            id: intent.id, machine: intent.machine, action: intent.action.rawValue, state: state,
            at: intent.createdAt, reason: reason)
    }
}
