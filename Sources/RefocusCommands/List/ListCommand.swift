import ArgumentParser

/// `refocus list`: the verbs that read and change one block list.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show, create, change, import or delete a block list.",
        discussion: """
            A list is two plain files in ~/.config/refocus/lists: NAME.domains (one \
            domain, address or CIDR range per line; these sync between machines) and \
            NAME.programs (one program name per line; this machine only). '#' starts \
            a comment. Changing a built-in list first copies it into that folder.
            """,
        subcommands: [
            ListShow.self, ListCreate.self, ListDelete.self, ListAdd.self,
            ListRemove.self, ListEdit.self, ListImport.self,
        ]
    )
}
