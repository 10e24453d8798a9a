import RefocusCore

/// The lists a start sends, without the entries that no session may block
/// (`UnblockableEntries`), and a note for each list that had some: a list
/// saved before `refocus list add` refused them, or synced from another
/// machine, or naming an address this machine has only now, still starts,
/// and the rest of it is enforced. The helper would refuse the whole start
/// for one such entry.
struct SkippedEntries {
    /// The lists without the entries skipped.
    let lists: [BlockList]
    /// For each list that had some, the entries skipped and why.
    let skipped: [(list: BlockListName, findings: [UnblockableEntries.Finding])]

    /// How many skipped entries a note names before `and N more`.
    static let namedInNote = 3

    /// Checks every entry of `lists` with `check`.
    init(_ lists: [BlockList], check: UnblockableEntries) {
        var kept: [BlockList] = []
        var skipped: [(list: BlockListName, findings: [UnblockableEntries.Finding])] = []
        for list in lists {
            let (list, findings) = check.filtering(list)
            kept.append(list)
            if !findings.isEmpty { skipped.append((list.name, findings)) }
        }
        self.lists = kept
        self.skipped = skipped
    }

    /// One line per list that had entries skipped: how many, which and why,
    /// and how to remove them.
    var notes: [String] {
        skipped.map { name, findings in
            if findings.count == 1, let finding = findings.first {
                return "note: list \(name): \(finding.entry) is skipped: \(finding.reason), which no session may "
                    + "block; the rest of the list applies ('refocus list remove \(name) \(finding.entry)' removes it)"
            }
            return "note: list \(name): \(findings.count) entries are skipped, since no session may block them ("
                + Self.naming(findings) + "); the rest of the list applies ('refocus list edit \(name)' removes them)"
        }
    }

    /// The first few of `findings` with their reasons, then `and N more`.
    static func naming(_ findings: [UnblockableEntries.Finding]) -> String {
        let named = findings.prefix(namedInNote).map(\.description)
        let more = findings.count > namedInNote ? ["and \(findings.count - namedInNote) more"] : []
        return (named + more).joined(separator: "; ")
    }

    /// Throws `SkippedEntriesError.nothingLeft` for the first list whose
    /// entries were all skipped and which has no programs.
    func checkSomethingLeft() throws {
        for (name, findings) in skipped {
            if lists.first(where: { $0.name == name })?.isEmpty == true {
                throw SkippedEntriesError.nothingLeft(name, findings)
            }
        }
    }
}

/// Why a start that skipped entries cannot go on.
enum SkippedEntriesError: RefocusError, Equatable {
    /// Every entry of the list is one no session may block, and it has no programs.
    case nothingLeft(BlockListName, [UnblockableEntries.Finding])

    var category: ErrorCategory { .data }

    var description: String {
        switch self {
        case let .nothingLeft(name, findings):
            "list \(name) has nothing a session may block: \(SkippedEntries.naming(findings)); add entries that can "
                + "be blocked ('refocus list add \(name) example.com'), or start without it"
        }
    }
}
