import RefocusCore

/// The three-way merge of one list's entries: the local side, the remote
/// side and any extra sides (conflict copies a sync engine left), each
/// against the base, the list as it was after the last sync.
///
/// Additions on any side are kept; a removal on any side is applied to the
/// result; a list absent on a side (nil) was deleted there when it has a
/// base, and never existed there when it has none. A list deleted on one
/// side and changed on another survives, with a note; a list created on
/// several sides is their union. Pure: no files, no clock.
public enum ListMerge {
    /// What the merge decided for one list.
    public struct Outcome: Sendable, Equatable {
        /// The merged entries; nil when the list is deleted.
        public let entries: Set<BlockEntry>?
        /// One line to tell the user, when a side's deletion was overruled.
        public let note: String?

        /// An outcome.
        public init(entries: Set<BlockEntry>?, note: String? = nil) {
            self.entries = entries
            self.note = note
        }
    }

    /// Merges the `sides` of list `name` (nil: absent on that side) against
    /// `base` (nil: never synced).
    public static func merge(_ name: BlockListName, base: Set<BlockEntry>?, sides: [Set<BlockEntry>?]) -> Outcome {
        let present = sides.compactMap { $0 }
        guard let base else {
            // Created since the last sync, on one side or several: their union.
            return Outcome(entries: present.isEmpty ? nil : present.reduce(into: Set()) { $0.formUnion($1) })
        }
        let added = present.reduce(into: Set<BlockEntry>()) { $0.formUnion($1.subtracting(base)) }
        let removed = present.reduce(into: Set<BlockEntry>()) { $0.formUnion(base.subtracting($1)) }
        let merged = base.subtracting(removed).union(added)
        guard present.count < sides.count else { return Outcome(entries: merged) }
        // Deleted on at least one side: deleted, unless another side changed it.
        guard present.contains(where: { $0 != base }) else { return Outcome(entries: nil) }
        return Outcome(
            entries: merged,
            note: "list \(name) was deleted on one side and changed on another; kept with the changes")
    }

    /// A list's side as the merge sees it: its entries when it has them,
    /// else a built-in list's entries (a built-in list never changed on a
    /// side counts as its built-in entries there), else nil.
    public static func side(_ name: BlockListName, entries: Set<BlockEntry>?) -> Set<BlockEntry>? {
        entries ?? BuiltinLists.list(named: name)?.entries
    }

    /// A list's base: the last synced copy, else on a first sync a built-in
    /// list's entries (so a removal made elsewhere applies here too), else nil.
    public static func base(_ name: BlockListName, synced: Set<BlockEntry>?) -> Set<BlockEntry>? {
        synced ?? BuiltinLists.list(named: name)?.entries
    }
}
