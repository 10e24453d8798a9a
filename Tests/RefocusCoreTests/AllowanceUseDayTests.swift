import Foundation
import Testing
@testable import RefocusCore
@testable import RefocusProtocol

/// A day's use of a daily allowance as `refocus stats --json` prints it
/// (`AllowanceUseDay`, days written `YYYY-MM-DD`) and as the `focus` answer
/// carries it (`AllowanceUseColumns` in `HelperResponse.usedAllowances`):
/// per list, every value checked when read, at most 4,096 days; written
/// after the focus columns, byte for byte as `JSONEncoder` writes it; read
/// by an answer's reader whether a helper sends it or not.
@Suite struct AllowanceUseDayTests {
    static let video = try! BlockListName("video")

    static func days() -> [AllowanceUseDay] {
        [
            AllowanceUseDay(
                list: video, day: LocalDay(year: 2026, month: 11, day: 27), usedSeconds: 1800, dailySeconds: 1800),
            AllowanceUseDay(
                list: video, day: LocalDay(year: 2026, month: 11, day: 28), usedSeconds: 95, dailySeconds: 1800),
            AllowanceUseDay(
                list: try! BlockListName("games"), day: LocalDay(year: 2026, month: 11, day: 28), usedSeconds: 7,
                dailySeconds: nil),
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
    }

    @Test func theyTravelAsAColumnOfDaysAndOneOfSecondsPerListAndComeBackTheSame() throws {
        let columns = AllowanceUseColumns.of(Self.days())
        let text = String(decoding: try HelperProtocol.encoder().encode(columns), as: UTF8.self)
        let (first, second) = (
            LocalDay(year: 2026, month: 11, day: 27).number, LocalDay(year: 2026, month: 11, day: 28).number
        )
        #expect(
            text == #"[{"dailySeconds":1800,"days":"\#(first),\#(second)","list":"video","usedSeconds":"1800,95"},"#
                + #"{"days":"\#(second)","list":"games","usedSeconds":"7"}]"#)
        let read = try HelperProtocol.decoder().decode([AllowanceUseColumns].self, from: Data(text.utf8))
        #expect(read == columns)
        // Oldest first, then by list.
        #expect(AllowanceUseColumns.days(read) == [Self.days()[0], Self.days()[2], Self.days()[1]])
        #expect(AllowanceUseColumns.of([]) == [] && AllowanceUseColumns.days([]) == [])
    }

    static let refused = [
        #"{"days":"20419","list":"../video","usedSeconds":"7"}"#,
        #"{"days":"20419,20419","list":"video","usedSeconds":"7,8"}"#,
        #"{"days":"20420,20419","list":"video","usedSeconds":"7,8"}"#,
        #"{"days":"-1","list":"video","usedSeconds":"7"}"#,
        #"{"days":"2932897","list":"video","usedSeconds":"7"}"#,
        #"{"days":"20419,-","list":"video","usedSeconds":"7,8"}"#,
        #"{"days":"20419, 20420","list":"video","usedSeconds":"7,8"}"#,
        #"{"days":"20419","list":"video","usedSeconds":"-1"}"#,
        #"{"days":"20419","list":"video","usedSeconds":"90001"}"#,
        #"{"days":"20419","list":"video","usedSeconds":"7,8"}"#,
        #"{"days":"20419,20420","list":"video","usedSeconds":"7"}"#,
        #"{"days":"20419","list":"video","usedSeconds":"7","dailySeconds":0}"#,
        #"{"days":"20419","list":"video","usedSeconds":"7","dailySeconds":86400}"#,
        #"{"days":[20419],"list":"video","usedSeconds":"7"}"#,
        #"{"list":"video","usedSeconds":"7"}"#,
    ]

    @Test(arguments: refused)
    func aValueOutOfItsRangeIsRefused(_ text: String) {
        #expect(throws: (any Error).self) {
            try HelperProtocol.decoder().decode(AllowanceUseColumns.self, from: Data(text.utf8))
        }
    }

    @Test(arguments: [
        ("2026-11-28", LocalDay(year: 2026, month: 11, day: 28) as LocalDay?),
        ("2024-02-29", LocalDay(year: 2024, month: 2, day: 29)),
        ("2026-02-29", nil), ("0000-01-01", nil), ("2026-11-28 ", nil), ("2026-11-2x", nil), ("２026-11-28", nil),
        ("20261128", nil), ("2026-011-28", nil),
    ])
    func aDayIsReadFromExactlyYYYYMMDD(text: String, day: LocalDay?) {
        #expect(LocalDay(text: text) == day)
        if let day { #expect(day.description == text) }
    }

    @Test func theFocusAnswerCarriesThemAfterItsColumnsAsJSONEncoderWouldAndTheReaderFindsThem() throws {
        let columns = FocusColumns(try FocusColumnsTests.records())
        let response = HelperResponse(sessions: [], focus: columns, usedAllowances: AllowanceUseColumns.of(Self.days()))
        let bytes = try response.json()
        #expect(bytes == (try HelperProtocol.encoder().encode(response)))
        let parts = try #require(FocusAnswer(bytes))
        #expect(try parts.columns() == columns)
        let envelope = try HelperProtocol.decoder().decode(HelperResponse.self, from: parts.envelope)
        #expect(envelope.usedAllowances == AllowanceUseColumns.of(Self.days()))
        // A helper older than them sends none: read as nil, which stats show as no allowances.
        let older = try HelperProtocol.decoder().decode(
            HelperResponse.self, from: try HelperProtocol.encoder().encode(HelperResponse(sessions: [], focus: columns))
        )
        #expect(older.usedAllowances == nil && older.focus == columns)
    }

    @Test func anAnswerWithMoreDaysThanTheCapIsRefused() throws {
        let days = (0..<AllowanceUseDay.maximumRows).map { LocalDay(number: $0) }
        let full = AllowanceUseColumns(
            list: Self.video, dailySeconds: nil, days: days, usedSeconds: days.map { _ in 1 })
        let read = try HelperProtocol.decoder().decode(
            HelperResponse.self,
            from: try HelperProtocol.encoder().encode(HelperResponse(sessions: [], usedAllowances: [full])))
        #expect(read.usedAllowances?.first?.days.count == AllowanceUseDay.maximumRows)
        // One day more, of another list: over the cap.
        let over = HelperResponse(sessions: [], usedAllowances: [full] + AllowanceUseColumns.of([Self.days()[2]]))
        #expect(throws: DecodingError.self) {
            try HelperProtocol.decoder().decode(HelperResponse.self, from: try HelperProtocol.encoder().encode(over))
        }
    }
}
