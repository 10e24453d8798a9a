/// How long a list may be used each day before it is blocked until the
/// next reset: one per owner and list name (`refocus allow-daily --list
/// video 30m`). The owner is the store's and the helper's business: the
/// allowance itself is the list's name, the seconds a day and the reset.
public struct DailyAllowance: Codable, Sendable, Equatable {
    /// The most seconds a day an allowance may give: a day less a second
    /// (a whole day would be no limit at all).
    public static let maximumSeconds = 86_399
    /// Minutes in a day: a reset minute is below it.
    public static let minutesPerDay = 1_440

    /// The list it applies to.
    public var list: BlockListName
    /// The seconds of use a day, 1 to `maximumSeconds`.
    public var dailySeconds: Int
    /// The minute after local midnight at which each day's allowance starts
    /// again, 0 to 1439 (0: midnight).
    public var resetMinute: Int

    /// An allowance of `dailySeconds` a day for `list`, reset at `resetMinute`.
    ///
    /// - Throws: `DailyAllowanceError` when a value is out of its range.
    public init(list: BlockListName, dailySeconds: Int, resetMinute: Int = 0) throws(DailyAllowanceError) {
        if let problem = Self.problem(dailySeconds: dailySeconds, resetMinute: resetMinute) { throw problem }
        self.list = list
        self.dailySeconds = dailySeconds
        self.resetMinute = resetMinute
    }

    /// What is out of range in an allowance of `dailySeconds` reset at `resetMinute`; nil when nothing is.
    public static func problem(dailySeconds: Int, resetMinute: Int) -> DailyAllowanceError? {
        guard (1...maximumSeconds).contains(dailySeconds) else { return .dailySeconds(dailySeconds) }
        guard (0..<minutesPerDay).contains(resetMinute) else { return .resetMinute(resetMinute) }
        return nil
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case list, dailySeconds, resetMinute }

    /// Decodes strictly: no unknown field, each value in its range.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        list = try container.decode(BlockListName.self, forKey: .list)
        dailySeconds = try container.decode(Int.self, forKey: .dailySeconds)
        resetMinute = try container.decodeIfPresent(Int.self, forKey: .resetMinute) ?? 0
        switch Self.problem(dailySeconds: dailySeconds, resetMinute: resetMinute) {
        case .dailySeconds(let seconds)?:
            throw DecodingError.dataCorruptedError(
                forKey: .dailySeconds, in: container,
                debugDescription: DailyAllowanceError.dailySeconds(seconds).description)
        case .resetMinute(let minute)?:
            throw DecodingError.dataCorruptedError(
                forKey: .resetMinute, in: container,
                debugDescription: DailyAllowanceError.resetMinute(minute).description)
        case nil:
            break
        }
    }
}
