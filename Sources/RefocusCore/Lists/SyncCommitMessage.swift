/// The message of the commit a git sync makes: which machine changed what,
/// one line, as `git log --oneline` shows it:
/// `laptop: social +example.org -reddit.com; work +docs.example.com`.
public enum SyncCommitMessage {
    /// How many additions, and how many removals, a list shows before `+N more` (`-N more`).
    public static let shownPerKind = 3

    /// The message for `changes` made on `machine`: each list in name
    /// order with its additions (`+`) then removals (`-`), each sorted, at
    /// most `shownPerKind` of a kind and then `+N more` or `-N more`; lists
    /// joined by `; `. A list without either (created empty, deleted) is
    /// its name alone; no lists at all is `MACHINE: lists synced`. Control
    /// characters in `machine` become spaces, so the message stays one line.
    public static func make(machine: String, changes: [BlockListName: (added: [String], removed: [String])]) -> String {
        let lists = changes.sorted { $0.key < $1.key }.map { name, change in
            ([name.rawValue] + shown(change.added, sign: "+") + shown(change.removed, sign: "-")).joined(separator: " ")
        }
        let body = lists.isEmpty ? "lists synced" : lists.joined(separator: "; ")
        let host = String(
            machine.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) }
        )
        .trimmingWhitespace()
        return host.isEmpty ? body : "\(host): \(body)"
    }

    /// `entries` sorted with `sign` before each, the first `shownPerKind` and then `SIGN N more`.
    private static func shown(_ entries: [String], sign: String) -> [String] {
        let sorted = entries.sorted()
        let words = sorted.prefix(shownPerKind).map { sign + $0 }
        return sorted.count > shownPerKind ? words + ["\(sign)\(sorted.count - shownPerKind) more"] : words
    }
}
