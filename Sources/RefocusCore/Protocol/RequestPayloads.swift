#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The lists, length, lock and label of a new session.
public struct StartRequest: Codable, Sendable, Equatable {
    /// The lists to block, with their entries resolved by the caller.
    public var lists: [BlockList]
    /// How long the session lasts.
    public var length: SessionLength
    /// Whether the session refuses `stop` until it ends.
    public var locked: Bool
    /// What the session's time is for; nil for none.
    public var label: SessionLabel?

    /// Makes a start request.
    public init(lists: [BlockList], length: SessionLength, locked: Bool, label: SessionLabel? = nil) {
        self.lists = lists
        self.length = length
        self.locked = locked
        self.label = label
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case lists, length, locked, label }

    /// Decodes strictly and enforces the protocol's count limits.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lists = try container.decodeArray(BlockList.self, forKey: .lists, limit: HelperProtocol.maximumLists)
        length = try container.decode(SessionLength.self, forKey: .length)
        locked = try container.decode(Bool.self, forKey: .locked)
        label = try container.decodeIfPresent(SessionLabel.self, forKey: .label)
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
            throw DecodingError.dataCorruptedError(forKey: .lists, in: container, debugDescription: "a list is named twice")
        }
    }
}

/// Which session to stop.
public struct StopRequest: Codable, Sendable, Equatable {
    /// The session's id; nil stops every unlocked session of the caller.
    public var sessionID: Int64?

    /// Makes a stop request.
    public init(sessionID: Int64?) {
        self.sessionID = sessionID
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case sessionID }

    /// Decodes strictly.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        sessionID = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Int64.self, forKey: .sessionID)
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
