import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import RefocusOS

/// `refocus list import NAME FILE|-`: adds the entries of a hosts file,
/// an Adblock filter list or a plain list to a list.
struct ListImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a hosts file, Adblock list or plain list into a list.",
        discussion: """
            Each line may be a hosts line (0.0.0.0 or 127.0.0.1 followed by names), an \
            Adblock rule for a site (||example.com^, ||example.com^$document) or for a \
            path of one (||example.com/ads/ becomes the path entry example.com/ads, \
            blocked in browsers only), or one domain, path entry, address or URL. \
            Comments (#, !) and blank lines are skipped. Lines that cannot be blocked \
            (exception, cosmetic and URL-pattern rules, rules with other options, local \
            names, bad domains) are rejected; stderr sums them up by reason with the \
            first three lines of each (--verbose: every line). Entries that no session \
            may block (such as ||0.0.0.1^: as 'refocus list add' refuses them) are \
            skipped and counted, each with its reason. The rest is imported. The list \
            is created if missing.

            \(ExitStatus.helpLine(for: .refocus, [],
                                  notes: [.success: "the import ran, even with rejected lines",
                                          .notFound: "no such file"]))

            Examples:
              refocus list import ads /etc/hosts.blocked
              curl -s https://example.org/hosts | refocus list import ads -
            """)

    @OptionGroup var list: ListNameArgument
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The file to import, or - for standard input.", valueName: "file"),
        completion: .file())
    var file: String

    @Flag(
        help:
            "Print JSON: {list, added, duplicates, unblockable: [{entry, reason}], rejected: [{line, text, reason, kind}]}."
    )
    var json = false

    @Flag(name: .shortAndLong, help: "List every rejected line on stderr, not only the first three of each reason.")
    var verbose = false

    /// How many lines of each reason the summary shows.
    static let examplesPerReason = 3

    /// The outcome of an import.
    struct Report: Encodable {
        let list: BlockListName
        let added: Int
        let duplicates: Int
        /// The entries skipped because no session may block them, each once.
        let unblockable: [UnblockableEntries.Finding]
        let rejected: [ImportRejection]
    }

    func run() throws {
        let name = try list.listName
        let bytes: [UInt8]
        if file == "-" {
            bytes = try FileReader.readAll(STDIN_FILENO, path: "standard input")
        } else {
            guard let read = try FileReader.readIfPresent(file) else { throw ImportError.noSuchFile(file) }
            bytes = read
        }
        let parsed = ImportParser.parse(String(decoding: bytes, as: UTF8.self))
        let change = try ListChange(name, in: try UserLists.store(), creating: true)
        let unblockable = Blockability.atEntry().findings(in: parsed.entries)
        let skipped = Set(unblockable.map(\.entry))
        let entries = parsed.entries.filter { !skipped.contains($0) }
        let new = Set(entries).subtracting(change.entries.items)
        if !new.isEmpty || change.origin == nil {
            try change.save(
                entries: change.entries.editing(adding: new.sorted()), programs: change.programs.editing(), json: json,
                quiet: output.quiet)
        }
        let report = Report(
            list: name, added: new.count, duplicates: entries.count - new.count,
            unblockable: unblockable, rejected: parsed.rejected)
        if json { return try Console.json(report) }
        printRejections(parsed)
        printUnblockable(unblockable)
        output.report(
            "Imported into \(name): \(report.added) added, \(report.duplicates) skipped as duplicates, "
                + (unblockable.isEmpty ? "" : "\(unblockable.count) skipped as never blockable, ")
                + "\(report.rejected.count) rejected.")
    }
}

extension ListImport {
    /// Every rejected line with `--verbose`; otherwise each reason with its
    /// count and first lines, the largest group first.
    func printRejections(_ parsed: ImportParser.Result) {
        let source = file == "-" ? "stdin" : file
        if verbose {
            for issue in parsed.rejected { Console.detail("\(source):\(issue.line): \(issue.reason)") }
            return
        }
        let groups = parsed.rejectedByKind(examples: Self.examplesPerReason)
        guard !groups.isEmpty else { return }
        Console.detail("\(parsed.rejected.count) rejected, by reason (--verbose lists each one):")
        for group in groups {
            Console.detail("  \(group.count) × \(group.kind)")
            for example in group.examples { Console.detail("    \(source):\(example.line): \(example.text)") }
            if group.count > group.examples.count { Console.detail("    …") }
        }
    }

    /// The entries skipped because no session may block them, with why:
    /// every one with `--verbose`, else the first few.
    func printUnblockable(_ findings: [UnblockableEntries.Finding]) {
        guard !findings.isEmpty else { return }
        let shown = verbose ? findings : Array(findings.prefix(Self.examplesPerReason))
        Console.detail(
            "\(findings.count) skipped, since no session may block \(findings.count == 1 ? "it" : "them")"
                + (shown.count < findings.count ? " (--verbose lists each one):" : ":"))
        for finding in shown { Console.detail("  \(finding)") }
        if shown.count < findings.count { Console.detail("  …") }
    }
}

/// Why an import could not start.
enum ImportError: RefocusError, Equatable {
    /// The named file does not exist.
    case noSuchFile(String)

    var category: ErrorCategory { .notFound }

    var description: String {
        switch self {
        case let .noSuchFile(path): "cannot import \(path): no such file; check the path, or use - for standard input"
        }
    }
}
