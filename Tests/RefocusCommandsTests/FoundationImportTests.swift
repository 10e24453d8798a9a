import Foundation
import RefocusTestSupport
import Testing

/// What `refocus` links of Foundation: its modules import FoundationEssentials
/// only, plain `Foundation` in the `#else` of a `canImport(FoundationEssentials)`
/// guard at most (for platforms without it), and never
/// FoundationInternationalization, whose ICU is most of a static binary's size
/// (time zones come from glibc through MachineTimeZone, weeks from LocaleWeek);
/// and their object files in this build call nothing of Foundation's own.
@Suite struct FoundationImportTests {
    static let modules = [
        "RefocusCore", "RefocusProtocol", "RefocusFeatures", "RefocusOS", "RefocusDNS", "RefocusPolicy",
        "RefocusCommands",
    ]

    /// `import` lines of Foundation's modules outside the guard's `#else`, as `path:line: text`.
    static func unguardedImports(in module: String) throws -> [String] {
        let folder = SourceShapeTests.sources + "/" + module
        let paths =
            FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter {
                $0.hasSuffix(".swift")
            } ?? []
        var found: [String] = []
        for path in paths.sorted() {
            let lines = try String(contentsOfFile: folder + "/" + path, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                let words = line.split(separator: " ")
                guard let importIndex = words.firstIndex(where: { $0 == "import" }), importIndex + 1 < words.count,
                    words[..<importIndex].allSatisfy({
                        $0.hasPrefix("@") || ["public", "package", "internal"].contains($0)
                    })
                else { continue }
                let name = words[importIndex + 1]
                let guarded =
                    name == "Foundation" && index > 0
                    && lines[index - 1].trimmingCharacters(in: .whitespaces) == "#else"
                if name == "FoundationInternationalization" || (name == "Foundation" && !guarded) {
                    found.append("\(module)/\(path):\(index + 1): \(line)")
                }
            }
        }
        return found
    }

    @Test(arguments: modules)
    func theCLIsModulesImportFoundationEssentialsOnly(module: String) throws {
        let found = try Self.unguardedImports(in: module)
        #expect(found.isEmpty, "\(found)")
    }

    /// An overload of Foundation's seen through another module's import links all of Foundation and ICU
    /// into `refocus` with no import of it in the file: Foundation's extensions are visible in every file
    /// of a module that imports, anywhere, a module that imports Foundation (while TOMLKit did,
    /// `text.contains("?")` in RefocusCommands was Foundation's `StringProtocol.contains`, and that was
    /// what the static link took libFoundation.a for). Read with nm from the objects of this build: no
    /// undefined symbol of module Foundation (mangled `10Foundation`).
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/nm"), "needs nm (binutils)"),
        arguments: modules)
    func theCLIsModulesCallNothingOfFoundationItself(module: String) throws {
        let folder = Binary.buildDirectory + "/" + module + ".build"
        // Only the objects of the module's sources now: a build folder keeps those of files since removed.
        let sources = Set(
            (FileManager.default.enumerator(atPath: SourceShapeTests.sources + "/" + module)?
                .compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }.map {
                    ($0 as NSString).lastPathComponent
                })
        let objects = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".swift.o") && sources.contains(String($0.dropLast(2))) }.sorted()
        #expect(!objects.isEmpty, "\(folder) holds the module's objects")
        var found: [String] = []
        for object in objects {
            let symbols = try Binary.execute("/usr/bin/nm", ["-u", folder + "/" + object]).stdout
            for line in symbols.split(separator: "\n") {
                guard let symbol = line.split(separator: " ").last, Self.isFoundations(symbol) else { continue }
                found.append("\(object): \(symbol)")
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// Whether a mangled Swift symbol names something of module Foundation: `10Foundation` not preceded by a digit.
    static func isFoundations(_ symbol: Substring) -> Bool {
        symbol.ranges(of: "10Foundation").contains { range in
            range.lowerBound == symbol.startIndex || !symbol[symbol.index(before: range.lowerBound)].isNumber
        }
    }

    @Test(arguments: [
        ("$sSy10FoundationE8containsySbqd__SyRd__lF", true), ("$s10Foundation4DataVN", true),
        ("$s20FoundationEssentials4DateVN", false), ("$s30FoundationInternationalization6LocaleV", false),
        ("$sSS", false),
    ])
    func foundationsSymbolsAreToldApart(symbol: String, foundations: Bool) {
        #expect(Self.isFoundations(Substring(symbol)) == foundations)
    }
}
