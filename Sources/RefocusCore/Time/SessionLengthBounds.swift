/// The shortest and longest session allowed, normally set by the
/// administrator's policy, against which every requested length is checked.
public struct SessionLengthBounds: Sendable, Equatable {
    /// The shortest session allowed.
    public let minimum: SessionLength
    /// The longest session allowed.
    public let maximum: SessionLength

    /// The bounds used when the policy sets none: 1 minute to 24 hours.
    public static let standard = SessionLengthBounds(
        checkedMinimum: SessionLength(seconds: 60), maximum: SessionLength(seconds: 24 * 3600))

    /// Any positive length, for parsing a length that is itself a bound.
    public static let unbounded = SessionLengthBounds(
        checkedMinimum: SessionLength(seconds: 1), maximum: SessionLength(seconds: Int.max))

    /// Bounds from `minimum` to `maximum` inclusive; refuses a minimum above the maximum.
    public init(minimum: SessionLength, maximum: SessionLength) throws(DurationError) {
        guard minimum <= maximum else { throw .invertedBounds(minimum: minimum, maximum: maximum) }
        self.init(checkedMinimum: minimum, maximum: maximum)
    }

    private init(checkedMinimum minimum: SessionLength, maximum: SessionLength) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Whether `length` lies within the bounds, both ends included.
    public func contains(_ length: SessionLength) -> Bool {
        minimum <= length && length <= maximum
    }

    /// Throws `tooShort` or `tooLong` when `length` lies outside the bounds.
    public func check(_ length: SessionLength) throws(DurationError) {
        if length < minimum { throw .tooShort(length, minimum: minimum) }
        if length > maximum { throw .tooLong(length, maximum: maximum) }
    }
}
