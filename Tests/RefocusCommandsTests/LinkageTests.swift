import Foundation
import RefocusTestSupport
import Testing

/// The trust boundary in the binaries: the CLI links no enforcement code
/// (no libnftnl, libmnl, SQLite or GRDB), while the helper does. Read from
/// the built binaries with ldd (shared libraries) and nm (symbols of the
/// Swift modules linked in statically, such as GRDB).
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/nm"), "needs ldd and nm (binutils)"))
struct LinkageTests {
    /// The shared libraries a binary loads, by their names (`libnftnl.so.11`).
    static func libraries(_ binary: String) throws -> Set<String> {
        let run = try Binary.execute("/usr/bin/ldd", [Binary.buildDirectory + "/" + binary])
        return Set(
            run.stdout.split(separator: "\n").compactMap {
                $0.split(separator: " ").first.map { String($0.trimmingCharacters(in: .whitespaces)) }
            })
    }

    /// For each fragment, whether a symbol of the binary (defined, or
    /// undefined and so wanted from a library) contains it.
    static func holdsSymbols(_ binary: String, of fragments: [String]) throws -> [String: Bool] {
        let symbols = try Binary.execute("/usr/bin/nm", [Binary.buildDirectory + "/" + binary]).stdout
        return Dictionary(uniqueKeysWithValues: fragments.map { fragment in (fragment, symbols.contains(fragment)) })
    }

    static let enforcement = ["libnftnl", "libmnl", "libsqlite3"]

    @Test func theCLILinksNoEnforcementCode() throws {
        let cli = try Self.libraries("refocus")
        for library in Self.enforcement {
            #expect(!cli.contains { $0.hasPrefix(library) }, "refocus links \(library): \(cli.sorted())")
        }
        let symbols = try Self.holdsSymbols("refocus", of: ["4GRDB", "nftnl_", "mnl_socket", "sqlite3_"])
        #expect(symbols.values.allSatisfy { !$0 }, "refocus holds enforcement symbols: \(symbols)")
    }

    @Test func theHelperDoes() throws {
        let helper = try Self.libraries("refocus-helper")
        for library in Self.enforcement {
            #expect(helper.contains { $0.hasPrefix(library) }, "refocus-helper lacks \(library): \(helper.sorted())")
        }
        let symbols = try Self.holdsSymbols("refocus-helper", of: ["4GRDB", "nftnl_", "mnl_socket", "sqlite3_"])
        #expect(symbols.values.allSatisfy { $0 }, "the check can see them: \(symbols)")
    }
}
