import Foundation
import Glibc
import RefocusTestSupport
import Testing

/// The times people type are read in the machine's time zone, by this
/// build's `refocus` and by the static one `make install` installs (when
/// built): that one links FoundationEssentials without Foundation or ICU,
/// whose `TimeZone` knows GMT only, and takes the zone from glibc
/// (MachineTimeZone).
@Suite struct MachineTimeZoneTests {
    /// This build's binary, and the static one when it has been built.
    static var binaries: [String] {
        [Binary.buildDirectory + "/refocus", StatusStartupTests.staticBinary]
            .filter { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func historySinceADayStartsAtLocalMidnight() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(
            refocus, answering: #"{"version":1,"ok":true,"notes":[],"sessions":[]}"#)
        // Midnight of 1 May 2020 in New York (summer time, UTC-4) and in Tokyo (UTC+9).
        for (zone, since) in [
            ("America/New_York", "2020-05-01T04:00:00Z"), ("Asia/Tokyo", "2020-04-30T15:00:00Z"),
            ("UTC", "2020-05-01T00:00:00Z"),
        ] {
            for binary in Self.binaries {
                let run = try Binary.execute(
                    binary, ["history", "--since", "2020-05-01"],
                    environment: ["REFOCUS_HELPER": helper, "TZ": zone])
                #expect(run.status == 0, "\(binary) \(zone): \(run.stderr)")
                let request = try String(contentsOfFile: helper + ".request", encoding: .utf8)
                #expect(request.contains(#""since":"\#(since)""#), "\(binary) \(zone): \(request)")
            }
        }
    }
}
