import Foundation
import RefocusTestSupport
import Testing

/// What keeps `refocus status` quick to start (docs/testing.md, The status line): the
/// static binary that `make install` installs, when built, needs no
/// libstdc++.so. (The CLI links no Foundation beyond FoundationEssentials,
/// and FoundationInternationalization with ICU for the time zones by name:
/// `refocus-bench daemon` measures what starting costs.)
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf"), "readelf is not installed (binutils)"))
struct StatusStartupTests {
    /// The shared libraries `binary` names (DT_NEEDED).
    static func needed(_ binary: String) throws -> [String] {
        let run = try Binary.execute("/usr/bin/readelf", ["-d", binary])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.split(separator: "]").first.map(String.init) }
    }

    /// The binary `make static` builds, which `make install` installs.
    static let staticBinary =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/.build-static/release/refocus"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: staticBinary), "not built (make static)"))
    func theStaticBinaryNeedsNoLibstdcxx() throws {
        let needed = try Self.needed(Self.staticBinary)
        #expect(!needed.contains { $0.hasPrefix("libstdc++") } && needed.contains("libc.so.6"), "\(needed)")
    }

    /// libpsl and libidn2 (with libunistring under them, about 500 symbols to resolve) are
    /// loaded at their first call, not at the start of every command: neither binary names them.
    @Test(arguments: ["refocus", "refocus-helper"])
    func neitherBinaryLoadsTheDomainLibrariesAtStart(binary: String) throws {
        let needed = try Self.needed(Binary.buildDirectory + "/" + binary)
        #expect(needed.contains("libc.so.6"), "\(needed)")
        #expect(!needed.contains { $0.hasPrefix("libpsl") || $0.hasPrefix("libidn2") }, "\(needed)")
    }

    /// The static binary looks for no library in its own folder first (no $ORIGIN run path) and
    /// exports only what its libraries need from it, not its 7,000 symbols.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: staticBinary), "not built (make static)"))
    func theStaticBinaryHasNoRunPathAndExportsLittle() throws {
        let dynamic = try Binary.execute("/usr/bin/readelf", ["-d", Self.staticBinary]).stdout
        #expect(!dynamic.contains("RUNPATH") && !dynamic.contains("RPATH"), "\(dynamic)")
        let symbols = try Binary.execute("/usr/bin/readelf", ["--dyn-syms", "-W", Self.staticBinary]).stdout
        let defined = symbols.split(separator: "\n").filter { $0.contains(" GLOBAL ") && !$0.contains(" UND ") }
        #expect(defined.count < 100, "\(defined.count) exported, such as \(defined.prefix(3))")
    }

    /// Full Foundation (with CoreFoundation) and TOMLKit's toml++ made the static binary
    /// megabytes larger and slower to start; neither is linked in: no symbol of the module
    /// Foundation (`10Foundation` mangled; FoundationEssentials is `20FoundationEssentials`),
    /// of TOMLKit or of toml++'s namespace `toml`.
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: staticBinary)
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/nm"), "not built (make static), or no nm"))
    func theStaticBinaryLinksNeitherFoundationNorTOMLKit() throws {
        let run = try Binary.execute("/usr/bin/nm", [Self.staticBinary])
        #expect(run.status == 0, "\(run.stderr)")
        let unwanted = run.stdout.split(separator: "\n").filter {
            $0.contains("10Foundation") || $0.contains("7TOMLKit") || $0.contains("_ZN4toml")
        }
        #expect(unwanted.isEmpty, "\(unwanted.count) symbols, such as \(unwanted.prefix(3))")
    }
}
