#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The day of a daily allowance that an instant falls in: from one reset
/// (the local clock showing the reset minute) to the next. Computed on the
/// wall clock of a zone: a reset the clock jumps over (a DST change) comes
/// at the end of the jump, and one it shows twice at the first showing.
public struct AllowancePeriod: Sendable, Equatable {
    /// The local date of the reset that began it: the key of its use in the store.
    public let day: LocalDay
    /// When it began (that reset).
    public let begins: Date
    /// When it ends: the next reset.
    public let resetsAt: Date

    /// The period containing `now` for resets at `resetMinute` after local midnight in `zone`.
    public init(containing now: Date, resetMinute: Int, zone: LocalZone) {
        let seconds = LocalZone.seconds(of: now)
        let today = CivilDay.floorDivide(zone.wall(at: seconds), 86_400)
        let start = Self.reset(on: today, resetMinute, zone) <= seconds ? today : today - 1
        day = LocalDay(number: start)
        begins = Date(timeIntervalSince1970: Double(Self.reset(on: start, resetMinute, zone)))
        resetsAt = Date(timeIntervalSince1970: Double(Self.reset(on: start + 1, resetMinute, zone)))
    }

    /// The instant of the reset on local day number `day`.
    private static func reset(on day: Int, _ resetMinute: Int, _ zone: LocalZone) -> Int {
        zone.placement(ofWall: day * 86_400 + resetMinute * 60).earliest
    }
}
