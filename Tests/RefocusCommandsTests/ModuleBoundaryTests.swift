import Foundation
import RefocusTestSupport
import Testing

/// The trust boundary, as the linker drew it: `refocus`, which every user
/// runs, holds no code of root's modules (its planning, hooks, enforcement,
/// the daemon, the helper's verbs, netfilter), and `refocus-helper` none of
/// the user's features or commands. Read with nm from this build's
/// executables: no symbol, defined or referenced, of those modules (a Swift
/// symbol names its module as the name's length and the name).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/nm"), "needs nm (binutils)"))
struct ModuleBoundaryTests {
    static let rootsModules = [
        "RefocusPlanning", "RefocusHooks", "RefocusEnforcement", "RefocusDaemon", "RefocusHelperCommands",
        "RefocusNetfilter",
    ]
    static let usersModules = ["RefocusFeatures", "RefocusCommands"]

    /// How many of `executable`'s symbols name each of `modules`.
    static func symbolCounts(in executable: String, of modules: [String]) throws -> [String: Int] {
        let symbols = try Binary.execute("/usr/bin/nm", [Binary.buildDirectory + "/" + executable]).stdout
        var counts = Dictionary(uniqueKeysWithValues: modules.map { ($0, 0) })
        for line in symbols.split(separator: "\n") {
            guard let symbol = line.split(separator: " ").last, symbol.hasPrefix("$s") else { continue }
            for module in modules where names(symbol, module) { counts[module, default: 0] += 1 }
        }
        return counts
    }

    /// Whether a mangled Swift symbol names something of `module`: its length and name, not after a digit.
    static func names(_ symbol: Substring, _ module: String) -> Bool {
        symbol.ranges(of: "\(module.utf8.count)\(module)").contains { range in
            range.lowerBound == symbol.startIndex || !symbol[symbol.index(before: range.lowerBound)].isNumber
        }
    }

    @Test func theCLILinksNothingOfRootsModules() throws {
        let counts = try Self.symbolCounts(
            in: "refocus", of: Self.rootsModules + ["RefocusCommands", "RefocusProtocol"])
        #expect(counts["RefocusCommands", default: 0] > 100, "the check sees the CLI's own module: \(counts)")
        #expect(counts["RefocusProtocol", default: 0] > 10, "and the shared protocol it links: \(counts)")
        for module in Self.rootsModules {
            #expect(counts[module] == 0, "refocus links \(module): \(counts)")
        }
    }

    @Test func theHelperLinksNothingOfTheUsersModules() throws {
        let counts = try Self.symbolCounts(
            in: "refocus-helper", of: Self.usersModules + ["RefocusPlanning", "RefocusDaemon"])
        #expect(counts["RefocusPlanning", default: 0] > 100, "the check sees root's planning: \(counts)")
        #expect(counts["RefocusDaemon", default: 0] > 100, "and the daemon: \(counts)")
        for module in Self.usersModules {
            #expect(counts[module] == 0, "refocus-helper links \(module): \(counts)")
        }
    }

    @Test(arguments: [
        ("$s15RefocusPlanning7SessionVN", "RefocusPlanning", true),
        ("$s11RefocusCore10DomainNameVN", "RefocusPlanning", false),
        ("$s115RefocusPlanningX", "RefocusPlanning", false),
    ])
    func aSymbolNamesItsModule(symbol: String, module: String, names: Bool) {
        #expect(Self.names(Substring(symbol), module) == names)
    }
}
