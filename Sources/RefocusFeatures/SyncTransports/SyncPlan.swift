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
        public let base: Set<BlockEntry>?
        public let local: Set<BlockEntry>?
        public let remote: Set<BlockEntry>?
        public let outcome: ListMerge.Outcome
        /// Whether the list has extra sides (conflict copies) to publish over.
        public let hasConflictCopies: Bool
        /// The remote text as read; nil when absent.
        public let remoteText: String?

        /// The list changed here since the last sync.
        public var changedLocally: Bool { local != base }
        /// The list changed on the other side since the last sync.
        public var changedRemotely: Bool { remote != base || hasConflictCopies }
        /// The local entries must change.
        public var localChanges: Bool { outcome.entries != local }
        /// The synced text the remote must hold; `.some(nil)` deletes it; nil leaves it.
        public var remoteChange: String?? {
            let desired = outcome.entries.map(SyncedListText.render)
            if remoteText == nil && outcome.entries == remote && !hasConflictCopies { return nil }
            return desired == remoteText && !hasConflictCopies ? nil : .some(desired)
        }
    }

    /// The lists, by name.
    public let items: [Item]
    /// Lines and files skipped, each `file:line: reason`, and the notes of the merges.
    public let messages: [String]

    /// Works out the round from the local lists, the bases and `remote`.
    public init(store: ListStore, bases: [BlockListName: Set<BlockEntry>], remote: RemoteLists) throws {
        var messages = remote.skipped
        let userFiles = try store.domainsFileNames()
        let names = userFiles.union(BuiltinLists.names).union(bases.keys).union(remote.texts.keys)
            .union(remote.conflictCopies.keys).subtracting(remote.halfWritten)
        var items: [Item] = []
        for name in names.sorted() {
            var local: Set<BlockEntry>?
            if userFiles.contains(name), let texts = try store.texts(of: name)?.texts {
                do {
                    local = try ListText<BlockEntry>(parsing: texts.domains, source: store.domainsPath(name)).items
                } catch {
                    messages.append("\(error.description); \(name) is skipped until it is fixed")
                    continue
                }
            }
            let remoteText = remote.texts[name]
            let remoteEntries = remoteText.map { Self.read($0, file: "\(name)\(SyncFileName.suffix)", into: &messages) }
            let copies = (remote.conflictCopies[name] ?? []).map { copy in
                Self.read(copy.text, file: copy.file, into: &messages)
            }
            let sides = [ListMerge.side(name, entries: local), ListMerge.side(name, entries: remoteEntries)]
            let base = ListMerge.base(name, synced: bases[name])
            let outcome = ListMerge.merge(name, base: base, sides: sides + copies)
            if let note = outcome.note { messages.append(note) }
            items.append(
                Item(
                    name: name, base: base, local: sides[0], remote: sides[1], outcome: outcome,
                    hasConflictCopies: !copies.isEmpty, remoteText: remoteText))
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
    public static func describe(_ name: BlockListName, from old: Set<BlockEntry>?, to new: Set<BlockEntry>?) -> String?
    {
        guard old != new else { return nil }
        guard let new else { return "\(name) deleted" }
        let added = new.subtracting(old ?? []).sorted().map { "+\($0)" }
        let removed = (old ?? []).subtracting(new).sorted().map { "-\($0)" }
        return ([old == nil ? "\(name) (new)" : "\(name)"] + added + removed).joined(separator: " ")
    }

    private static func read(_ text: String, file: String, into messages: inout [String]) -> Set<BlockEntry> {
        let parsed = SyncedListText(parsing: text)
        messages += parsed.issues.map { "\(file):\($0.line): \($0.reason); skipped" }
        return parsed.entries
    }
}
