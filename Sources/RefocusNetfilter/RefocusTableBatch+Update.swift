import CNetfilter
import RefocusCore

/// The batch that changes table `inet refocus` from what it holds to new
/// contents by elements alone, keeping the table, its chains, its rules and
/// their counters, and the hits sets: every element to delete first, then
/// every element to add, in one transaction.
extension RefocusTableBatch {
    /// What an update needs.
    enum Update {
        /// The two layouts hold the same elements: nothing to send.
        case nothing
        /// The batch, and how many elements it adds and deletes.
        case batch(NetlinkBatch, added: Int, deleted: Int)
        /// The table's shape changes (a set appears or goes, an allowlist
        /// owner comes or goes) or a set would outgrow its size: replace it.
        case replacement
    }

    /// The update from `old` (made with `capacities`) to `new`.
    static func update(
        from old: TableLayout, to new: TableLayout, capacities: [String: Int], firstSequence: UInt32,
        table tableName: String = Policy.standardTableName
    ) throws(NftablesError) -> Update {
        guard old.hasTheShape(of: new) else { return .replacement }
        var deletions: [(RefocusSet, [SetElement])] = []
        var additions: [(RefocusSet, [SetElement])] = []
        for (before, after) in zip(old.sets, new.sets) {
            let capacity = capacities[after.definition.name] ?? 0
            if capacity > 0, after.elements.count > capacity { return .replacement }
            let (gone, added) = SetElement.difference(from: before.elements, to: after.elements)
            if !gone.isEmpty { deletions.append((after.definition, gone)) }
            if !added.isEmpty { additions.append((after.definition, added)) }
        }
        let deleted = deletions.reduce(0) { $0 + $1.1.count }, added = additions.reduce(0) { $0 + $1.1.count }
        guard deleted + added > 0 else { return .nothing }
        let batch = try NetlinkBatch(
            limit: 16 * 1024 + (deleted + added) * bytesPerElement, firstSequence: firstSequence)
        for (changes, deleting) in [(deletions, true), (additions, false)] {
            for (definition, elements) in changes {
                let set = try NftSet(definition, table: tableName, sizeHint: 0)
                for element in elements { try set.add(element) }
                try set.appendElementMessages(to: batch, deleting: deleting)
            }
        }
        try batch.finish()
        return .batch(batch, added: added, deleted: deleted)
    }
}
