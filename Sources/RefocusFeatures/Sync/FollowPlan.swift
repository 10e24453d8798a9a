#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// What to do with the session intents of the sync store in one round, decided
/// from the files alone (no helper, no lists): which to refuse and why, which
/// no longer apply, which start a session here and for how long, which change
/// a followed session, and which wait for their start to arrive. Starts come
/// before changes, each kind oldest first; this machine's own folder is
/// passed over, and so is every intent that already has an outcome here.
public enum FollowPlan {
    /// One decision.
    public enum Step: Equatable, Sendable {
        /// A file that is not a readable intent of its place (`key`: its path in the store).
        case refuseFile(key: String, machine: String, reason: String)
        /// An intent refused as it stands.
        case refuse(SessionIntent, reason: String)
        /// An intent that no longer applies.
        case ignore(SessionIntent, reason: String)
        /// A start to apply: the session's length from now, its plan when its
        /// phases can still follow the anchor, and a note (late, clock skew).
        case start(SessionIntent, length: SessionLength, pomodoro: PomodoroPlan?, note: String?)
        /// A change of the followed start `target` names.
        case change(SessionIntent)
        /// A change whose start has not arrived yet.
        case wait(SessionIntent, reason: String)
    }

    /// How far ahead of this machine's clock an intent's time may be before it is called skew.
    public static let clockSkewAllowance: TimeInterval = 60
    /// How late a pomodoro start may arrive and still keep its plan (its phases then shift by that much).
    public static let pomodoroLateness: TimeInterval = 60
    /// How long a change waits for its start before it is ignored.
    public static let changeWait: TimeInterval = 86_400

    /// The steps for `files` (the `sessions` area), given what `state` already did, on `machine` at `now`.
    public static func steps(
        _ files: [SyncStoreFile], state: FollowState, machine: String, now: Date
    ) -> [Step] {
        var refusals: [Step] = [], intents: [SessionIntent] = [], ids = Set<String>()
        for file in files where file.machine != machine {
            let key = file.path(in: .sessions)
            switch read(file) {
            case .success(let intent):
                // An id is 128 random bits: a second file with it (or one from another machine than the first's)
                // is a copy or a forgery.
                guard ids.insert(intent.id).inserted,
                    state.outcomes[intent.id].map({ $0.machine == intent.machine }) ?? true
                else {
                    refusals.append(.refuseFile(key: key, machine: file.machine, reason: "its id is another intent's"))
                    continue
                }
                intents.append(intent)
            case .failure(let refused):
                refusals.append(.refuseFile(key: key, machine: file.machine, reason: refused.reason))
            }
        }
        let fresh = intents.filter { state.outcomes[$0.id].map { $0.kind == .pending } ?? true }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        let stopped = Set(fresh.filter { $0.action == .stop }.compactMap(\.target))
        var starting = Set<String>(), steps = refusals
        for intent in fresh where intent.action == .start {
            // Stopped at once where it came from (unlocked, no delay): nothing here to block.
            if !intent.locked, intent.delay == nil, stopped.contains(intent.id) {
                steps.append(.ignore(intent, reason: "it was stopped before it arrived"))
            } else if let end = intent.endsAt, end <= now {
                steps.append(.ignore(intent, reason: "its end (\(end)) had passed when it arrived"))
            } else {
                steps.append(start(intent, now: now))
                starting.insert(intent.id)
            }
        }
        for intent in fresh where intent.action != .start {
            guard let target = intent.target else { continue }
            if state.sessions[target] != nil || starting.contains(target) {
                steps.append(.change(intent))
            } else if let outcome = state.outcomes[target], outcome.kind != .pending {
                steps.append(.ignore(intent, reason: "its start is not in force here (\(outcome.kind.rawValue))"))
            } else if intents.contains(where: { $0.id == target }) {
                steps.append(.ignore(intent, reason: "its start was not applied here"))
            } else if now.timeIntervalSince(intent.createdAt) > changeWait {
                steps.append(.ignore(intent, reason: "its start never arrived"))
            } else {
                steps.append(.wait(intent, reason: "waiting for its start to arrive"))
            }
        }
        return steps
    }

    /// The intent a file holds, checked against its place (`sessions/MACHINE/ID.json`).
    static func read(_ file: SyncStoreFile) -> Result<SessionIntent, Refused> {
        let bytes: [UInt8]
        switch file.contents {
        case .success(let read): bytes = read
        case .failure(let refusal): return .failure(Refused(refusal.description))
        }
        let suffix = ".json"
        guard file.name.hasSuffix(suffix), SessionIntent.isID(String(file.name.dropLast(suffix.count))) else {
            return .failure(Refused("not an intent's name (ID.json, ID 32 lower-case hexadecimal digits)"))
        }
        let intent: SessionIntent
        do { intent = try SessionIntent.read(bytes) } catch { return .failure(Refused(error.description)) }
        guard intent.machine == file.machine, intent.id + suffix == file.name else {
            return .failure(Refused("its machine or id is not the one its place names"))
        }
        return .success(intent)
    }

    /// Why a file was not read as an intent.
    struct Refused: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The start step of `intent`, whose end is still to come.
    private static func start(_ intent: SessionIntent, now: Date) -> Step {
        let end = intent.endsAt ?? now
        var notes: [String] = []
        let ahead = intent.createdAt.timeIntervalSince(now)
        if ahead > clockSkewAllowance {
            notes.append("\(intent.machine)'s clock is \(Int(ahead)) s ahead of this one; the end is used as written")
        }
        var plan = intent.pomodoro
        if let anchor = intent.anchor, now.timeIntervalSince(anchor) > pomodoroLateness {
            plan = nil
            notes.append("arrived \(Int(now.timeIntervalSince(anchor))) s after its start: blocked straight to its end")
        }
        let length =
            plan.map { SessionLength(seconds: $0.total) }
            ?? SessionLength(seconds: Int(end.timeIntervalSince(now).rounded(.up)))
        return .start(intent, length: length, pomodoro: plan, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }
}
