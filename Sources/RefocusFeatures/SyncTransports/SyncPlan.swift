import RefocusCore
import RefocusOS

/// One round of list sync worked out before anything is written: each
/// list's sides, base and merge, what the local files and the remote must
/// become, and what to tell the user. Built from what is on disk and what a
/// transport pulled; `ListSync` carries it out.
public struct SyncPlan: Sendable {
    /// One list's part of the round.
    public struct Item: Sendable {
        public let name: BlockListName
        /// The entries as of the last sync (or a built-in list's); nil: never synced.
        public let base: SyncedLines?
        /// This machine's entries; nil: no list here.
        public let local: SyncedLines?
        /// The other side's entries; nil: no list there.
        public let remote: SyncedLines?
        /// What the merge decided.
        public let outcome: ListMerge.LinesOutcome
        /// Whether the list has extra sides (conflict copies) to publish over.
        public let hasConflictCopies: Bool
        /// The remote text as read; nil when absent.
        public let remoteText: String?
        /// The synced text of the outcome; nil when the list is deleted.
        public let outcomeText: String?
        /// The local `.domains` file as read; nil when there is none.
        public let localFile: LocalListLines?

        /// The list changed here since the last sync.
        public var changedLocally: Bool { local != base }
        /// The list changed on the other side since the last sync.
        public var changedRemotely: Bool { remote != base || hasConflictCopies }
        /// The local entries must change.
        public var localChanges: Bool { outcome.lines != local }
        /// The synced text the remote must hold; `.some(nil)` deletes it; nil leaves it.
        public var remoteChange: String?? {
            if remoteText == nil && outcome.lines == remote && !hasConflictCopies { return nil }
            return outcomeText == remoteText && !hasConflictCopies ? nil : .some(outcomeText)
        }
    }

    /// The lists, by name.
    public let items: [Item]
    /// Lines and files skipped, each `file:line: reason`, and the notes of the merges.
    public let messages: [String]

    /// Works out the round from the local lists, the bases and `remote`.
    public init(store: ListStore, bases: [BlockListName: SyncedLines], remote: RemoteLists) throws {
        var messages = remote.skipped
        let userFiles = try store.domainsFileNames()
        let names = userFiles.union(BuiltinLists.names).union(bases.keys).union(remote.texts.keys)
            .union(remote.conflictCopies.keys).subtracting(remote.halfWritten)
        var items: [Item] = []
        for name in names.sorted() {
            let base = ListMerge.base(name, lines: bases[name])
            var localFile: LocalListLines?
            if userFiles.contains(name), let texts = try store.texts(of: name)?.texts {
                do {
                    localFile = try LocalListLines(
                        parsing: texts.domains, source: store.domainsPath(name), known: base.map { [$0] } ?? [])
                } catch {
                    messages.append("\(error.description); \(name) is skipped until it is fixed")
                    continue
                }
            }
            let local = localFile?.entries
            let remoteText = remote.texts[name]
            // Only what is new is validated: lines already in the base or on this side are known good.
            let known = [base, local].compactMap { $0 }
            let remoteEntries = remoteText.map {
                Self.read($0, file: "\(name)\(SyncFileName.suffix)", known: known, into: &messages)
            }
            let copies = (remote.conflictCopies[name] ?? []).map { copy in
                Self.read(copy.text, file: copy.file, known: known, into: &messages)
            }
            let sides = [ListMerge.side(name, lines: local), ListMerge.side(name, lines: remoteEntries)]
            let outcome = ListMerge.merge(name, base: base, sides: sides + copies)
            if let note = outcome.note { messages.append(note) }
            items.append(
                Item(
                    name: name, base: base, local: sides[0], remote: sides[1], outcome: outcome,
                    hasConflictCopies: !copies.isEmpty, remoteText: remoteText,
                    outcomeText: outcome.lines.map { $0.render() }, localFile: localFile))
        }
        self.items = items
        self.messages = messages
    }

    /// The remote changes to publish.
    public var remoteChanges: [BlockListName: String?] {
        var changes: [BlockListName: String?] = [:]
        for item in items { if let change = item.remoteChange { changes[item.name] = change } }
        return changes
    }

    /// `social +example.org -reddit.com`, from `old` to `new`; nil when equal.
    public static func describe(_ name: BlockListName, from old: SyncedLines?, to new: SyncedLines?) -> String? {
        guard old != new else { return nil }
        guard let new else { return "\(name) deleted" }
        let none = SyncedLines([String]())
        let added = new.removing(old ?? none).signed("+")
        let removed = (old ?? none).removing(new).signed("-")
        return ([old == nil ? "\(name) (new)" : "\(name)"] + [added, removed].filter { !$0.isEmpty })
            .joined(separator: " ")
    }

    private static func read(_ text: String, file: String, known: [SyncedLines], into messages: inout [String])
        -> SyncedLines
    {
        let parsed = SyncedListText(parsing: text, known: known)
        messages += parsed.issues.map { "\(file):\($0.line): \($0.reason); skipped" }
        return parsed.lines
    }
}
