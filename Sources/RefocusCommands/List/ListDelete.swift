import ArgumentParser
import RefocusCore
import RefocusOS

/// `refocus list delete NAME`: removes a list of the user's.
struct ListDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete one of your lists.",
        discussion: """
            Deleting your copy of a built-in list brings the built-in list back. \
            Built-in lists themselves cannot be deleted.

            Example:
              refocus list delete work
            """)

    @OptionGroup var list: ListNameArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let name = try list.listName
        let store = try UserLists.store()
        guard let (_, origin) = try store.texts(of: name) else { throw ListStoreError.notFound(name) }
        if origin == .builtin { throw ListStoreError.builtinNotDeletable(name) }
        try store.delete(name)
        output.report(
            origin == .userOverridingBuiltin
                ? "Deleted your copy of \(name); the built-in list \(name) is used again."
                : "Deleted list \(name).")
    }
}
