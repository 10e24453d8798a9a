import ArgumentParser
import RefocusCore
import RefocusOS
import RefocusFeatures

/// `refocus sync init --dir PATH | --git URL [--branch B]`: `[sync]` in config.toml.
struct SyncInit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Set where your lists sync through: a shared folder or a git remote.",
        usage: UsageLine.wrapped(
            "refocus sync init [--dir <path>] [--git <url>] [--branch <branch>] [--machine <name>] [--quiet]"),
        discussion: """
            Writes [sync] in config.toml (the rest of the file is kept as it is) and syncs \
            nothing yet: run 'refocus sync'. The folder must exist; some engine (Syncthing, \
            Nextcloud, a network share) keeps it in step with your other machines. A git \
            remote is reached with your own git configuration and credentials; refocus stores none.

            \(ExitStatus.helpLine(for: .refocus, [.success, .usage, .systemError],
                                  notes: [.notFound: "the folder does not exist",
                                          .configuration: "config.toml cannot be read"]))

            Examples:
              refocus sync init --dir ~/Sync/refocus
              refocus sync init --git git@example.org:me/lists.git --branch main
            """)

    @Option(
        help: ArgumentHelp("A folder a sync engine keeps in step between your machines.", valueName: "path"),
        completion: .directory)
    var dir: String?

    @Option(help: ArgumentHelp("A git remote: ssh, https or file URL.", valueName: "url"))
    var git: String?

    @Option(help: ArgumentHelp("With --git: the branch (the remote's default when left out).", valueName: "branch"))
    var branch: String?

    @Option(
        help: ArgumentHelp(
            "This machine's name among yours, where sessions follow you (default: its host name).",
            valueName: "name"))
    var machine: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if (dir == nil) == (git == nil) { throw ValidationError("give --dir PATH or --git URL") }
        if branch != nil && git == nil { throw ValidationError("--branch goes with --git") }
        if let machine, !SessionIntent.isMachineName(machine) {
            throw ValidationError("--machine takes 1 to 64 letters, digits, '.', '_' or '-', not starting with '.'")
        }
        if let dir, !dir.hasPrefix("/") { throw ValidationError("give --dir as an absolute path, not '\(dir)'") }
        for value in [dir, git, branch].compactMap({ $0 }) where value.isEmpty || value.contains(where: \.isNewline) {
            throw ValidationError("'\(value)' cannot be stored: it is empty or holds a line break")
        }
    }

    func run() throws {
        var pairs: [(key: String, value: String)] = []
        if let dir {
            let path = dir.count > 1 && dir.hasSuffix("/") ? String(dir.dropLast()) : dir
            guard (try? Directories.names(in: path)) != nil, (try? FolderTransport(directory: path).pull()) != nil
            else {
                throw SyncError.folderMissing(path)
            }
            pairs.append(("dir", TOMLText.string(path)))
        }
        if let git { pairs.append(("git", TOMLText.string(git))) }
        if let branch { pairs.append(("branch", TOMLText.string(branch))) }
        let path = try UserPresets.path()
        let (config, text) = try UserConfig.load(path: path)
        if let name = machine ?? config.syncMachine { pairs.append(("machine", TOMLText.string(name))) }
        var document = TOMLText(text)
        document.setTable("sync", to: pairs)
        try UserConfig.write(document.text, to: path)
        output.report("Lists sync through \(dir.map { "the folder \($0)" } ?? "git \(git ?? "")"); run 'refocus sync'")
    }
}
