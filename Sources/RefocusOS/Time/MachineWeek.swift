#if canImport(FoundationEssentials)
import FoundationEssentials
import FoundationInternationalization
#else
import Foundation
#endif

/// The weekday the user's weeks start on, from their locale's time
/// settings: `LC_ALL`, else `LC_TIME`, else `LANG` (`de_DE.UTF-8` starts on
/// Monday, `en_US.UTF-8` on Sunday), looked up in ICU's week data, so the
/// locale need not be installed. Monday (ISO 8601) for `C`, `POSIX` and
/// no locale. (`Locale.current` would not do: on Linux it ignores these variables.)
public enum MachineWeek {
    /// The first weekday, as `Calendar` numbers them: 1 Sunday, 2 Monday, … 7 Saturday.
    public static func firstWeekday(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        let setting = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        // language_TERRITORY.codeset@modifier: ICU wants language_TERRITORY.
        let identifier = setting.split(separator: ".").first.map { $0.split(separator: "@").first ?? "" } ?? ""
        guard !identifier.isEmpty, identifier != "C", identifier != "POSIX" else { return 2 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: String(identifier))
        return (1...7).contains(calendar.firstWeekday) ? calendar.firstWeekday : 2
    }
}
