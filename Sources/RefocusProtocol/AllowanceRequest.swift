#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// A change to the caller's daily allowances, or a look at them
/// (`refocus allow-daily`): set one per list (whole lists, as a start
/// carries them), remove them by list name, or show them all.
public struct AllowanceRequest: Codable, Sendable, Equatable {
    /// What the request does.
    public enum Action: String, Codable, Sendable, CaseIterable {
        /// Sets an allowance for each list: a new one, or a change of one.
        case set
        /// Removes the allowances of the lists named.
        case remove
        /// Changes nothing: the answer lists the caller's allowances.
        case show
    }

    /// The most lists one request carries, and the most allowances one owner keeps.
    public static let maximumAllowances = 32

    /// What it does.
    public var action: Action
    /// `set`: the lists, whole; `remove`: the lists to remove, by name
    /// (their entries are ignored); `show`: none.
    public var lists: [BlockList]
    /// `set`: the use allowed a day; nil for the other actions.
    public var daily: SessionLength?
    /// `set`: the minute after local midnight at which each day's allowance
    /// starts again (nil: midnight); nil for the other actions.
    public var resetMinute: Int?
    /// `set`: whether the allowances are locked until their next reset.
    public var locked: Bool

    /// Makes a request; `init(from:)` refuses the combinations that make no sense.
    public init(
        action: Action, lists: [BlockList], daily: SessionLength? = nil, resetMinute: Int? = nil,
        locked: Bool = false
    ) {
        self.action = action
        self.lists = lists
        self.daily = daily
        self.resetMinute = resetMinute
        self.locked = locked
    }

    /// Sets allowances of `daily` a day for `lists`.
    public static func set(
        _ lists: [BlockList], daily: SessionLength, resetMinute: Int? = nil, locked: Bool = false
    ) -> AllowanceRequest {
        AllowanceRequest(action: .set, lists: lists, daily: daily, resetMinute: resetMinute, locked: locked)
    }

    /// Removes the allowances of the lists `names`.
    public static func remove(_ names: [BlockListName]) -> AllowanceRequest {
        AllowanceRequest(action: .remove, lists: names.map { BlockList(name: $0) })
    }

    /// Shows the caller's allowances.
    public static let show = AllowanceRequest(action: .show, lists: [])

    private enum CodingKeys: String, CodingKey, CaseIterable { case action, lists, daily, resetMinute, locked }

    /// Writes the fields; `daily` and `resetMinute` only when present, `locked` only when true.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action, forKey: .action)
        try container.encode(lists, forKey: .lists)
        try container.encodeIfPresent(daily, forKey: .daily)
        try container.encodeIfPresent(resetMinute, forKey: .resetMinute)
        if locked { try container.encode(locked, forKey: .locked) }
    }

    /// Decodes strictly: no unknown field, the lists capped as a start's,
    /// and only the fields the action takes (a set needs its daily length).
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        action = try container.decode(Action.self, forKey: .action)
        lists = try container.decodeArray(BlockList.self, forKey: .lists, limit: Self.maximumAllowances)
        daily = try container.decodeIfPresent(SessionLength.self, forKey: .daily)
        resetMinute = try container.decodeIfPresent(Int.self, forKey: .resetMinute)
        locked = try container.decodeIfPresent(Bool.self, forKey: .locked) ?? false
        if let problem = problem {
            throw DecodingError.dataCorruptedError(forKey: problem.key, in: container, debugDescription: problem.text)
        }
    }

    /// The first rule the request breaks, with the field it is about; nil when it breaks none.
    private var problem: (key: CodingKeys, text: String)? {
        switch action {
        case .show:
            if !lists.isEmpty { return (.lists, "'show' takes no list") }
        case .remove, .set:
            if lists.isEmpty { return (.lists, "no list given") }
            if Set(lists.map(\.name)).count != lists.count { return (.lists, "a list is named twice") }
        }
        if action != .set {
            if daily != nil { return (.daily, "only 'set' takes a daily length") }
            if resetMinute != nil { return (.resetMinute, "only 'set' takes a reset time") }
            if locked { return (.locked, "only 'set' locks an allowance") }
            return nil
        }
        guard let daily else { return (.daily, "'set' needs the daily length") }
        switch DailyAllowance.problem(dailySeconds: daily.seconds, resetMinute: resetMinute ?? 0) {
        case .dailySeconds(let seconds)?: return (.daily, DailyAllowanceError.dailySeconds(seconds).description)
        case .resetMinute(let minute)?: return (.resetMinute, DailyAllowanceError.resetMinute(minute).description)
        case nil: break
        }
        if lists.reduce(0, { $0 + $1.entries.count }) > HelperProtocol.maximumEntries {
            return (.lists, "more than \(HelperProtocol.maximumEntries) entries")
        }
        if lists.reduce(0, { $0 + $1.programs.count }) > HelperProtocol.maximumPrograms {
            return (.lists, "more than \(HelperProtocol.maximumPrograms) programs")
        }
        return nil
    }
}
