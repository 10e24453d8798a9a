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
        let outcome = merge(name, base: base.map { SyncedLines($0) }, sides: sides.map { $0.map { SyncedLines($0) } })
        return Outcome(entries: outcome.lines?.entries, note: outcome.note)
    }

    /// What the merge of canonical texts decided for one list.
    public struct LinesOutcome: Sendable, Equatable {
        /// The merged entries' texts; nil when the list is deleted.
        public let lines: SyncedLines?
        /// One line to tell the user, when a side's deletion was overruled.
        public let note: String?
    }

    /// The merge of `merge(_:base:sides:)` on canonical texts, in one pass
    /// over the sorted sides: a text in the base stays unless a present
    /// side lacks it (removed there); a text not in the base is kept when
    /// a present side has it (added there).
    public static func merge(_ name: BlockListName, base: SyncedLines?, sides: [SyncedLines?]) -> LinesOutcome {
        let present = sides.compactMap { $0 }
        guard !present.isEmpty || base != nil else { return LinesOutcome(lines: nil, note: nil) }
        let merged = walk(base: base, sides: present)
        guard let base else { return LinesOutcome(lines: merged, note: nil) }
        guard present.count < sides.count else { return LinesOutcome(lines: merged, note: nil) }
        // Deleted on at least one side: deleted, unless another side changed it.
        guard present.contains(where: { $0 != base }) else { return LinesOutcome(lines: nil, note: nil) }
        return LinesOutcome(
            lines: merged, note: "list \(name) was deleted on one side and changed on another; kept with the changes")
    }

    /// The union of `sides`, each sorted and distinct, in one pass.
    static func union(_ sides: [SyncedLines]) -> SyncedLines {
        walk(base: nil, sides: sides)
    }

    /// The kept lines of `sides` against `base` (nil: their union), each
    /// side sorted and distinct, compared as bytes and copied as bytes: one
    /// comparison per side and step finds both the least line and the
    /// sides that hold it.
    private static func walk(base: SyncedLines?, sides: [SyncedLines]) -> SyncedLines {
        let baseLines = base?.buffer
        let sideLines = sides.map(\.buffer)
        let result = LineCollector(
            lines: sideLines.map(\.count).max() ?? 0, bytes: sideLines.map(\.text.count).max() ?? 0)
        let positions = UnsafeMutableBufferPointer<Int>.allocate(capacity: sides.count)
        let holds = UnsafeMutableBufferPointer<Bool>.allocate(capacity: sides.count)
        defer {
            positions.deallocate()
            holds.deallocate()
        }
        positions.initialize(repeating: 0)
        holds.initialize(repeating: false)
        var basePosition = 0
        withExtendedLifetime((baseLines, sideLines)) {
            while true {
                var next: UnsafeBufferPointer<UInt8>?
                if let baseLines, basePosition < baseLines.count { next = baseLines.line(basePosition) }
                var inBase = next != nil
                var holders = 0
                for side in 0..<sideLines.count {
                    holds[side] = false
                    let position = positions[side]
                    guard position < sideLines[side].count else { continue }
                    let line = sideLines[side].line(position)
                    let order = next.map { ByteOrder.compare(line, $0) } ?? -1
                    if order < 0 {
                        // A new least line: the sides seen so far do not hold it, nor does the base.
                        for earlier in 0..<side { holds[earlier] = false }
                        inBase = false
                        next = line
                        holders = 1
                        holds[side] = true
                    } else if order == 0 {
                        holders += 1
                        holds[side] = true
                    }
                }
                guard let line = next else { return }
                if inBase { basePosition += 1 }
                for side in 0..<sideLines.count where holds[side] { positions[side] += 1 }
                let kept = base == nil || (inBase ? holders == sides.count : holders > 0)
                if kept { result.append(line) }
            }
        }
        return SyncedLines(result.sortedDistinct())
    }

    /// A list's side as the merge sees it: its entries when it has them,
    /// else a built-in list's entries (a built-in list never changed on a
    /// side counts as its built-in entries there), else nil.
    public static func side(_ name: BlockListName, entries: Set<BlockEntry>?) -> Set<BlockEntry>? {
        entries ?? BuiltinLists.list(named: name)?.entries
    }

    /// `side(_:entries:)` on canonical texts.
    public static func side(_ name: BlockListName, lines: SyncedLines?) -> SyncedLines? {
        lines ?? BuiltinLists.list(named: name).map { SyncedLines($0.entries) }
    }

    /// A list's base: the last synced copy, else on a first sync a built-in
    /// list's entries (so a removal made elsewhere applies here too), else nil.
    public static func base(_ name: BlockListName, synced: Set<BlockEntry>?) -> Set<BlockEntry>? {
        synced ?? BuiltinLists.list(named: name)?.entries
    }

    /// `base(_:synced:)` on canonical texts.
    public static func base(_ name: BlockListName, lines: SyncedLines?) -> SyncedLines? {
        lines ?? BuiltinLists.list(named: name).map { SyncedLines($0.entries) }
    }
}
