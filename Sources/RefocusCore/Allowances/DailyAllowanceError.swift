/// Why a daily allowance's value is out of its range (`DailyAllowance`).
public enum DailyAllowanceError: RefocusError, Equatable {
    /// The seconds a day, outside 1 to `DailyAllowance.maximumSeconds`.
    case dailySeconds(Int)
    /// The reset minute, outside 0 to 1439.
    case resetMinute(Int)

    public var category: ErrorCategory { .data }

    public var description: String {
        switch self {
        case .dailySeconds(let seconds):
            "a daily allowance of \(seconds) seconds is out of range: give 1 second to "
                + "\(SessionLength(seconds: DailyAllowance.maximumSeconds)), such as 30m"
        case .resetMinute(let minute):
            "a reset at minute \(minute) after midnight is out of range: give a time from 00:00 to 23:59"
        }
    }
}
