import Foundation
import Testing
@testable import RefocusCore

/// The first weekday of a locale from our table of CLDR's territories,
/// against ICU's week data (Foundation's `Calendar`, which `refocus` asked
/// before) for every ISO territory, and the territory read from glibc's
/// locale names.
@Suite struct LocaleWeekTests {
    @Test func everyTerritoryStartsItsWeekOnICUsDay() {
        var differences: [String] = []
        for region in Locale.Region.isoRegions {
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = Locale(identifier: "en_" + region.identifier)
            let ours = LocaleWeek.firstWeekday(locale: "en_\(region.identifier).UTF-8")
            if ours != calendar.firstWeekday {
                differences.append("\(region.identifier): ours \(ours), ICU \(calendar.firstWeekday)")
            }
        }
        #expect(Locale.Region.isoRegions.count > 200)
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test(arguments: [
        ("de_DE.UTF-8", 2), ("en_US.UTF-8", 1), ("en_GB.UTF-8", 2), ("ar_EG.UTF-8", 7), ("dv_MV", 6), ("fa_IR", 7),
        ("he_IL.UTF-8", 1), ("pt_BR", 1), ("pt_PT", 1), ("zh_CN.GB18030", 1), ("ja_JP.eucJP", 1), ("fr_FR@euro", 2),
        ("sr_RS@latin", 2), ("ca_ES.UTF-8@valencia", 2), ("en_us.utf8", 1), ("en-US", 1), ("sr_Latn_RS", 2),
        ("zh_Hant_TW", 1), ("es_419", 2), ("ar_AE", 2), ("C", 2), ("C.UTF-8", 2), ("POSIX", 2), ("", 2),
        ("en", 2), ("en_", 2), ("_US", 1), ("en_USA", 2), ("en_U1", 2),
    ])
    func firstWeekdays(locale: String, weekday: Int) {
        #expect(LocaleWeek.firstWeekday(locale: locale) == weekday)
    }

    @Test(
        arguments: [
            ("de_DE.UTF-8", "DE"), ("sr_Latn_RS", "RS"), ("es_419.UTF-8", "419"), ("en", nil), ("C.UTF-8", nil),
            ("nds_DE@euro", "DE"), ("en_us", "US"),
        ] as [(String, String?)])
    func territories(locale: String, territory: String?) {
        #expect(LocaleWeek.territory(of: locale) == territory)
    }
}
