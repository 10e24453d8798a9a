import Foundation
import Testing
@testable import RefocusCore
@testable import RefocusProtocol

/// A day's use of a daily allowance as the `focus` answer carries it to
/// `refocus stats` (`AllowanceUseDay`, `HelperResponse.usedAllowances`):
/// its JSON form, every value checked when read, days written `YYYY-MM-DD`;
/// written after the focus columns, byte for byte as `JSONEncoder` writes
/// it; read by an answer's reader whether a helper sends it or not.
@Suite struct AllowanceUseDayTests {
    static let video = try! BlockListName("video")

    static func days() -> [AllowanceUseDay] {
        [
            AllowanceUseDay(list: video, day: LocalDay(year: 2026, month: 11, day: 27), usedSeconds: 1800, dailySeconds: 1800),
            AllowanceUseDay(list: video, day: LocalDay(year: 2026, month: 11, day: 28), usedSeconds: 95, dailySeconds: 1800),
            AllowanceUseDay(list: try! BlockListName("games"), day: LocalDay(year: 2026, month: 11, day: 28), usedSeconds: 7, dailySeconds: nil),
        ]
    }

    @Test func spentWhenTheUseReachedTheDailyLengthAndOnlyWhenItIsKnown() {
        #expect(Self.days().map(\.spent) == [true, false, false])
    }

    @Test func itsJSONNamesTheDayAndLeavesOutAnUnknownLength() throws {
        let text = String(decoding: try HelperProtocol.encoder().encode(Self.days()), as: UTF8.self)
        #expect(
            text == #"[{"dailySeconds":1800,"day":"2026-11-27","list":"video","spent":true,"usedSeconds":1800},"#
                + #"{"dailySeconds":1800,"day":"2026-11-28","list":"video","spent":false,"usedSeconds":95},"#
                + #"{"day":"2026-11-28","list":"games","spent":false,"usedSeconds":7}]"#)
        #expect(try HelperProtocol.decoder().decode([AllowanceUseDay].self, from: Data(text.utf8)) == Self.days())
    }

    static let refused = [
        #"{"day":"2026-11-31","list":"video","spent":false,"usedSeconds":7}"#,
        #"{"day":"2026-1-28","list":"video","spent":false,"usedSeconds":7}"#,
        #"{"day":"+026-11-28","list":"video","spent":false,"usedSeconds":7}"#,
        #"{"day":"2026-11-28","list":"../video","spent":false,"usedSeconds":7}"#,
        #"{"day":"2026-11-28","list":"video","spent":false,"usedSeconds":-1}"#,
        #"{"day":"2026-11-28","list":"video","spent":false,"usedSeconds":90001}"#,
        #"{"day":"2026-11-28","list":"video","spent":false,"usedSeconds":7,"dailySeconds":0}"#,
        #"{"day":"2026-11-28","list":"video","spent":false,"usedSeconds":7,"dailySeconds":86400}"#,
        #"{"day":"2026-11-28","list":"video","usedSeconds":7}"#,
    ]

    @Test(arguments: refused)
    func aValueOutOfItsRangeIsRefused(_ text: String) {
        #expect(throws: (any Error).self) {
            try HelperProtocol.decoder().decode(AllowanceUseDay.self, from: Data(text.utf8))
        }
    }

    @Test(arguments: [
        ("2026-11-28", LocalDay(year: 2026, month: 11, day: 28) as LocalDay?), ("2024-02-29", LocalDay(year: 2024, month: 2, day: 29)),
        ("2026-02-29", nil), ("0000-01-01", nil), ("2026-11-28 ", nil), ("2026-11-2x", nil), ("２026-11-28", nil),
        ("20261128", nil), ("2026-011-28", nil),
    ])
    func aDayIsReadFromExactlyYYYYMMDD(text: String, day: LocalDay?) {
        #expect(LocalDay(text: text) == day)
        if let day { #expect(day.description == text) }
    }

    @Test func theFocusAnswerCarriesThemAfterItsColumnsAsJSONEncoderWouldAndTheReaderFindsThem() throws {
        let columns = FocusColumns(try FocusColumnsTests.records())
        let response = HelperResponse(sessions: [], focus: columns, usedAllowances: Self.days())
        let bytes = try response.json()
        #expect(bytes == (try HelperProtocol.encoder().encode(response)))
        let parts = try #require(FocusAnswer(bytes))
        #expect(try parts.columns() == columns)
        let envelope = try HelperProtocol.decoder().decode(HelperResponse.self, from: parts.envelope)
        #expect(envelope.usedAllowances == Self.days())
        // A helper older than them sends none: read as nil, which stats show as no allowances.
        let older = try HelperProtocol.decoder().decode(
            HelperResponse.self, from: try HelperProtocol.encoder().encode(HelperResponse(sessions: [], focus: columns)))
        #expect(older.usedAllowances == nil && older.focus == columns)
    }

    @Test func anAnswerWithMoreDaysThanTheCapIsRefused() throws {
        let day = Self.days()[0]
        let over = HelperResponse(
            sessions: [], usedAllowances: Array(repeating: day, count: AllowanceUseDay.maximumRows + 1))
        #expect(throws: DecodingError.self) {
            try HelperProtocol.decoder().decode(HelperResponse.self, from: try HelperProtocol.encoder().encode(over))
        }
        let full = HelperResponse(sessions: [], usedAllowances: Array(repeating: day, count: AllowanceUseDay.maximumRows))
        #expect(
            try HelperProtocol.decoder().decode(HelperResponse.self, from: try HelperProtocol.encoder().encode(full))
                .usedAllowances?.count == AllowanceUseDay.maximumRows)
    }
}
