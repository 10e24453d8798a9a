import Foundation
import RefocusCore
import RefocusTestSupport
import Testing

/// The exit statuses are written once, in `ExitStatus.meaning(for:)`: the table
/// of docs/troubleshooting.md and the man pages' EXIT STATUS sections must be its rendering
/// (`ExitStatusDocument`), and every "Exit status:" line of `--help` must be
/// `ExitStatus.helpLine`'s, with no status number written into other help text.
///
/// After changing the meanings, `REFOCUS_WRITE_DOCS=1 swift test --skip-build
/// --filter ExitStatusDocumentTests` rewrites docs/troubleshooting.md's table and the roff
/// files' sections in place (then review the diff).
@Suite struct ExitStatusDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let writing = ProcessInfo.processInfo.environment["REFOCUS_WRITE_DOCS"] == "1"
    static let fix = "REFOCUS_WRITE_DOCS=1 swift test --skip-build --filter ExitStatusDocumentTests rewrites it"

    /// The commands whose help names exit statuses, by binary; the root command lists every one.
    static let commandsWithStatuses: [String: Set<String>] = [
        "refocus": [
            "refocus", "refocus start", "refocus stop", "refocus next", "refocus pause", "refocus resume",
            "refocus allow-daily",
            "refocus status", "refocus watch", "refocus history", "refocus stats",
            "refocus resolve", "refocus list import", "refocus list remove", "refocus preset save",
            "refocus preset delete", "refocus preset show", "refocus preset list", "refocus schedule add",
            "refocus schedule list", "refocus schedule remove", "refocus sync now", "refocus sync init",
            "refocus sync status", "refocus sync off", "refocus remind", "refocus ui",
        ],
        "refocus-helper": [
            "refocus-helper", "refocus-helper clear", "refocus-helper nsswitch", "refocus-helper daemon",
            "refocus-helper fleet pull", "refocus-helper fleet status", "refocus-helper report",
        ],
    ]

    /// The range of `document`'s lines from the first that `starts` accepts up to
    /// (not including) the first after it that `continues` refuses.
    static func region(
        of document: String, starts: (Substring) -> Bool,
        continues: (Substring) -> Bool
    ) -> Range<String.Index>? {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: starts) else { return nil }
        let end = lines[(first + 1)...].firstIndex { !continues($0) } ?? lines.endIndex
        let upper = end == lines.endIndex ? document.endIndex : lines[end].startIndex
        return lines[first].startIndex..<upper
    }

    /// Checks that `region` of the file at `path` reads `expected`; rewrites it there when asked to.
    static func expect(
        _ path: String, region find: (String) -> Range<String.Index>?, toRead expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let document = try String(contentsOfFile: path, encoding: .utf8)
        let range = try #require(find(document), "\(path) has the section", sourceLocation: sourceLocation)
        let actual = String(document[range])
        if writing, actual != expected {
            try Data(document.replacingCharacters(in: range, with: expected).utf8)
                .write(to: URL(fileURLWithPath: path), options: .atomic)
            return
        }
        #expect(
            actual == expected, "\(path) differs from ExitStatus's rendering; \(fix)",
            sourceLocation: sourceLocation)
    }

    @Test func theTroubleshootingTableIsTheTypesRendering() throws {
        try Self.expect(
            Self.root + "/docs/troubleshooting.md",
            region: { document in
                Self.region(of: document, starts: { $0 == "| status | meaning |" }, continues: { $0.hasPrefix("|") })
            }, toRead: ExitStatusDocument.markdownTable())
    }

    @Test(arguments: [(ExitStatus.Program.refocus, "refocus.1"), (.helper, "refocus-helper.8")])
    func theManPagesExitStatusIsTheTypesRendering(program: ExitStatus.Program, page: String) throws {
        try Self.expect(
            Self.root + "/packaging/man/\(page).roff",
            region: { document in
                Self.region(of: document, starts: { $0 == ".Sh EXIT STATUS" }, continues: { !$0.hasPrefix(".Sh ") })
            }, toRead: ExitStatusDocument.roffSection(for: program))
    }

    @Test func everyMeaningRendersCleanly() {
        for program in ExitStatus.Program.allCases {
            for status in ExitStatus.allCases {
                let meaning = status.meaning(for: program)
                #expect(!meaning.label.isEmpty && meaning.label == meaning.label.lowercased(), "\(status) \(program)")
                let text = meaning.sentences
                #expect(text.filter { $0 == "`" }.count % 2 == 0, "backticks pair up: \(text)")
                #expect(text.allSatisfy { $0.isASCII }, "the man page and --help are ASCII: \(text)")
            }
        }
        #expect(
            ExitStatus.helpLine(for: .refocus, [.usage], notes: [.success: "also with no session"])
                == "Exit status: 0 success (also with no session), 64 usage.")
    }

    /// The "Exit status:" lines in `text` as they stand, each to its final period.
    static func helpLines(in text: String) -> [String] {
        text.components(separatedBy: "Exit status: ").dropFirst().map { rest in
            let end =
                rest.range(of: ". ")?.lowerBound ?? rest.range(of: ".\n")?.lowerBound
                ?? rest.range(of: ".", options: .backwards)?.lowerBound ?? rest.endIndex
            return "Exit status: " + rest[..<end] + "."
        }
    }

    /// The statuses and notes a help line names, in its order; nil when an item is not `NUMBER LABEL [(NOTE)]`
    /// with a documented number.
    static func parse(_ line: String) -> (statuses: [ExitStatus], notes: [ExitStatus: String])? {
        var items: [String] = []
        var depth = 0
        var item = ""
        for character in line.dropFirst("Exit status: ".count).dropLast() {
            depth += character == "(" ? 1 : character == ")" ? -1 : 0
            if character == ",", depth == 0 {
                items.append(item)
                item = ""
                continue
            }
            item.append(character)
        }
        items.append(item)
        var statuses: [ExitStatus] = []
        var notes: [ExitStatus: String] = [:]
        for item in items.map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let status = Int32(item.prefix { $0.isNumber }).flatMap(ExitStatus.init(rawValue:)),
                ExitStatus.documented.contains(status)
            else { return nil }
            statuses.append(status)
            if let open = item.firstIndex(of: "("), item.hasSuffix(")") {
                notes[status] = String(item[item.index(after: open)..<item.index(before: item.endIndex)])
            }
        }
        return (statuses, notes)
    }

    @Test(arguments: [ExitStatus.Program.refocus, .helper])
    func everyHelpLineIsTheTypesRendering(program: ExitStatus.Program) throws {
        let binary = program.rawValue
        var found: Set<String> = []
        for (path, command) in try ManPageTests.commands(of: binary) {
            let discussion = command["discussion"] as? String ?? ""
            let lines = Self.helpLines(in: discussion)
            if !lines.isEmpty { found.insert(path) }
            for line in lines {
                let parsed = Self.parse(line)
                let again = parsed.map { ExitStatus.helpLine(for: program, $0.statuses, notes: $0.notes) }
                #expect(line == again, "\(path): the help's line is not the type's rendering: \(line)")
                if path == binary {
                    #expect(parsed?.statuses == ExitStatus.documented, "\(path) lists every status: \(line)")
                }
            }
            if path == binary { #expect(lines.count == 1, "\(path) has one line: \(lines)") }
            var prose = discussion
            lines.forEach { prose = prose.replacingOccurrences(of: $0, with: "") }
            let number = prose.range(
                of: #"(?i)\b(status|exits?|code)( is| of| with)?:? \d+"#, options: .regularExpression)
            #expect(number == nil, "\(path): a status number written by hand: \(number.map { prose[$0] } ?? "")")
        }
        #expect(found == Self.commandsWithStatuses[binary], "the commands whose help names exit statuses")
    }
}
