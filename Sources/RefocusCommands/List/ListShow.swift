import ArgumentParser
import RefocusCore
import RefocusOS

/// `refocus list show NAME`: what a list blocks.
struct ListShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the domains, addresses and programs of a list.",
        discussion: """
            Examples:
              refocus list show social
              refocus list show work --domains > work.txt
              refocus list show chat --json
            """)

    @OptionGroup var list: ListNameArgument

    @Flag(help: "Print JSON: {name, origin, entries, programs}.")
    var json = false

    @Flag(help: "Print only the domains and addresses, one per line.")
    var domains = false

    @Flag(help: "Print only the program names, one per line.")
    var programs = false

    func validate() throws {
        if [json, domains, programs].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --json, --domains and --programs")
        }
    }

    /// The JSON shape of a list.
    struct Shown: Encodable {
        let name: BlockListName
        let origin: ListStore.Origin
        let entries: [BlockEntry]
        let programs: [ProgramName]
    }

    func run() throws {
        let name = try list.listName
        let (loaded, origin) = try UserLists.store().load(name)
        let entries = loaded.entries.sorted()
        let programNames = loaded.programs.sorted()
        if json { return try Console.json(Shown(name: name, origin: origin, entries: entries, programs: programNames)) }
        if domains { return entries.forEach { print($0) } }
        if programs { return programNames.forEach { print($0) } }

        print("# \(name) (\(origin.rawValue)): \(count(entries.count, "entry", "entries")), "
            + count(programNames.count, "program", "programs"))
        entries.forEach { print($0) }
        if !programNames.isEmpty {
            print("# programs")
            programNames.forEach { print($0) }
        }
    }
}

/// `1 entry`, `2 entries`.
func count(_ number: Int, _ singular: String, _ plural: String) -> String {
    "\(number) \(number == 1 ? singular : plural)"
}
