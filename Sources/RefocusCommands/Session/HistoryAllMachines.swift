#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusFeatures
import RefocusProtocol

/// `refocus history --all-machines`: this machine's ended sessions (from its
/// helper) with those the other machines published, newest first, each
/// once: a followed session that ran here shows as this machine's, one
/// that followed onto several other machines as the one with the most focus.
struct HistoryAllMachines {
    /// One session and where it ran.
    enum Entry {
        /// A session of this machine, as its helper tells it.
        case here(SessionSummary)
        /// A session another machine published.
        case there(MachineFocusRecord)

        /// Its machine's name, `here` for this machine's.
        func machine(_ here: String) -> String {
            if case .there(let record) = self { return record.machine }
            return here
        }

        var start: Date {
            switch self {
            case .here(let session): session.start
            case .there(let record): record.line.record.start
            }
        }
    }

    /// This machine's name in the store.
    let machine: String
    /// The newest `limit` sessions, newest first.
    let entries: [Entry]
    /// The other machines' files or lines skipped, one line each.
    let problems: [String]

    /// The newest `limit` of `local` (this machine's newest sessions since
    /// `since`, at most `limit`) and the other machines' sessions since then.
    init(local: [SessionSummary], store: AllMachinesHistory, since: Date?, now: Date, limit: Int) throws {
        let others = try store.others(since: since, now: now)
        let followedHere = Set(local.compactMap { store.follow.intent(forLocalSession: $0.id) })
        let theirs = MachineFocusRecord.counted(others.records).filter {
            $0.line.intent.map { !followedHere.contains($0) } ?? true
        }
        let all = local.map(Entry.here) + theirs.map(Entry.there)
        machine = store.machine
        entries = Array(
            all.sorted { ($0.start, $1.machine(store.machine)) > ($1.start, $0.machine(store.machine)) }.prefix(limit))
        problems = others.problems
    }

    /// A line per session, each after its machine's name.
    func lines(now: Date) -> [String] {
        entries.map { entry in
            switch entry {
            case .here(let session):
                return "\(machine) " + SessionFormat.line(session, now: now)
            case .there(let other):
                let record = other.line.record
                let lists =
                    record.lists.map(\.rawValue).joined(separator: ", ")
                    + (record.label.map { " for \($0)" } ?? "")
                let ran = SessionLength(seconds: Int(record.end.timeIntervalSince(record.start)))
                return "\(other.machine) #\(record.id) \(lists): \(SessionFormat.time(record.start, now: now)), "
                    + "\(ran), \(record.outcome.rawValue)"
            }
        }
    }

    /// The `--json` array: this machine's sessions as `HistoryCommand.Row`
    /// with `machine`, the others' with the keys their files have.
    var rows: [Row] { entries.map { Row(entry: $0, machine: machine) } }

    /// One session of `--json --all-machines`.
    struct Row: Encodable {
        let entry: Entry
        /// This machine's name (the other machines' records carry theirs).
        let machine: String

        private enum Key: String, CodingKey {
            case machine, id, lists, start, endedAt, seconds, focusedSeconds, outcome, label, completedWork
        }

        func encode(to encoder: any Encoder) throws {
            switch entry {
            case .here(let session):
                try HistoryCommand.Row(session: session).encode(to: encoder)
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(machine, forKey: .machine)
            case .there(let other):
                let record = other.line.record
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(other.machine, forKey: .machine)
                try container.encode(record.id, forKey: .id)
                try container.encode(record.lists, forKey: .lists)
                try container.encode(record.start, forKey: .start)
                try container.encode(record.end, forKey: .endedAt)
                try container.encode(Int(record.end.timeIntervalSince(record.start)), forKey: .seconds)
                try container.encode(record.focusedSeconds, forKey: .focusedSeconds)
                try container.encode(record.outcome, forKey: .outcome)
                try container.encodeIfPresent(record.label, forKey: .label)
                try container.encodeIfPresent(record.completedWork, forKey: .completedWork)
            }
        }
    }
}
