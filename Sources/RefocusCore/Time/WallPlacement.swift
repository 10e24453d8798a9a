/// Where a local clock reading falls on the time line: at one instant, at
/// two (the clock went back over it), or at none (the clock jumped over it).
///
/// Instants are seconds since the epoch; a reading is a `LocalZone` wall
/// time, seconds since 1970-01-01 00:00 on the local calendar.
public enum WallPlacement: Sendable, Equatable {
    /// The reading is shown at this instant only.
    case once(Int)
    /// The reading is shown twice, before and after the clock went back
    /// (`Calendar.RepeatedTimePolicy`'s `.first` and `.last`).
    case repeated(first: Int, second: Int)
    /// The clock jumped over the reading.
    case skipped(ZoneJump)

    /// The instants the reading occurs at, in order; a skipped reading
    /// occurs at the end of its jump, the first instant that exists after it.
    public var occurrences: [Int] {
        switch self {
        case .once(let instant): [instant]
        case .repeated(let first, let second): [first, second]
        case .skipped(let jump): [jump.at]
        }
    }

    /// The first of `occurrences`.
    public var earliest: Int {
        switch self {
        case .once(let instant): instant
        case .repeated(let first, _): first
        case .skipped(let jump): jump.at
        }
    }
}
