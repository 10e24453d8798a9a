#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Local days and clock readings from the offsets alone: a reading ("wall
/// time") is the seconds since 1970-01-01 00:00 on the local calendar, so
/// that its day is a division and its instant the reading minus an offset.
extension LocalZone {
    /// What the clock shows at the instant `seconds` after the epoch, as a wall time.
    public func wall(at seconds: Int) -> Int {
        let instant = min(max(seconds, Self.instants.lowerBound), Self.instants.upperBound)
        return instant + offset(at: instant)
    }

    /// The local day `date` falls on.
    public func day(of date: Date) -> LocalDay {
        LocalDay(number: CivilDay.floorDivide(wall(at: Self.seconds(of: date)), 86_400))
    }

    /// The first instant of `day`: its midnight, the first of two when the
    /// clock shows midnight twice, or the end of the jump when it skips it
    /// (as `Calendar.startOfDay(for:)`).
    public func start(of day: LocalDay) -> Date {
        Date(timeIntervalSince1970: Double(placement(ofWall: day.number * 86_400).earliest))
    }

    /// The instants at which the clock shows `wall`, or the jump that skips it.
    public func placement(ofWall wall: Int) -> WallPlacement {
        // The moment showing `wall` lies within a day of it (offsets are within ±15 hours), and no zone
        // changes its offset twice within 2 days, so the offsets around it are all it can have.
        let offsets = Set([wall - 86_400, wall, wall + 86_400].map(offset(at:)))
        let moments = offsets.map { wall - $0 }.filter { offset(at: $0) == wall - $0 }.sorted()
        switch moments.count {
        case 0: return .skipped(jump(over: wall, offsets: offsets))
        case 1: return .once(moments[0])
        default: return .repeated(first: moments[0], second: moments[moments.count - 1])
        }
    }

    /// The jump that skips `wall`, given the offsets around it.
    private func jump(over wall: Int, offsets: Set<Int>) -> ZoneJump {
        let (least, most) = (offsets.min() ?? 0, offsets.max() ?? 0)
        // The jump lies between the moments `wall` would be under each offset; find where the clock passes it.
        var (low, high) = (wall - most, wall - least)
        while low < high {
            let middle = low + (high - low) / 2
            if middle + offset(at: middle) > wall { high = middle } else { low = middle + 1 }
        }
        return ZoneJump(at: low, from: offset(at: low - 1), to: offset(at: low))
    }
}
