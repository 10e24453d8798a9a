/// Why a session length or an end time given by a person was refused.
///
/// Each case keeps the offending token and the whole text it came from, so
/// the one-line description can name the token, the cause and the fix.
public enum DurationError: RefocusError, Equatable {
    /// The length was empty.
    case empty
    /// Characters that belong in no length: signs, spaces, punctuation.
    case unexpected(token: String, in: String)
    /// A number with a fraction, such as `1.5h`.
    case decimal(token: String, in: String)
    /// A number followed by a unit other than h, m or s.
    case unknownUnit(token: String, unit: String, in: String)
    /// A number without a unit inside a compound length, such as the `30` of `1h30`.
    case missingUnit(token: String, in: String)
    /// A unit repeated or out of the order h, m, s, such as the `1h` of `30m1h`.
    case unitOutOfOrder(token: String, in: String)
    /// A number too large to count in seconds.
    case tooLarge(token: String, in: String)
    /// A length that adds up to nothing, such as `0m`.
    case zero(in: String)
    /// A length under the minimum session.
    case tooShort(SessionLength, minimum: SessionLength)
    /// A length over the maximum session.
    case tooLong(SessionLength, maximum: SessionLength)
    /// Bounds whose minimum is above their maximum.
    case invertedBounds(minimum: SessionLength, maximum: SessionLength)
    /// An end time not written as 24-hour `H:MM` or `HH:MM`.
    case malformedTime(token: String, in: String)
    /// An end time whose hour is not 0 to 23.
    case hourOutOfRange(token: String, in: String)
    /// An end time whose minutes are not 00 to 59.
    case minuteOutOfRange(token: String, in: String)
    /// An end time the calendar cannot place in the time zone.
    case unplaceableTime(String)
    /// An end time so near that the session would be under the minimum.
    case endTooSoon(String, length: SessionLength, minimum: SessionLength)
    /// An end time so far that the session would be over the maximum.
    case endTooLate(String, length: SessionLength, maximum: SessionLength)
    /// A start of history that is no day, `today`, `yesterday`, nor a time ago.
    case malformedDate(String)

    /// The value is wrong rather than the command: always `.data`.
    public var category: ErrorCategory { .data }

    /// One line naming the token, the cause and the fix.
    public var description: String {
        let example = "as in 1h30m"
        let policy = "is set by the administrator's policy"
        switch self {
        case .empty:
            return "'': the session length is empty; give one such as 50m or 1h30m"
        case let .unexpected(token, text):
            return "\(Self.quote(token, text)): unexpected here; write whole numbers followed by h, m or s, \(example)"
        case let .decimal(token, text):
            return "\(Self.quote(token, text)): fractions are not allowed; use whole numbers of h, m or s, \(example)"
        case let .unknownUnit(token, unit, text):
            return "\(Self.quote(token, text)): unknown unit '\(unit)'; use h, m or s, \(example)"
        case let .missingUnit(token, text):
            return "\(Self.quote(token, text)): number without a unit; put h, m or s after it, \(example)"
        case let .unitOutOfOrder(token, text):
            return "\(Self.quote(token, text)): units must appear once each, in the order h, m, s; write it \(example)"
        case let .tooLarge(token, text):
            return "\(Self.quote(token, text)): number too large; choose a shorter session, \(example)"
        case let .zero(text):
            return "'\(text)': a session cannot last zero time; give a length \(example)"
        case let .tooShort(length, minimum):
            return
                "\(length) is shorter than the minimum session of \(minimum); choose a longer session (the minimum \(policy))"
        case let .tooLong(length, maximum):
            return
                "\(length) is longer than the maximum session of \(maximum); choose a shorter session (the maximum \(policy))"
        case let .invertedBounds(minimum, maximum):
            return
                "the minimum session of \(minimum) is longer than the maximum of \(maximum); set a minimum no longer than the maximum"
        case let .malformedTime(token, text):
            return "\(Self.quote(token, text)): not a 24-hour time; write H:MM or HH:MM, as in 7:05 or 17:30"
        case let .hourOutOfRange(token, text):
            return "\(Self.quote(token, text)): the hour must be 0 to 23; write midnight as 0:00"
        case let .minuteOutOfRange(token, text):
            return "\(Self.quote(token, text)): the minutes must be 00 to 59; write the time as in 17:30"
        case let .unplaceableTime(text):
            return "'\(text)': this time cannot be placed in the time zone; choose another time"
        case let .endTooSoon(text, length, minimum):
            return
                "'\(text)' is only \(length) away, shorter than the minimum session of \(minimum); choose a later time (the minimum \(policy))"
        case let .endTooLate(text, length, maximum):
            return
                "'\(text)' is \(length) away, longer than the maximum session of \(maximum); choose an earlier time (the maximum \(policy))"
        case let .malformedDate(text):
            return
                "'\(text)': not a day or a time ago; write YYYY-MM-DD, today, yesterday, or a time ago such as 7d, 36h or 90m"
        }
    }

    private static func quote(_ token: String, _ text: String) -> String {
        "'\(token)' in '\(text)'"
    }
}
