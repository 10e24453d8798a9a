import ArgumentParser
import RefocusCore
import RefocusOS

/// `refocus list add NAME ENTRY…`: adds entries or programs to a list,
/// creating it when needed.
struct ListAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add domains, paths, addresses or programs to a list (created if missing).",
        usage: UsageLine.wrapped("refocus list add <name> [<entry> ...] [--program <name> ...] [--path] [--quiet]"),
        discussion: """
            Entries are stored in canonical form: lower case, IDNA (xn--bcher-kva.de), \
            URLs reduced to their host (with --path, host and path). Public suffixes \
            (co.uk) and entries no session may block (loopback, multicast, 0.0.0.0/8, \
            the policy's never_block...) are refused with the reason, and then nothing \
            is added.

            A host with a path, such as youtube.com/shorts, blocks that path and every \
            path below it in browsers only; the rest of the site stays reachable. 'man \
            refocus' (LISTS) tells how entries are stored.

            Examples:
              refocus list add work reddit.com 'https://news.ycombinator.com/news'
              refocus list add video youtube.com/shorts
              refocus list add social --path 'https://www.reddit.com/r/all/?feed=home'
              refocus list add work 203.0.113.0/24
              refocus list add games --program steam --program lutris
            """)

    @OptionGroup var list: ListNameArgument
    @OptionGroup var arguments: EntryArguments
    @OptionGroup var output: OutputOptions

    func run() throws {
        let name = try list.listName
        let (entries, programs) = try arguments.parsed()
        try Blockability.refuseUnblockable(entries)
        let change = try ListChange(name, in: try UserLists.store(), creating: true)
        let newEntries = Set(entries).subtracting(change.entries.items).sorted()
        let newPrograms = Set(programs).subtracting(change.programs.items).sorted()
        let present =
            Set(entries).intersection(change.entries.items).map(\.description)
            + Set(programs).intersection(change.programs.items).map(\.description)

        if !newEntries.isEmpty || !newPrograms.isEmpty || change.origin == nil {
            try change.save(
                entries: change.entries.editing(adding: newEntries),
                programs: change.programs.editing(adding: newPrograms), quiet: output.quiet)
        }
        let added = newEntries.map(\.description) + newPrograms.map { "program \($0)" }
        if !added.isEmpty { output.report("Added to \(name): \(added.joined(separator: ", "))") }
        if !present.isEmpty { output.report("Already in \(name): \(present.sorted().joined(separator: ", "))") }
    }
}
