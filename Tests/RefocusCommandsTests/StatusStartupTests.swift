import Foundation
import RefocusTestSupport
import Testing

/// What keeps `refocus status` quick to start (docs/testing.md, The status line): the
/// static binary that `make install` installs, when built, needs no
/// libstdc++.so. (The CLI links Foundation again, through TOMLKit for
/// config.toml: `refocus-bench daemon` measures what that costs.)
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf"), "readelf is not installed (binutils)"))
struct StatusStartupTests {
    /// The shared libraries `binary` names (DT_NEEDED).
    static func needed(_ binary: String) throws -> [String] {
        let run = try Binary.execute("/usr/bin/readelf", ["-d", binary])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.split(separator: "]").first.map(String.init) }
    }

    /// The binary `make static` builds, which `make install` installs.
    static let staticBinary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/.build-static/release/refocus"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: staticBinary), "not built (make static)"))
    func theStaticBinaryNeedsNoLibstdcxx() throws {
        let needed = try Self.needed(Self.staticBinary)
        #expect(!needed.contains { $0.hasPrefix("libstdc++") } && needed.contains("libc.so.6"), "\(needed)")
    }
}
