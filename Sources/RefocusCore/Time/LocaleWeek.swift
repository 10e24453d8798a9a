/// The weekday a locale's weeks start on, from its territory, as CLDR's
/// week data (`supplementalData.xml`, `weekData/firstDay`; CLDR 46, as in
/// ICU 76) has it: a table of our own, so that no ICU and no installed
/// locale is needed.
public enum LocaleWeek {
    /// The first weekday, as `Calendar` numbers them (1 Sunday, 2 Monday, … 7
    /// Saturday), of the locale `identifier` as glibc names locales
    /// (`de_DE.UTF-8`, `sr_RS@latin`, `en_US`; `-` also separates): Monday
    /// for `C`, `POSIX`, none, a locale without a territory, and any
    /// territory that CLDR does not list as starting on another day.
    public static func firstWeekday(locale identifier: String) -> Int {
        guard let territory = territory(of: identifier) else { return 2 }
        if sunday.contains(territory) { return 1 }
        if saturday.contains(territory) { return 7 }
        if friday.contains(territory) { return 6 }
        return 2
    }

    /// The territory of `identifier` in capitals (`DE`, `419`): the first
    /// part after the language that is two letters or three digits (a
    /// four-letter script such as `Latn` is passed over); nil when there is none.
    static func territory(of identifier: String) -> String? {
        // language_TERRITORY.codeset@modifier
        let name = identifier.prefix { $0 != "." && $0 != "@" }
        let parts = name.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }.dropFirst()
        let territory = parts.first { part in
            (part.count == 2 && part.allSatisfy { $0.isASCII && $0.isLetter })
                || (part.count == 3 && part.allSatisfy { $0.isASCII && $0.isNumber })
        }
        return territory.map { $0.uppercased() }
    }

    /// Territories whose weeks start on Sunday.
    static let sunday: Set<String> = [
        "AG", "AS", "BD", "BR", "BS", "BT", "BW", "BZ", "CA", "CN", "CO", "DM", "DO", "ET", "GT", "GU", "HK", "HN",
        "ID", "IL", "IN", "JM", "JO", "JP", "KE", "KH", "KR", "LA", "MH", "MM", "MO", "MT", "MX", "MZ", "NI", "NP",
        "PA", "PE", "PH", "PK", "PR", "PT", "PY", "SA", "SG", "SV", "TH", "TT", "TW", "UM", "US", "VE", "VI", "WS",
        "YE", "ZA", "ZW",
    ]
    /// Territories whose weeks start on Saturday.
    static let saturday: Set<String> = ["AF", "BH", "DJ", "EG", "IQ", "IR", "KW", "LY", "OM", "QA", "SD", "SY"]
    /// Territories whose weeks start on Friday.
    static let friday: Set<String> = ["MV"]
}
