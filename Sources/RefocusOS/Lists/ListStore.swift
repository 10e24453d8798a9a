import Glibc
import RefocusCore
import SystemPackage

/// The user's block lists on disk: `lists/NAME.domains` (entries, which
/// sync) and `lists/NAME.programs` (programs, this machine only) under the
/// configuration folder, with the built-in lists behind them.
///
/// A user list of a built-in name replaces the built-in one; changing a
/// built-in list first copies its text into the user's folder. Every write
/// is atomic. Reads never modify anything.
public struct ListStore: Sendable {
    /// The folder holding the list files.
    public let directory: String

    /// The store under `paths`.
    public init(paths: ConfigPaths) {
        directory = paths.lists
    }

    /// Where a list comes from.
    public enum Origin: String, Sendable, Codable {
        /// Compiled into ReFocus.
        case builtin = "built-in"
        /// The user's own.
        case user
        /// The user's copy of a built-in list, which replaces it.
        case userOverridingBuiltin = "user (replaces built-in)"
    }

    /// The texts of one list, as stored or built in.
    public struct Texts: Sendable, Equatable {
        /// The `.domains` text.
        public var domains: String
        /// The `.programs` text.
        public var programs: String

        /// Makes texts.
        public init(domains: String, programs: String) {
            self.domains = domains
            self.programs = programs
        }
    }

    /// The path of a list's entries file.
    public func domainsPath(_ name: BlockListName) -> String { "\(directory)/\(name).domains" }

    /// The path of a list's programs file.
    public func programsPath(_ name: BlockListName) -> String { "\(directory)/\(name).programs" }

    /// Every list name, user and built-in, with its origin, sorted.
    public func names() throws(SystemError) -> [(name: BlockListName, origin: Origin)] {
        let user = try userListNames()
        let builtin = Set(BuiltinLists.names)
        return user.union(builtin).sorted().map { name in
            let origin: Origin =
                !user.contains(name) ? .builtin : builtin.contains(name) ? .userOverridingBuiltin : .user
            return (name, origin)
        }
    }

    /// The list's texts and origin: the user's files, else the built-in texts, else nil.
    public func texts(of name: BlockListName) throws(SystemError) -> (texts: Texts, origin: Origin)? {
        let domains = try FileReader.readIfPresent(domainsPath(name))
        let programs = try FileReader.readIfPresent(programsPath(name))
        if domains != nil || programs != nil {
            let texts = Texts(
                domains: String(decoding: domains ?? [], as: UTF8.self),
                programs: String(decoding: programs ?? [], as: UTF8.self))
            return (texts, BuiltinLists.texts(of: name) == nil ? .user : .userOverridingBuiltin)
        }
        guard let builtin = BuiltinLists.texts(of: name) else { return nil }
        return (Texts(domains: builtin.domains, programs: builtin.programs), .builtin)
    }

    /// The parsed list; throws `ListError.badLines` naming the file and lines
    /// when a file does not parse, and `ListStoreError.notFound` when there is no such list.
    public func load(_ name: BlockListName) throws -> (list: BlockList, origin: Origin) {
        guard let (texts, origin) = try texts(of: name) else { throw ListStoreError.notFound(name) }
        let entries = try ListText<BlockEntry>(parsing: texts.domains, source: "\(name).domains")
        let programs = try ListText<ProgramName>(parsing: texts.programs, source: "\(name).programs")
        return (BlockList(name: name, entries: entries.items, programs: programs.items), origin)
    }

    /// Writes both files of a list atomically; an empty programs text
    /// removes the programs file rather than leaving an empty one.
    public func save(_ texts: Texts, as name: BlockListName) throws(SystemError) {
        try Directories.create(directory, mode: 0o700)
        try AtomicFile.write(Array(texts.domains.utf8), to: domainsPath(name))
        if texts.programs.isEmpty {
            try removeIfPresent(programsPath(name))
        } else {
            try AtomicFile.write(Array(texts.programs.utf8), to: programsPath(name))
        }
    }

    /// Writes only the `.domains` file of a list, atomically, when its text
    /// differs from `domains`; the `.programs` file is never touched (list
    /// sync: programs stay on this machine). Returns whether it wrote.
    @discardableResult
    public func saveDomains(_ domains: String, as name: BlockListName) throws(SystemError) -> Bool {
        let path = domainsPath(name)
        if let present = try FileReader.readIfPresent(path), present == Array(domains.utf8) { return false }
        try Directories.create(directory, mode: 0o700)
        try AtomicFile.write(Array(domains.utf8), to: path)
        return true
    }

    /// Removes only the `.domains` file of a list (list sync: deleted on
    /// another machine); returns whether there was one.
    @discardableResult
    public func deleteDomains(_ name: BlockListName) throws(SystemError) -> Bool {
        try removeIfPresent(domainsPath(name))
    }

    /// Every list with a user `.domains` file.
    public func domainsFileNames() throws(SystemError) -> Set<BlockListName> {
        Set(
            try Directories.names(in: directory).compactMap { file in
                file.hasSuffix(".domains") ? try? BlockListName(file.dropLast(".domains".count)) : nil
            })
    }

    /// Removes the user's files of a list; returns whether there were any.
    @discardableResult
    public func delete(_ name: BlockListName) throws(SystemError) -> Bool {
        let removedDomains = try removeIfPresent(domainsPath(name))
        let removedPrograms = try removeIfPresent(programsPath(name))
        return removedDomains || removedPrograms
    }

    @discardableResult
    private func removeIfPresent(_ path: String) throws(SystemError) -> Bool {
        switch syscall({ unlink(path) }) {
        case .success: return true
        case .failure(.noSuchFileOrDirectory): return false
        case .failure(let errno): throw SystemError("remove", path, errno)
        }
    }

    private func userListNames() throws(SystemError) -> Set<BlockListName> {
        var names = Set<BlockListName>()
        for file in try Directories.names(in: directory) {
            for suffix in [".domains", ".programs"] where file.hasSuffix(suffix) {
                if let name = try? BlockListName(file.dropLast(suffix.count)) { names.insert(name) }
            }
        }
        return names
    }
}

/// Why a list operation on the store failed.
public enum ListStoreError: RefocusError, Equatable {
    /// No user or built-in list has this name.
    case notFound(BlockListName)
    /// A list of this name exists already.
    case exists(BlockListName)
    /// Built-in lists cannot be deleted, only replaced.
    case builtinNotDeletable(BlockListName)

    public var category: ErrorCategory {
        switch self {
        case .notFound: .notFound
        case .exists, .builtinNotDeletable: .data
        }
    }

    public var description: String {
        switch self {
        case let .notFound(name):
            "no list named '\(name)'; see 'refocus lists', or create it with 'refocus list create \(name)'"
        case let .exists(name):
            "a list named '\(name)' exists already; see it with 'refocus list show \(name)'"
        case let .builtinNotDeletable(name):
            "'\(name)' is a built-in list and cannot be deleted; leave it unused, "
                + "or replace it by editing it ('refocus list edit \(name)')"
        }
    }
}
