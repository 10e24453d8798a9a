import ArgumentParser
import RefocusCore

/// The entries and programs that `refocus list add` and `remove` take.
struct EntryArguments: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Domains, paths of a site (youtube.com/shorts, browsers only), addresses, CIDR ranges or URLs "
                + "(the host is kept: https://x.com/a becomes x.com, unless --path).",
            valueName: "entry"))
    var entries: [String] = []

    @Option(
        name: .customLong("program"),
        help: ArgumentHelp("A program name to block, such as discord (repeatable).", valueName: "name"),
        completion: .shellCommand("compgen -c"))
    var programs: [String] = []

    @Flag(
        name: .customLong("path"),
        help:
            "Keep the path of a pasted URL: https://x.com/a/b?q=1 becomes the path entry x.com/a/b (browsers only; the query is dropped)."
    )
    var keepingPath = false

    func validate() throws {
        if entries.isEmpty && programs.isEmpty {
            throw ValidationError("give at least one entry or --program NAME")
        }
    }

    /// The parsed entries and programs; when any is invalid, every problem is
    /// printed and `ListChangeError.invalidArguments` thrown.
    func parsed() throws -> (entries: [BlockEntry], programs: [ProgramName]) {
        var problems: [String] = []
        let parsedEntries: [BlockEntry] = entries.compactMap { text in
            do {
                let entry = try BlockEntry(parsing: text, keepingURLPath: keepingPath)
                if keepingPath, entry.browserPath != nil, text.contains("?") || text.contains("#") {
                    Console.error(
                        "note: \(entry): the query and fragment of '\(text)' are dropped; a path entry blocks the path whatever follows"
                    )
                }
                return entry
            } catch { problems.append("\(error)"); return nil }
        }
        let parsedPrograms: [ProgramName] = programs.compactMap { text in
            do { return try ProgramName(text) } catch { problems.append("\(error)"); return nil }
        }
        guard problems.isEmpty else {
            problems.forEach { Console.error($0) }
            throw ListChangeError.invalidArguments(count: problems.count)
        }
        return (parsedEntries, parsedPrograms)
    }
}
