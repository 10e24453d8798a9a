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
            Adblock rule of the form ||example.com^, or one domain, address or URL. \
            Comments (#, !) and blank lines are skipped. Lines that cannot be blocked \
            (exception, cosmetic or path rules, local names, bad domains) are rejected \
            and listed on stderr with their line numbers; the rest is imported. The \
            list is created if missing.

            \(ExitStatus.helpLine(for: .refocus, [],
                                  notes: [.success: "the import ran, even with rejected lines",
                                          .notFound: "no such file"]))

            Examples:
              refocus list import ads /etc/hosts.blocked
              curl -s https://example.org/hosts | refocus list import ads -
            """)

    @OptionGroup var list: ListNameArgument
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The file to import, or - for standard input.", valueName: "file"),
              completion: .file())
    var file: String

    @Flag(help: "Print JSON: {list, added, duplicates, rejected: [{line, text, reason}]}.")
    var json = false

    /// The outcome of an import.
    struct Report: Encodable {
        let list: BlockListName
        let added: Int
        let duplicates: Int
        let rejected: [ListLineIssue]
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
        let new = Set(parsed.entries).subtracting(change.entries.items)
        if !new.isEmpty || change.origin == nil {
            try change.save(entries: change.entries.editing(adding: new.sorted()), programs: change.programs.editing(), json: json,
                            quiet: output.quiet)
        }
        let report = Report(list: name, added: new.count, duplicates: parsed.entries.count - new.count,
                            rejected: parsed.rejected)
        if json { return try Console.json(report) }
        for issue in report.rejected {
            Console.detail("\(file == "-" ? "stdin" : file):\(issue.line): \(issue.reason)")
        }
        output.report("Imported into \(name): \(report.added) added, \(report.duplicates) skipped as duplicates, "
            + "\(report.rejected.count) rejected.")
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
