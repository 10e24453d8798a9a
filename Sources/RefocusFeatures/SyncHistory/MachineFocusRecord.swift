import RefocusCore

/// An ended session and the machine it ran on, for stats over every machine that syncs.
public struct MachineFocusRecord: Sendable, Equatable {
    /// The machine's name in the sync store.
    public var machine: String
    /// The session and the followed start it came from.
    public var line: SyncedFocusRecord

    /// A session of `machine`.
    public init(machine: String, line: SyncedFocusRecord) {
        self.machine = machine
        self.line = line
    }

    /// Each session once, oldest first: the sessions of one followed start
    /// (the same `intent` on several machines) count as the one with the
    /// most focus (on a tie, the first machine by name); the others are
    /// distinct per machine and id (a repeated one counts once).
    public static func counted(_ records: [MachineFocusRecord]) -> [MachineFocusRecord] {
        var kept: [String: MachineFocusRecord] = [:]
        for candidate in records {
            let key = candidate.line.intent.map { "intent " + $0 } ?? "\(candidate.machine) \(candidate.line.record.id)"
            if let current = kept[key], !candidate.counts(before: current) { continue }
            kept[key] = candidate
        }
        return kept.values.sorted {
            ($0.line.record.start, $0.machine, $0.line.record.id) < (
                $1.line.record.start, $1.machine, $1.line.record.id
            )
        }
    }

    /// Whether this one counts rather than `other` of the same session: more focus, else the first machine.
    private func counts(before other: MachineFocusRecord) -> Bool {
        let (mine, theirs) = (line.record.focusedSeconds, other.line.record.focusedSeconds)
        return mine != theirs ? mine > theirs : (machine, line.record.id) < (other.machine, other.line.record.id)
    }
}
