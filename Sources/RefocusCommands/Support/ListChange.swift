import RefocusCore
import RefocusOS

/// A list about to be changed: its current texts, parsed, from the user's
/// files, from the built-in list (copy on write), or empty for a new list.
///
/// A file with bad lines is never changed behind the user's back: loading
/// it fails with every bad line named and the hint to edit it.
struct ListChange {
    let name: BlockListName
    let store: ListStore
    /// Where the list came from; nil for a list that does not exist yet.
    let origin: ListStore.Origin?
    let entries: ListText<BlockEntry>
    let programs: ListText<ProgramName>

    /// Loads `name`; when there is no such list, starts an empty one if
    /// `creating`, else throws `ListStoreError.notFound`.
    init(_ name: BlockListName, in store: ListStore, creating: Bool) throws {
        self.name = name
        self.store = store
        let found = try store.texts(of: name)
        guard found != nil || creating else { throw ListStoreError.notFound(name) }
        origin = found?.origin
        let texts = found?.texts ?? ListStore.Texts(domains: "", programs: "")
        do {
            entries = try ListText(parsing: texts.domains, source: store.domainsPath(name))
            programs = try ListText(parsing: texts.programs, source: store.programsPath(name))
        } catch {
            Console.detail(error.description)
            throw ListChangeError.fileHasBadLines(name)
        }
    }

    /// Saves the new texts and says what happened to the files: on stdout,
    /// or on stderr when stdout carries JSON; not at all when `quiet`.
    func save(
        entries newEntries: String, programs newPrograms: String, json: Bool = false,
        quiet: Bool = false
    ) throws {
        try store.save(ListStore.Texts(domains: newEntries, programs: newPrograms), as: name)
        let note: String? =
            switch origin {
            case nil: "Created list \(name) in \(store.directory)."
            case .builtin?: "Copied the built-in list \(name) to \(store.directory); your copy replaces it."
            default: nil
            }
        guard let note, !quiet else { return }
        if json { Console.detail(note) } else { print(note) }
    }
}

/// Why a list could not be changed.
enum ListChangeError: RefocusError, Equatable {
    /// The list's file has bad lines, printed just before.
    case fileHasBadLines(BlockListName)
    /// Some entries given on the command line were invalid; nothing was changed.
    case invalidArguments(count: Int)
    /// Some entries to remove were not in the list.
    case notInList(count: Int, BlockListName)
    /// Some entries given on the command line can never be blocked; nothing was changed.
    case unblockable(count: Int)

    var category: ErrorCategory { .data }

    var description: String {
        switch self {
        case let .fileHasBadLines(name):
            "list \(name) was not changed; fix the lines above with 'refocus list edit \(name)'"
        case let .invalidArguments(count):
            "nothing was changed: \(count == 1 ? "1 entry is" : "\(count) entries are") invalid (see above)"
        case let .unblockable(count):
            "nothing was changed: \(count == 1 ? "1 entry" : "\(count) entries") can never be blocked (see above)"
        case let .notInList(count, name):
            "\(count == 1 ? "1 entry was" : "\(count) entries were") not in list \(name) (see above)"
        }
    }
}
