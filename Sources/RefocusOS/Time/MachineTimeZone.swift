#if canImport(FoundationEssentials)
import FoundationEssentials
import FoundationInternationalization
#else
import Foundation
#endif
import RefocusCore

/// The machine's time zone (TZ, else /etc/localtime), for reading the
/// times people type: `refocus start --until 18:30`, `refocus history
/// --since today`.
///
/// FoundationEssentials alone knows GMT only: it finds the time zones of
/// FoundationInternationalization (ICU) at run time, by type name, so a
/// binary that uses nothing of them links none of them and `TimeZone.current`
/// quietly becomes GMT. `refocus` links no Foundation beyond
/// FoundationEssentials (`status` starts faster without it), so this names
/// a property defined beside ICU's time zones, which links them in.
public enum MachineTimeZone {
    /// `TimeZone.current`, backed by ICU's time zones, as a `LocalZone`.
    public static var current: LocalZone {
        #if canImport(FoundationEssentials)
        // Links FoundationInternationalization's time zones (see above).
        _ = TimeZone.timeZoneDataVersion
        #endif
        return LocalZone(.current)
    }
}
