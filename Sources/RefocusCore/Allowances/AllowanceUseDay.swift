/// One list's use of its owner's daily allowance on one day, as `refocus
/// stats` shows it: the day (the local date of the reset that began it),
/// the seconds used, the allowance's seconds a day when it still exists,
/// and whether the use reached them. The helper's `focus` answer carries
/// the caller's own, by list (`AllowanceUseColumns`), and `refocus stats
/// --json` prints them in this form:
/// `{"list": "video", "day": "2026-11-28", "usedSeconds": 1800, "dailySeconds": 1800, "spent": true}`.
public struct AllowanceUseDay: Encodable, Sendable, Equatable {
    /// The most rows one answer holds: 32 allowances a member
    /// (`AllowanceRequest.maximumAllowances`) over the 61 days the store
    /// keeps is 1,952; the rest is room for lists whose allowance was
    /// removed and another set. The newest are kept when there are more.
    public static let maximumRows = 4_096
    /// The most seconds a day's use may hold: the longest local day (25 hours, when the clock goes back).
    public static let maximumUsedSeconds = 90_000

    /// The list the allowance is for.
    public var list: BlockListName
    /// The local date of the reset that began the day.
    public var day: LocalDay
    /// The seconds used that day (today's: as far as the daemon has kept them).
    public var usedSeconds: Int
    /// The allowance's seconds a day, as it is now; nil when it was removed.
    public var dailySeconds: Int?
    /// Whether the day's use reached `dailySeconds` (the list was blocked
    /// for the rest of that day); false when they are not known.
    public var spent: Bool

    /// A day's use of `list`; spent when `usedSeconds` reaches `dailySeconds`.
    public init(list: BlockListName, day: LocalDay, usedSeconds: Int, dailySeconds: Int?) {
        self.list = list
        self.day = day
        self.usedSeconds = usedSeconds
        self.dailySeconds = dailySeconds
        spent = dailySeconds.map { usedSeconds >= $0 } ?? false
    }

    private enum CodingKeys: String, CodingKey { case list, day, usedSeconds, dailySeconds, spent }

    /// Encodes the day as `YYYY-MM-DD` and `dailySeconds` only when known.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(list, forKey: .list)
        try container.encode(day.description, forKey: .day)
        try container.encode(usedSeconds, forKey: .usedSeconds)
        try container.encodeIfPresent(dailySeconds, forKey: .dailySeconds)
        try container.encode(spent, forKey: .spent)
    }
}
