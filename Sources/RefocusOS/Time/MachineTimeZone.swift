import Glibc
import RefocusCore

/// The machine's time zone, through glibc: `TZ` (a zone name such as
/// `Europe/Berlin`, `:Europe/Berlin`, a path, or a POSIX rule such as
/// `EST5EDT,M3.2.0,M11.1.0`), else /etc/localtime, else UTC, exactly as
/// `localtime_r` and every other program on the machine see it. For reading
/// the times people type (`refocus start --until 18:30`, `refocus history
/// --since today`), the local days of stats, and the schedule's next runs.
///
/// No ICU: FoundationEssentials' `TimeZone` knows GMT and fixed offsets
/// only, and FoundationInternationalization, which has the zones by name,
/// brings ICU, most of a static `refocus`'s size. glibc reads the system's
/// tzdata (/usr/share/zoneinfo), as every other program on the machine does.
public enum MachineTimeZone {
    /// The zone now: `TZ` is read again (`tzset`), so a change of the
    /// variable in this process counts from the next call on. Its offsets
    /// are `localtime_r`'s `tm_gmtoff`.
    public static var current: LocalZone {
        tzset()
        let variable = getenv("TZ").map { String(cString: $0) }
        return LocalZone(
            name: name(tz: variable, localtime: variable == nil ? localtimeTarget() : nil),
            offset: offset(at:))
    }

    /// The offset from UTC at the instant `seconds` after the epoch, in the zone of `TZ` when `tzset` last read it;
    /// 0 when glibc cannot represent the instant (beyond its years).
    static func offset(at seconds: Int) -> Int {
        var time = time_t(seconds)
        var fields = tm()
        guard localtime_r(&time, &fields) != nil else { return 0 }
        return fields.tm_gmtoff
    }
}
