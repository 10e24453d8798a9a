import ArgumentParser
import RefocusCore
import RefocusOS

/// `refocus list show NAME`: what a list blocks.
struct ListShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the domains, paths, addresses and programs of a list.",
        discussion: """
            Path entries such as youtube.com/shorts are marked "browsers only": the \
            browsers' policies block them, /etc/hosts and the firewall do not.

            Examples:
              refocus list show social
              refocus list show work --domains > work.txt
              refocus list show chat --json
            """)

    @OptionGroup var list: ListNameArgument

    @Flag(
        help: "Print JSON: {name, origin, entries, kinds, programs}; kinds maps each entry to domain, path or address.")
    var json = false

    @Flag(help: "Print only the domains, paths and addresses, one per line.")
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
        /// Each entry's kind: `domain`, `path` (browsers only) or `address`.
        let kinds: [String: String]
        let programs: [ProgramName]
    }

    func run() throws {
        let name = try list.listName
        let (loaded, origin) = try UserLists.store().load(name)
        let entries = loaded.entries.sorted()
        let programNames = loaded.programs.sorted()
        if json {
            let kinds = Dictionary(
                entries.map { ($0.description, Self.kind(of: $0)) }, uniquingKeysWith: { first, _ in first })
            return try Console.json(
                Shown(name: name, origin: origin, entries: entries, kinds: kinds, programs: programNames))
        }
        if domains { return entries.forEach { print($0) } }
        if programs { return programNames.forEach { print($0) } }

        print(
            "# \(name) (\(origin.rawValue)): \(count(entries.count, "entry", "entries")), "
                + count(programNames.count, "program", "programs"))
        entries.forEach { print($0.browserPath == nil ? "\($0)" : "\($0)  # browsers only") }
        if !programNames.isEmpty {
            print("# programs")
            programNames.forEach { print($0) }
        }
    }

    /// The kind of an entry, as the JSON names it.
    static func kind(of entry: BlockEntry) -> String {
        switch entry {
        case .domain: "domain"
        case .path: "path"
        case .address: "address"
        }
    }
}

/// `1 entry`, `2 entries`.
func count(_ number: Int, _ singular: String, _ plural: String) -> String {
    "\(number) \(number == 1 ? singular : plural)"
}
