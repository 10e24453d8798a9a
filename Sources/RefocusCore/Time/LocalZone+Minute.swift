#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Clock times in a zone as root's messages and notifications write them,
/// 24-hour and the same in every locale.
extension LocalZone {
    /// `14:35`: the hour and minute `date` shows in the zone.
    public func clock(of date: Date) -> String {
        let wallMinutes = CivilDay.floorDivide(wall(at: Self.seconds(of: date)), 60)
        let minutes = wallMinutes - CivilDay.floorDivide(wallMinutes, 24 * 60) * (24 * 60)
        let (hour, minute) = (minutes / 60, minutes % 60)
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// `2026-11-28 14:35`: the day and clock time `date` shows in the zone.
    public func minute(of date: Date) -> String {
        "\(day(of: date)) \(clock(of: date))"
    }
}
