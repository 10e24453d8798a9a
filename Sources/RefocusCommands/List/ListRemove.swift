import ArgumentParser
import RefocusCore
import RefocusOS

/// `refocus list remove NAME ENTRY…`: removes entries or programs from a list.
struct ListRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove domains, addresses or programs from a list.",
        usage: UsageLine.wrapped("refocus list remove <name> [<entry> ...] [--program <name> ...] [--path] [--quiet]"),
        discussion: """
            Entries are matched in canonical form, so 'https://Reddit.com/' removes \
            reddit.com. Entries that are not in the list are reported; the others are \
            still removed.

            \(ExitStatus.helpLine(for: .refocus, [.success],
                                  notes: [.dataError: "an entry not in the list", .notFound: "no such list"]))

            Examples:
              refocus list remove work reddit.com
              refocus list remove games --program lutris
            """)

    @OptionGroup var list: ListNameArgument
    @OptionGroup var arguments: EntryArguments
    @OptionGroup var output: OutputOptions

    func run() throws {
        let name = try list.listName
        let (entries, programs) = try arguments.parsed()
        let change = try ListChange(name, in: try UserLists.store(), creating: false)
        let removedEntries = Set(entries).intersection(change.entries.items)
        let removedPrograms = Set(programs).intersection(change.programs.items)
        let missing =
            Set(entries).subtracting(removedEntries).map(\.description)
            + Set(programs).subtracting(removedPrograms).map { "program \($0)" }

        if !removedEntries.isEmpty || !removedPrograms.isEmpty {
            try change.save(
                entries: change.entries.editing(removing: removedEntries),
                programs: change.programs.editing(removing: removedPrograms), quiet: output.quiet)
            let removed = removedEntries.sorted().map(\.description) + removedPrograms.sorted().map { "program \($0)" }
            output.report("Removed from \(name): \(removed.joined(separator: ", "))")
        }
        guard missing.isEmpty else {
            missing.sorted().forEach { Console.error("not in list \(name): \($0)") }
            throw ListChangeError.notInList(count: missing.count, name)
        }
    }
}
