import ArgumentParser
import RefocusCore
import RefocusOS

/// `refocus lists`: every block list with its size and origin.
struct ListsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: "Show every block list: built-in and your own.",
        discussion: """
            A list of yours with the name of a built-in list replaces it. A list file \
            with bad lines is shown with the problem; fix it with 'refocus list edit NAME'.

            Example:
              refocus lists --json | jq -r '.[].name'
            """)

    @Flag(help: "Print JSON for scripts: an array of {name, origin, entries, programs, error}.")
    var json = false

    /// One row of the listing.
    struct Row: Encodable {
        let name: BlockListName
        let origin: ListStore.Origin
        let entries: Int?
        let programs: Int?
        let error: String?
    }

    func run() throws {
        let store = try UserLists.store()
        let rows = try store.names().map { name, origin in
            do {
                let list = try store.load(name).list
                return Row(
                    name: name, origin: origin, entries: list.entries.count,
                    programs: list.programs.count, error: nil)
            } catch {
                return Row(name: name, origin: origin, entries: nil, programs: nil, error: "\(error)")
            }
        }
        if json { return try Console.json(rows) }
        let width = max(4, rows.map(\.name.rawValue.count).max() ?? 0)
        print("NAME".padding(width), "ENTRIES".leftPadding(7), "PROGRAMS".leftPadding(8), " ORIGIN")
        for row in rows {
            if let entries = row.entries, let programs = row.programs {
                print(
                    row.name.rawValue.padding(width), "\(entries)".leftPadding(7),
                    "\(programs)".leftPadding(8), " \(row.origin.rawValue)")
            } else {
                print(
                    row.name.rawValue.padding(width), "-".leftPadding(7), "-".leftPadding(8),
                    " \(row.origin.rawValue), has bad lines: refocus list edit \(row.name)")
            }
        }
    }
}

extension String {
    /// The string padded with spaces on the right to `width`.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The string padded with spaces on the left to `width`.
    func leftPadding(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
