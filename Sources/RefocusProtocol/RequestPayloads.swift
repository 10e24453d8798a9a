#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// The lists, length, lock and label of a new session, its pomodoro plan,
/// and whether its owner wants notifications (the owner's own setting,
/// read by the CLI: root never reads a user's files).
public struct StartRequest: Codable, Sendable, Equatable {
    /// The lists to block, with their entries resolved by the caller.
    public var lists: [BlockList]
    /// How long the session lasts.
    public var length: SessionLength
    /// Whether the session refuses `stop` until it ends.
    public var locked: Bool
    /// What the session's time is for; nil for none.
    public var label: SessionLabel?
    /// Its work/break plan; `length` is then the plan's total.
    public var pomodoro: PomodoroPlan?
    /// Whether the owner is told when the session or a phase ends.
    public var notify: Bool
    /// Whether the lists are blocked, or the only destinations allowed to the caller.
    public var mode: SessionMode
    /// The loosening delay the session keeps, in seconds (0 to
    /// `PendingChange.maximumDelay`): a stop or pause of it waits this long.
    /// Nil or 0: none (the policy's `min_delay` may still set one).
    public var delay: Int?

    /// Makes a start request.
    public init(
        lists: [BlockList], length: SessionLength, locked: Bool, label: SessionLabel? = nil,
        pomodoro: PomodoroPlan? = nil, notify: Bool = true, mode: SessionMode = .block, delay: Int? = nil
    ) {
        self.delay = delay
        self.mode = mode
        self.lists = lists
        self.length = length
        self.locked = locked
        self.label = label
        self.pomodoro = pomodoro
        self.notify = notify
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case lists, length, locked, label, pomodoro, notify, mode, delay
    }

    /// Writes the fields; `mode` only for an allowlist session and `delay`
    /// only when there is one, so that a request without them reads as it
    /// did before the fields existed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lists, forKey: .lists)
        try container.encode(length, forKey: .length)
        try container.encode(locked, forKey: .locked)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(pomodoro, forKey: .pomodoro)
        try container.encode(notify, forKey: .notify)
        try container.encodeIfPresent(mode == .allow ? mode : nil, forKey: .mode)
        if let delay, delay > 0 { try container.encode(delay, forKey: .delay) }
    }

    /// Decodes strictly and enforces the protocol's count limits.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lists = try container.decodeArray(BlockList.self, forKey: .lists, limit: HelperProtocol.maximumLists)
        length = try container.decode(SessionLength.self, forKey: .length)
        locked = try container.decode(Bool.self, forKey: .locked)
        label = try container.decodeIfPresent(SessionLabel.self, forKey: .label)
        pomodoro = try container.decodeIfPresent(PomodoroPlan.self, forKey: .pomodoro)
        notify = try container.decodeIfPresent(Bool.self, forKey: .notify) ?? true
        mode = try container.decodeIfPresent(SessionMode.self, forKey: .mode) ?? .block
        let delay = try container.decodeIfPresent(Int.self, forKey: .delay)
        if let delay, !(0...PendingChange.maximumDelay).contains(delay) {
            throw DecodingError.dataCorruptedError(
                forKey: .delay, in: container,
                debugDescription: "a delay must be from 0 to \(PendingChange.maximumDelay) seconds")
        }
        // 0 is none, as the encoder writes it: a request reads back the same.
        self.delay = delay == 0 ? nil : delay
        if let pomodoro, pomodoro.total != length.seconds {
            throw DecodingError.dataCorruptedError(
                forKey: .length, in: container,
                debugDescription: "a pomodoro session's length must be its plan's total, \(pomodoro.total) seconds")
        }
        guard !lists.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .lists, in: container, debugDescription: "no list given")
        }
        if lists.reduce(0, { $0 + $1.entries.count }) > HelperProtocol.maximumEntries {
            throw DecodingError.dataCorruptedError(
                forKey: .lists, in: container,
                debugDescription: "more than \(HelperProtocol.maximumEntries) entries")
        }
        if lists.reduce(0, { $0 + $1.programs.count }) > HelperProtocol.maximumPrograms {
            throw DecodingError.dataCorruptedError(
                forKey: .lists, in: container,
                debugDescription: "more than \(HelperProtocol.maximumPrograms) programs")
        }
        if Set(lists.map(\.name)).count != lists.count {
            throw DecodingError.dataCorruptedError(
                forKey: .lists, in: container, debugDescription: "a list is named twice")
        }
    }
}

/// Which session to stop, and how: at once (or after the session's
/// delay), through a locked session's emergency exit, or the withdrawal of
/// a change still pending.
public struct StopRequest: Codable, Sendable, Equatable {
    /// The session's id; nil stops every unlocked session of the caller.
    public var sessionID: Int64?
    /// Non-nil for the emergency exit from a locked session, with its reason.
    public var emergency: EmergencyReason?
    /// Whether the request withdraws the pending change of the session(s)
    /// instead of asking for one.
    public var cancel: Bool

    /// Makes a stop request; `emergency` and `cancel` exclude each other.
    public init(sessionID: Int64?, emergency: EmergencyReason? = nil, cancel: Bool = false) {
        self.sessionID = sessionID
        self.emergency = emergency
        self.cancel = cancel
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case sessionID, emergency, cancel }

    /// Decodes strictly: an emergency exit and a withdrawal together are refused.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sessionID = try container.decodeIfPresent(Int64.self, forKey: .sessionID)
        emergency = try container.decodeIfPresent(EmergencyReason.self, forKey: .emergency)
        cancel = try container.decodeIfPresent(Bool.self, forKey: .cancel) ?? false
        if cancel && emergency != nil {
            throw DecodingError.dataCorruptedError(
                forKey: .cancel, in: container,
                debugDescription: "a request either takes the emergency exit or withdraws a pending change, not both")
        }
    }

    /// Writes the fields; `cancel` only when true, so a plain stop reads as
    /// it did before the field existed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(sessionID, forKey: .sessionID)
        try container.encodeIfPresent(emergency, forKey: .emergency)
        if cancel { try container.encode(cancel, forKey: .cancel) }
    }
}

/// How much history to return.
public struct HistoryRequest: Codable, Sendable, Equatable {
    /// The most sessions to return, 1 to `HelperProtocol.maximumHistory`.
    public var limit: Int
    /// Only sessions that started at or after this moment; nil for all.
    public var since: Date?

    /// Makes a history request.
    public init(limit: Int, since: Date? = nil) {
        self.limit = limit
        self.since = since
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case limit, since }

    /// Decodes strictly and checks the limit's range.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        limit = try container.decode(Int.self, forKey: .limit)
        since = try container.decodeIfPresent(Date.self, forKey: .since)
        guard (1...HelperProtocol.maximumHistory).contains(limit) else {
            throw DecodingError.dataCorruptedError(
                forKey: .limit, in: container,
                debugDescription: "limit must be from 1 to \(HelperProtocol.maximumHistory)")
        }
    }
}

/// Which ended sessions stats want: all of the caller's (root: everyone's),
/// or those that started at or after `since`. No limit: the answer is
/// compact (`FocusColumns`).
public struct FocusRequest: Codable, Sendable, Equatable {
    /// Only sessions that started at or after this moment; nil for all.
    public var since: Date?

    /// Makes a focus request.
    public init(since: Date? = nil) {
        self.since = since
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case since }

    /// Decodes strictly.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        since = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Date.self, forKey: .since)
    }
}

/// What a pace request changes about a session's time.
public enum PaceChange: String, Codable, Sendable, CaseIterable {
    /// Skip to the next phase of a pomodoro session.
    case next
    /// Lift the blocks and freeze the time left.
    case pause
    /// Restore the blocks; the end moves later by the time paused.
    case resume
}

/// A change to how a session's time runs (`refocus next`, `pause`, `resume`).
public struct PaceRequest: Codable, Sendable, Equatable {
    /// The change.
    public var change: PaceChange
    /// The session's id; nil for the caller's sessions the change applies to.
    public var sessionID: Int64?

    /// Makes a pace request.
    public init(change: PaceChange, sessionID: Int64?) {
        self.change = change
        self.sessionID = sessionID
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case change, sessionID }

    /// Decodes strictly.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        change = try container.decode(PaceChange.self, forKey: .change)
        sessionID = try container.decodeIfPresent(Int64.self, forKey: .sessionID)
    }
}
