import Foundation
import Testing

@testable import RefocusCore
@testable import RefocusProtocol

/// `UTCTimestamp`: the status file's times, read exactly.
@Suite struct UTCTimestampTests {
    @Test func readsUTCTimesExactly() {
        #expect(UTCTimestamp.date("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(UTCTimestamp.date("2024-02-29T23:59:59Z") == Date(timeIntervalSince1970: 1_709_251_199))
        for bad in [
            "2023-02-29T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T19:60:00Z", "2026-11-21T19:00:00+01:00",
            "2026-11-21T19:00:00.5Z", "2026-1-21T19:00:00Z", "２026-11-21T19:00:00Z", "1969-12-31T23:59:59Z",
            "1013-11-21T19:54:29Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-04-31T00:00:00Z",
            "2026-11-00T00:00:00Z", "2026-11-21T19:00:60Z", "2100-02-29T00:00:00Z",
        ] {
            #expect(UTCTimestamp.date(bad) == nil, "\(bad)")
        }
        #expect(UTCTimestamp.date("2000-02-29T12:00:00Z") != nil, "2000 is a leap year")
    }

    /// Every 71 hours and 17 seconds from 1970 to 2430 (leap years, centuries
    /// and 2400 among them), as `JSONEncoder` writes the time, reads back the same.
    @Test func agreesWithTheEncoderOverCenturies() throws {
        let encoder = HelperProtocol.encoder()
        var seconds: TimeInterval = 0
        var mismatches: [String] = []
        while seconds < 14_516_000_000 {
            let date = Date(timeIntervalSince1970: seconds)
            let text = try JSONDecoder().decode(String.self, from: try encoder.encode(date))
            if UTCTimestamp.date(text) != date { mismatches.append(text) }
            seconds += 71 * 3600 + 17
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
