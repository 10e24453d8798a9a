import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS

/// `refocus list edit NAME`: edits a list file in `$VISUAL` or `$EDITOR`,
/// validating it before it replaces the list.
struct ListEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a list in your editor; it is checked before it is saved.",
        discussion: """
            Opens a copy of NAME.domains (or NAME.programs with --programs) in $VISUAL, \
            else $EDITOR, else vi. When you save and quit, every line is checked; bad \
            lines, and entries that no session may block (as 'refocus list add' refuses \
            them), are reported with their numbers and, at a terminal, you can edit again. \
            Without a terminal, or if you decline, the list is unchanged and your edited \
            copy is kept at the path shown. Editing a built-in list saves your own copy.

            Examples:
              refocus list edit work
              EDITOR=nano refocus list edit games --programs
            """)

    @OptionGroup var list: ListNameArgument
    @OptionGroup var output: OutputOptions

    @Flag(help: "Edit the program names instead of the domains.")
    var programs = false

    func run() throws {
        let name = try list.listName
        let store = try UserLists.store()
        guard let (texts, origin) = try store.texts(of: name) else { throw ListStoreError.notFound(name) }
        let environment = ProcessInfo.processInfo.environment
        let original = programs ? texts.programs : texts.domains
        let path = try TemporaryFile.create(
            prefix: "refocus-\(name)", suffix: programs ? ".programs" : ".domains",
            bytes: Array(original.utf8), environment: environment)
        let source = programs ? store.programsPath(name) : store.domainsPath(name)

        while true {
            try runEditor(on: path, environment: environment)
            let edited = String(decoding: try FileReader.readIfPresent(path) ?? [], as: UTF8.self)
            do throws(ListError) {
                if programs {
                    _ = try ListText<ProgramName>(parsing: edited, source: source)
                } else {
                    let text = try ListText<BlockEntry>(parsing: edited, source: source)
                    // Entries no session may block are refused; an untouched list is left as it was.
                    let issues = edited == original ? [] : Blockability.atEntry().issues(in: text)
                    if !issues.isEmpty { throw ListError.badLines(source: source, issues: issues) }
                }
            } catch {
                Console.detail(error.description)
                if Console.isInteractive, askToEditAgain() { continue }
                throw ListEditError.notSaved(name, keptAt: path)
            }
            TemporaryFile.remove(path)
            guard edited != original else { return output.report("No changes to \(name).") }
            let updated =
                programs
                ? ListStore.Texts(domains: texts.domains, programs: edited)
                : ListStore.Texts(domains: edited, programs: texts.programs)
            try store.save(updated, as: name)
            return output.report(
                origin == .builtin ? "Saved your copy of the built-in list \(name)." : "Saved \(name).")
        }
    }

    /// Runs the user's editor through the shell, as git does, so that
    /// `EDITOR="code --wait"` works.
    private func runEditor(on path: String, environment: [String: String]) throws {
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let status = try ForegroundProcess.run(["/bin/sh", "-c", "\(editor) \"$1\"", "sh", path])
        guard status == 0 else { throw ListEditError.editorFailed(editor, status: status, keptAt: path) }
    }

    private func askToEditAgain() -> Bool {
        Console.detail("Edit again? [Y/n] ", terminator: "")
        guard let answer = readLine() else { return false }
        return !answer.lowercased().hasPrefix("n")
    }
}

/// Why an edit did not replace the list.
enum ListEditError: RefocusError, Equatable {
    /// The edited text had bad lines and was not saved.
    case notSaved(BlockListName, keptAt: String)
    /// The editor exited with a failure.
    case editorFailed(String, status: Int32, keptAt: String)

    var category: ErrorCategory {
        switch self {
        case .notSaved: .data
        case .editorFailed: .system
        }
    }

    var description: String {
        switch self {
        case let .notSaved(name, path):
            "list \(name) was not changed; your edited copy is kept at \(path)"
        case let .editorFailed(editor, status, path):
            "the editor '\(editor)' failed (exit status \(status)); the list was not changed, "
                + "your copy is at \(path); set VISUAL or EDITOR to a working editor"
        }
    }
}
