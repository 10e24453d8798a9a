#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore

/// Reads the status file's JSON into a `StatusSnapshot`, through
/// `StatusJSON` rather than `Codable`.
///
/// `refocus status` runs once a second under a status bar; `JSONDecoder`
/// would add about 0.7 ms to each run (to 2.4 ms: docs/testing.md, The status line),
/// spent on the Swift runtime's first look-ups of the conformances its
/// generic code asks for. It accepts exactly what `StatusFile.encode`
/// writes (a test decodes the same bytes both ways) and anything else is
/// nil, as a file that cannot be read is. Package access: the fuzzer
/// (Tests/refocus-fuzz) reads untrusted bytes through it.
package enum StatusSnapshotReader {
    /// The snapshot `bytes` hold, or nil when they are not exactly what `StatusFile.encode` writes.
    package static func snapshot(from bytes: [UInt8]) -> StatusSnapshot? {
        guard let object = StatusJSON.parse(bytes), object["version"]?.integer == 1,
              let sessions = object["sessions"]?.array
        else { return nil }
        var active: [StatusSnapshot.ActiveSession] = []
        for fields in sessions {
            guard let session = activeSession(fields) else { return nil }
            active.append(session)
        }
        var counts: StatusSnapshot.Counts?
        if let fields = object["counts"] {
            guard let parsed = self.counts(fields) else { return nil }
            counts = parsed
        }
        return StatusSnapshot(sessions: active, counts: counts)
    }

    private static func activeSession(_ fields: StatusJSON) -> StatusSnapshot.ActiveSession? {
        guard let id = fields["id"]?.integer.flatMap(Int64.init(exactly:)),
              let owner = fields["owner"]?.integer.flatMap(UInt32.init(exactly:)),
              let listNames = fields["lists"]?.array,
              let start = date(fields["start"]?.string), let plannedEnd = date(fields["plannedEnd"]?.string),
              let locked = fields["locked"]?.bool,
              let blocked = fields["blockedAttempts"]?.integer.flatMap(UInt64.init(exactly:)),
              let killed = fields["programsKilled"]?.integer
        else { return nil }
        var lists: [BlockListName] = []
        for name in listNames {
            guard let name = name.string, let list = try? BlockListName(name) else { return nil }
            lists.append(list)
        }
        var endedAt: Date?
        if let value = fields["endedAt"] {
            guard let parsed = date(value.string) else { return nil }
            endedAt = parsed
        }
        var outcome: SessionOutcome?
        if let value = fields["outcome"] {
            guard let parsed = value.string.flatMap(SessionOutcome.init(rawValue:)) else { return nil }
            outcome = parsed
        }
        var label: SessionLabel?
        if let value = fields["label"] {
            guard let parsed = value.string.flatMap({ try? SessionLabel($0) }) else { return nil }
            label = parsed
        }
        var mode = SessionMode.block
        if let value = fields["mode"] {
            guard let parsed = value.string.flatMap(SessionMode.init(rawValue:)) else { return nil }
            mode = parsed
        }
        var counted: [Int?] = []
        for key in ["entries", "programs"] {
            guard let value = fields[key] else {
                counted.append(nil)
                continue
            }
            guard let number = value.integer else { return nil }
            counted.append(number)
        }
        guard let progress = progress(fields) else { return nil }
        let summary = SessionSummary(id: id, owner: owner, lists: lists, start: start, plannedEnd: plannedEnd,
                                     locked: locked, endedAt: endedAt, outcome: outcome, entries: counted[0],
                                     programs: counted[1], label: label, mode: mode, progress: progress)
        var hookProblem: HookReport?
        if let value = fields["hookProblem"] {
            guard let report = hookReport(value) else { return nil }
            hookProblem = report
        }
        return StatusSnapshot.ActiveSession(summary, blockedAttempts: blocked, programsKilled: killed,
                                            hookProblem: hookProblem)
    }

    private static func counts(_ fields: StatusJSON) -> StatusSnapshot.Counts? {
        guard let names = fields["names"]?.integer, let addresses = fields["addresses"]?.integer,
              let programs = fields["programs"]?.integer,
              let blocking = fields["programBlocking"]?.string.flatMap(StatusSnapshot.ProgramBlocking.init(rawValue:))
        else { return nil }
        var firewall: FirewallLayer?
        if let value = fields["firewall"] {
            guard let layer = value.string.flatMap(FirewallLayer.init(rawValue:)) else { return nil }
            firewall = layer
        }
        var resolverNames: Int?
        if let value = fields["resolverNames"] {
            guard let number = value.integer else { return nil }
            resolverNames = number
        }
        var browserPolicies: [String]?
        if let value = fields["browserPolicies"] {
            guard let elements = value.array else { return nil }
            let names = elements.compactMap(\.string)
            guard names.count == elements.count else { return nil }
            browserPolicies = names
        }
        var dohEndpoints: Int?
        if let value = fields["dohEndpoints"] {
            guard let number = value.integer else { return nil }
            dohEndpoints = number
        }
        return StatusSnapshot.Counts(names: names, addresses: addresses, programs: programs, programBlocking: blocking,
                                     firewall: firewall, resolverNames: resolverNames, browserPolicies: browserPolicies,
                                     dohEndpoints: dohEndpoints)
    }

    /// A UTC time as the encoder writes it, `2026-11-21T19:54:29Z`, read with
    /// `timegm` (Foundation's ISO 8601 parser costs a calendar set-up per run).
    /// Not before 1970, which the daemon never writes: Foundation's encoder
    /// writes a time of an early year as another day than `timegm` reads it
    /// (found by fuzzing: 1013-11-21 did not read back the same).
    static func date(_ text: String?) -> Date? {
        guard let text else { return nil }
        let bytes = Array(text.utf8)
        guard bytes.count == 20 else { return nil }
        for (index, byte) in bytes.enumerated() {
            let expected: UInt8? = switch index {
            case 4, 7: UInt8(ascii: "-")
            case 10: UInt8(ascii: "T")
            case 13, 16: UInt8(ascii: ":")
            case 19: UInt8(ascii: "Z")
            default: nil
            }
            if let expected { guard byte == expected else { return nil } } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            }
        }
        func number(_ range: Range<Int>) -> Int32 {
            bytes[range].reduce(0) { $0 * 10 + Int32($1 - UInt8(ascii: "0")) }
        }
        guard number(0..<4) >= 1970 else { return nil }
        var fields = tm()
        (fields.tm_year, fields.tm_mon, fields.tm_mday) = (number(0..<4) - 1900, number(5..<7) - 1, number(8..<10))
        (fields.tm_hour, fields.tm_min, fields.tm_sec) = (number(11..<13), number(14..<16), number(17..<19))
        let (month, day, hour, minute, second) = (fields.tm_mon, fields.tm_mday, fields.tm_hour, fields.tm_min, fields.tm_sec)
        let seconds = timegm(&fields)
        // timegm normalises: a field out of range (a 30th of February) changes the others.
        guard fields.tm_mon == month, fields.tm_mday == day, fields.tm_hour == hour, fields.tm_min == minute,
              fields.tm_sec == second
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
