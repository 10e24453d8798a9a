import Foundation
import RefocusTestSupport
import Testing

/// The limits that keep the documents readable: every `--help` of both
/// binaries fits a screen (40 lines of at most 80 columns, as
/// swift-argument-parser prints it with `COLUMNS=80`) and names every option
/// in its usage; README.md is a front page of at most 250 lines; and every
/// relative link of README.md and docs/ reaches a file of the repository
/// (and a heading there, when it names one). The long explanations live in
/// the man pages and docs/.
///
/// The commands come from the binaries themselves (`--experimental-dump-help`),
/// so a new subcommand is measured without being named here.
@Suite struct DocumentationLimitsTests {
    static let maximumHelpLines = 40
    static let maximumColumns = 80
    static let maximumReadmeLines = 250
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test(arguments: ["refocus", "refocus-helper"])
    func everyHelpFitsAScreenAndNamesItsOptions(binary: String) throws {
        let commands = try ManPageTests.commands(of: binary)
        #expect(commands.count >= 8, "every command is in the dump: \(commands.count)")
        for (path, command) in commands {
            let words = path.split(separator: " ").dropFirst().map(String.init)
            let help = try Binary.execute(
                Binary.buildDirectory + "/" + binary, words + ["--help"],
                environment: ["COLUMNS": "\(Self.maximumColumns)"])
            #expect(help.status == 0, "\(path) --help: \(help.stderr)")
            let lines = Self.lines(of: help.stdout)
            #expect(
                lines.count <= Self.maximumHelpLines,
                "\(path) --help has \(lines.count) lines, more than \(Self.maximumHelpLines): move the long story to the man page or docs/"
            )
            for line in lines where line.count > Self.maximumColumns {
                Issue.record(
                    "\(path) --help has a line of \(line.count) columns, more than \(Self.maximumColumns): \(line)")
            }
            // The help subcommand's usage is its parent's.
            guard !path.hasSuffix(" help") else { continue }
            let usage = Self.usage(in: lines)
            for name in Self.usageNames(of: command) where !usage.contains(name) {
                Issue.record("\(path): the usage leaves out \(name): \(usage)")
            }
        }
    }

    @Test func theReadmeIsAFrontPage() throws {
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let count = Self.lines(of: readme).count
        #expect(
            count <= Self.maximumReadmeLines,
            "README.md has \(count) lines, more than \(Self.maximumReadmeLines): the rest belongs in docs/")
    }

    @Test func everyRelativeLinkReachesAFileAndItsHeading() throws {
        let documents = try Self.documents()
        #expect(documents.contains("README.md") && documents.count >= 7, "the documents were found: \(documents)")
        for document in documents {
            let text = try String(contentsOfFile: Self.root + "/" + document, encoding: .utf8)
            for link in MarkdownLinks.targets(in: text) where MarkdownLinks.isRelative(link) {
                let (file, anchor) = MarkdownLinks.split(link)
                let folder = (document as NSString).deletingLastPathComponent
                let target =
                    file.isEmpty
                    ? document : (((folder.isEmpty ? "" : folder + "/") + file) as NSString).standardizingPath
                guard FileManager.default.fileExists(atPath: Self.root + "/" + target) else {
                    Issue.record("\(document): the link \(link) reaches no file (\(target))")
                    continue
                }
                guard let anchor, target.hasSuffix(".md") else { continue }
                let headings = MarkdownLinks.anchors(
                    in: try String(contentsOfFile: Self.root + "/" + target, encoding: .utf8))
                #expect(headings.contains(anchor), "\(document): the link \(link) names no heading of \(target)")
            }
        }
    }

    /// The lines of `text` as `wc -l` counts them: each ends with a line feed.
    static func lines(of text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The usage in `lines` of a help: from `USAGE:` to the blank line after it, as one line.
    static func usage(in lines: [Substring]) -> String {
        lines.drop { !$0.hasPrefix("USAGE: ") }.prefix { !$0.isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// What the usage must show of `command`'s arguments: `--name` of each
    /// option and flag, `<value>` of each positional argument, but the help
    /// and version flags, which swift-argument-parser leaves out of every usage.
    static func usageNames(of command: [String: Any]) -> [String] {
        (command["arguments"] as? [[String: Any]] ?? []).compactMap { argument in
            guard argument["shouldDisplay"] as? Bool != false else { return nil }
            if argument["kind"] as? String == "positional" {
                return (argument["valueName"] as? String).map { "<\($0)>" }
            }
            guard let preferred = argument["preferredName"] as? [String: Any], let name = preferred["name"] as? String,
                !["help", "version"].contains(name)
            else { return nil }
            return (preferred["kind"] as? String == "short" ? "-" : "--") + name
        }
    }

    /// README.md and every markdown file under docs/, relative to the repository.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs").filter { $0.hasSuffix(".md") }
        return ["README.md"] + docs.sorted().map { "docs/" + $0 }
    }
}
