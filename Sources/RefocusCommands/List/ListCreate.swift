import ArgumentParser
import RefocusCore
import RefocusOS

/// `refocus list create NAME`: a new, empty list of the user's.
struct ListCreate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an empty list.",
        discussion: """
            'refocus list add' creates a missing list too; use this to start an empty one.

            Example:
              refocus list create work
            """)

    @OptionGroup var list: ListNameArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let name = try list.listName
        let store = try UserLists.store()
        if try store.texts(of: name) != nil { throw ListStoreError.exists(name) }
        try store.save(ListStore.Texts(domains: "", programs: ""), as: name)
        output.report("Created list \(name): add to it with 'refocus list add \(name) example.com'.")
    }
}
