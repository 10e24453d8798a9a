#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS

/// What this machine did with the session intents of the sync store, kept
/// by the user in `$XDG_STATE_HOME/refocus/sync/follow.json` (written
/// atomically, 0600): each intent's outcome (published here, applied,
/// refused or ignored, and why), and which local session each followed
/// start became, so that a stop on one machine finds the session it stops
/// on another, and history counts a followed session once. An intent with
/// an outcome is never applied again. Outcomes older than `keptDays` are
/// dropped, with their links; this machine's own, once their files have
/// been removed from the store.
public struct FollowState: Codable, Sendable, Equatable {
    /// What became of one intent here.
    public struct Outcome: Codable, Sendable, Equatable {
        /// What happened.
        public enum Kind: String, Codable, Sendable {
            /// This machine wrote it.
            case published
            /// It was applied through the helper.
            case applied
            /// It was refused: by the checks here or by the helper (`reason`).
            case refused
            /// It no longer applied (its end had passed, its session was gone).
            case ignored
            /// It waits: for its start to arrive, or for the helper (a refused sudo, a busy helper).
            case pending
        }

        public var kind: Kind
        /// The machine that published it.
        public var machine: String
        /// Its action; nil for a file that was no intent.
        public var action: SessionIntent.Action?
        /// When this outcome was recorded.
        public var at: Date
        /// Why it was refused or ignored, or a note (clock skew).
        public var reason: String?

        /// An outcome.
        public init(kind: Kind, machine: String, action: SessionIntent.Action?, at: Date, reason: String? = nil) {
            self.kind = kind
            self.machine = machine
            self.action = action
            self.at = at
            self.reason = reason
        }
    }

    /// The largest state file read (and written: `save` trims to fit): 16 machines of 1,024 intents each fit.
    public static let maximumBytes = 16 << 20
    /// How long an outcome is remembered.
    public static let keptDays = 60

    /// Each intent's outcome, by intent id (by its path in the store for a file that was no intent).
    public var outcomes: [String: Outcome] = [:]
    /// The local session each followed start became, by the start's intent id.
    public var sessions: [String: Int64] = [:]
    /// This machine's intents not yet published (the store could not be reached), oldest first.
    public var unpublished: [SessionIntent] = []
    /// Set when the state could not be read and was started afresh: the next round records the
    /// intents it finds as seen, applying none (it no longer knows which it applied).
    public var baseline = false

    /// An empty state.
    public init() {}

    private enum CodingKeys: String, CodingKey { case outcomes, sessions, unpublished, baseline }

    /// Reads a state file; a part it lacks (one written before the part existed) is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outcomes = try container.decodeIfPresent([String: Outcome].self, forKey: .outcomes) ?? [:]
        sessions = try container.decodeIfPresent([String: Int64].self, forKey: .sessions) ?? [:]
        unpublished = try container.decodeIfPresent([SessionIntent].self, forKey: .unpublished) ?? []
        baseline = try container.decodeIfPresent(Bool.self, forKey: .baseline) ?? false
    }

    /// The followed start a local session came from or was published as.
    public func intent(forLocalSession id: Int64) -> String? {
        sessions.first { $0.value == id }?.key
    }

    /// This machine's intents published more than `keptDays` before `now`: their paths in the store.
    public func expired(machine: String, now: Date) -> [String: String] {
        let oldest = now.addingTimeInterval(-Double(Self.keptDays) * 86_400)
        var paths: [String: String] = [:]
        for (id, outcome) in outcomes where outcome.kind == .published && outcome.at < oldest {
            paths[id] = "\(SyncStoreArea.sessions.rawValue)/\(machine)/\(id).json"
        }
        return paths
    }

    /// What a round need not read: this machine's folder, and every intent with a final outcome.
    public func settled(machine: String) -> SyncStoreSkip {
        var paths = Set<String>()
        for (id, outcome) in outcomes where outcome.kind != .pending && SessionIntent.isID(id) {
            paths.insert("\(SyncStoreArea.sessions.rawValue)/\(outcome.machine)/\(id).json")
        }
        return SyncStoreSkip(machine: machine, paths: paths)
    }
}
