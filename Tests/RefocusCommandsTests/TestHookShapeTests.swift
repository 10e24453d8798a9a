import Foundation
import Testing

/// Test hooks are compiled out of release builds (as swift-system does its
/// mocking): every variable a test sets (`"REFOCUS_TEST_…"`) and every
/// option for tests (help text starting "For tests") in Sources lies
/// inside `#if REFOCUS_TEST_HOOKS`, whose `#else` holds no hook; and
/// Package.swift defines the condition for debug builds only.
/// (FreshCloneInstallTests checks that the installed release helper holds
/// no `REFOCUS_TEST_` string and refuses run-hook's `--time-limit`.)
@Suite struct TestHookShapeTests {
    static let condition = "REFOCUS_TEST_HOOKS"

    /// Where a line of Sources names a test hook, as `path:line: text`, outside `#if REFOCUS_TEST_HOOKS`.
    static func unguardedHooks(in text: String, path: String) -> [String] {
        // One entry per open #if: whether the branch being read is the hooks' own.
        var branches: [Bool] = []
        var found: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#if ") {
                branches.append(trimmed == "#if \(condition)")
            } else if trimmed.hasPrefix("#elseif ") || trimmed == "#else" {
                if !branches.isEmpty { branches[branches.count - 1] = false }
            } else if trimmed == "#endif" {
                _ = branches.popLast()
            } else if !branches.contains(true), Self.namesHook(trimmed) {
                found.append("\(path):\(index + 1): \(trimmed)")
            }
        }
        return found
    }

    /// Whether a line reads a test variable or declares an option for tests (comments aside).
    static func namesHook(_ line: String) -> Bool {
        guard !line.hasPrefix("//") else { return false }
        return line.contains("\"REFOCUS_TEST_") || line.contains("\"For tests")
    }

    @Test func everyTestHookInSourcesIsCompiledInDebugBuildsOnly() throws {
        let sources = SourceShapeTests.sources
        let paths =
            FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String }.filter {
                $0.hasSuffix(".swift")
            } ?? []
        #expect(paths.count > 100, "the sources were found: \(paths.count)")
        var guarded = 0
        var found: [String] = []
        for path in paths.sorted() {
            let text = try String(contentsOfFile: sources + "/" + path, encoding: .utf8)
            found += Self.unguardedHooks(in: text, path: path)
            guarded += text.components(separatedBy: "#if \(Self.condition)\n").count - 1
        }
        #expect(found.isEmpty, "test hooks outside #if \(Self.condition): \(found)")
        #expect(guarded >= 2, "the daemon's variable and run-hook's option are guarded: \(guarded)")
    }

    @Test func thePackageDefinesTheConditionForDebugBuildsOnly() throws {
        let manifest = try String(
            contentsOfFile: URL(fileURLWithPath: SourceShapeTests.sources).deletingLastPathComponent()
                .appendingPathComponent("Package.swift").path, encoding: .utf8)
        let defines = manifest.split(separator: "\n").filter { $0.contains(".define(\"\(Self.condition)\"") }
        #expect(
            defines.count == 1 && defines[0].contains(".define(\"\(Self.condition)\", .when(configuration: .debug))"),
            "\(defines)")
    }

    @Test(arguments: [
        ("let x = environment[\"REFOCUS_TEST_X\"]\n", 1),
        ("#if REFOCUS_TEST_HOOKS\nlet x = environment[\"REFOCUS_TEST_X\"]\n#endif\n", 0),
        ("#if REFOCUS_TEST_HOOKS\n#else\nlet x = environment[\"REFOCUS_TEST_X\"]\n#endif\n", 1),
        ("#if DEBUG\nlet x = environment[\"REFOCUS_TEST_X\"]\n#endif\n", 1),
        ("#if REFOCUS_TEST_HOOKS\n#if os(Linux)\nhelp: ArgumentHelp(\"For tests: x\")\n#endif\n#endif\n", 0),
        ("    @Option(help: ArgumentHelp(\"For tests: seconds\"))\n", 1),
        ("    help: ArgumentHelp(\n        \"For tests: seconds\",\n", 1),
        ("/// reads \"REFOCUS_TEST_X\"\n", 0),
    ])
    func hooksAreToldGuardedOrNot(text: String, unguarded: Int) {
        #expect(Self.unguardedHooks(in: text, path: "x").count == unguarded)
    }
}
