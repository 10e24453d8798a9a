#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore

/// The weekday the user's weeks start on, from their locale's time
/// settings: `LC_ALL`, else `LC_TIME`, else `LANG` (`de_DE.UTF-8` starts on
/// Monday, `en_US.UTF-8` on Sunday), looked up by territory in `LocaleWeek`,
/// so the locale need not be installed and no ICU is linked. Monday (ISO
/// 8601) for `C`, `POSIX`, no locale and a locale without a territory.
/// (`Locale.current` would not do: on Linux it ignores these variables.)
public enum MachineWeek {
    /// The first weekday, as `Calendar` numbers them: 1 Sunday, 2 Monday, … 7 Saturday.
    public static func firstWeekday(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        let setting = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return LocaleWeek.firstWeekday(locale: setting)
    }
}
