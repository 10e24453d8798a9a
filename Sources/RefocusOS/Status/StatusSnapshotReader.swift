import Foundation
import Glibc
import RefocusCore

/// Reads the status file's JSON into a `StatusSnapshot` without `Codable`.
///
/// `refocus status` runs once a second under a status bar. In a binary that
/// carries Foundation, `JSONDecoder` spends about 2 ms of each run on the
/// Swift runtime's first look-ups of every decoded type's conformances; this
/// walks `JSONSerialization`'s objects instead. It accepts exactly what
/// `StatusFile.encode` writes (a test decodes the same bytes both ways) and
/// anything else is nil, as a file that cannot be read is.
enum StatusSnapshotReader {
    static func snapshot(from bytes: [UInt8]) -> StatusSnapshot? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              object["version"] as? Int == 1,
              let sessions = object["sessions"] as? [Any]
        else { return nil }
        var active: [StatusSnapshot.ActiveSession] = []
        for case let fields as [String: Any] in sessions {
            guard let session = activeSession(fields) else { return nil }
            active.append(session)
        }
        guard active.count == sessions.count else { return nil }
        var counts: StatusSnapshot.Counts?
        if let fields = object["counts"] {
            guard let fields = fields as? [String: Any], let parsed = self.counts(fields) else { return nil }
            counts = parsed
        }
        return StatusSnapshot(sessions: active, counts: counts)
    }

    private static func activeSession(_ fields: [String: Any]) -> StatusSnapshot.ActiveSession? {
        guard let id = integer(fields["id"]).flatMap(Int64.init(exactly:)),
              let owner = integer(fields["owner"]).flatMap(UInt32.init(exactly:)),
              let listNames = fields["lists"] as? [Any],
              let start = date(fields["start"]), let plannedEnd = date(fields["plannedEnd"]),
              let locked = fields["locked"] as? Bool,
              let blocked = integer(fields["blockedAttempts"]).flatMap(UInt64.init(exactly:)),
              let killed = integer(fields["programsKilled"])
        else { return nil }
        var lists: [BlockListName] = []
        for name in listNames {
            guard let name = name as? String, let list = try? BlockListName(name) else { return nil }
            lists.append(list)
        }
        var endedAt: Date?
        if let value = fields["endedAt"] {
            guard let parsed = date(value) else { return nil }
            endedAt = parsed
        }
        var outcome: SessionOutcome?
        if let value = fields["outcome"] {
            guard let parsed = (value as? String).flatMap(SessionOutcome.init(rawValue:)) else { return nil }
            outcome = parsed
        }
        var counted: [Int?] = []
        for key in ["entries", "programs"] {
            guard let value = fields[key] else {
                counted.append(nil)
                continue
            }
            guard let number = integer(value) else { return nil }
            counted.append(number)
        }
        let summary = SessionSummary(id: id, owner: owner, lists: lists, start: start, plannedEnd: plannedEnd,
                                     locked: locked, endedAt: endedAt, outcome: outcome, entries: counted[0],
                                     programs: counted[1])
        return StatusSnapshot.ActiveSession(summary, blockedAttempts: blocked, programsKilled: killed)
    }

    private static func counts(_ fields: [String: Any]) -> StatusSnapshot.Counts? {
        guard let names = integer(fields["names"]), let addresses = integer(fields["addresses"]),
              let programs = integer(fields["programs"]),
              let blocking = (fields["programBlocking"] as? String).flatMap(StatusSnapshot.ProgramBlocking.init(rawValue:))
        else { return nil }
        var firewall: FirewallLayer?
        if let value = fields["firewall"] {
            guard let layer = (value as? String).flatMap(FirewallLayer.init(rawValue:)) else { return nil }
            firewall = layer
        }
        return StatusSnapshot.Counts(names: names, addresses: addresses, programs: programs, programBlocking: blocking,
                                     firewall: firewall)
    }

    /// A whole number that fits in an Int.
    private static func integer(_ value: Any?) -> Int? {
        value as? Int
    }

    /// A UTC time as the encoder writes it, `2026-11-21T19:54:29Z`, read with
    /// `timegm` (Foundation's ISO 8601 parser costs a calendar set-up per run).
    static func date(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
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
