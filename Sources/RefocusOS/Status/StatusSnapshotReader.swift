#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// The fast path of `StatusFile.decode`: a `StatusSnapshot` taken from the
/// one `JSONReader`'s value by hand, field by field as its `Codable` reads
/// them, without the Swift runtime's work that `Codable` costs a process
/// that runs once (the metadata of each keyed container, found by mangled
/// name, and a search of every protocol conformance in the binary for each:
/// 3.0 million instructions more per `refocus status`, more than the whole
/// static run: docs/testing.md, The status line). It is checked against the type, not
/// trusted: StatusFileDecodeTests decodes every snapshot the daemon can
/// write, and each with every member removed or changed, both ways
/// (`JSONValueDecoder` on `StatusSnapshot`'s `Codable`), and the fuzzer
/// (Tests/refocus-fuzz, target `status`) compares them on every input; a
/// field added to the type and not here fails them. Package access: the
/// fuzzer reads through it.
package enum StatusSnapshotReader {
    /// The snapshot `object` holds, or nil where `StatusSnapshot`'s `Codable` would not read it.
    package static func snapshot(from object: JSONValue) -> StatusSnapshot? {
        guard let sessions = object["sessions"]?.array, let version = object["version"]?.integer else { return nil }
        var active: [StatusSnapshot.ActiveSession] = []
        for fields in sessions {
            guard let session = activeSession(fields) else { return nil }
            active.append(session)
        }
        var counts: StatusSnapshot.Counts?
        if let fields = object.present("counts") {
            guard let parsed = self.counts(fields) else { return nil }
            counts = parsed
        }
        guard let allowances = self.allowances(object), let administered = self.administered(object) else { return nil }
        // Not through `init(sessions:counts:allowances:)`, which sorts the sessions and makes no allowances nil:
        // `Codable` keeps the file's order and an empty array.
        var snapshot = StatusSnapshot(sessions: [], counts: counts)
        (snapshot.version, snapshot.sessions, snapshot.allowances) = (version, active, allowances)
        snapshot.administered = administered
        return snapshot
    }

    private static func activeSession(_ fields: JSONValue) -> StatusSnapshot.ActiveSession? {
        guard let id = fields["id"]?.whole(Int64.self),
            let owner = fields["owner"]?.whole(UInt32.self),
            let listNames = fields["lists"]?.array,
            let start = date(fields["start"]?.string), let plannedEnd = date(fields["plannedEnd"]?.string),
            let locked = fields["locked"]?.bool,
            let blocked = fields["blockedAttempts"]?.unsigned,
            let killed = fields["programsKilled"]?.integer
        else { return nil }
        var lists: [BlockListName] = []
        for name in listNames {
            guard let name = name.string, let list = try? BlockListName(name) else { return nil }
            lists.append(list)
        }
        var endedAt: Date?
        if let value = fields.present("endedAt") {
            guard let parsed = date(value.string) else { return nil }
            endedAt = parsed
        }
        var outcome: SessionOutcome?
        if let value = fields.present("outcome") {
            guard let parsed = value.string.flatMap(SessionOutcome.init(rawValue:)) else { return nil }
            outcome = parsed
        }
        var label: SessionLabel?
        if let value = fields.present("label") {
            guard let parsed = value.string.flatMap({ try? SessionLabel($0) }) else { return nil }
            label = parsed
        }
        var mode = SessionMode.block
        if let value = fields.present("mode") {
            guard let parsed = value.string.flatMap(SessionMode.init(rawValue:)) else { return nil }
            mode = parsed
        }
        // Not a list of the two: an array of `Int?` is a type the runtime makes at its first use
        // (0.02 million instructions of `refocus status`).
        var entries: Int?
        if let value = fields.present("entries") {
            guard let number = value.integer else { return nil }
            entries = number
        }
        var programs: Int?
        if let value = fields.present("programs") {
            guard let number = value.integer else { return nil }
            programs = number
        }
        guard let progress = progress(fields), let loosening = loosening(fields) else { return nil }
        let summary = SessionSummary(
            id: id, owner: owner, lists: lists, start: start, plannedEnd: plannedEnd,
            locked: locked, endedAt: endedAt, outcome: outcome, entries: entries,
            programs: programs, label: label, mode: mode, progress: progress,
            pending: loosening.pending, reason: loosening.reason, delay: loosening.delay)
        var hookProblem: HookReport?
        if let value = fields.present("hookProblem") {
            guard let report = hookReport(value) else { return nil }
            hookProblem = report
        }
        return StatusSnapshot.ActiveSession(
            summary, blockedAttempts: blocked, programsKilled: killed,
            hookProblem: hookProblem)
    }

    private static func counts(_ fields: JSONValue) -> StatusSnapshot.Counts? {
        guard let names = fields["names"]?.integer, let addresses = fields["addresses"]?.integer,
            let programs = fields["programs"]?.integer,
            let blocking = fields["programBlocking"]?.string.flatMap(StatusSnapshot.ProgramBlocking.init(rawValue:))
        else { return nil }
        var firewall: FirewallLayer?
        if let value = fields.present("firewall") {
            guard let layer = value.string.flatMap(FirewallLayer.init(rawValue:)) else { return nil }
            firewall = layer
        }
        var resolverNames: Int?
        if let value = fields.present("resolverNames") {
            guard let number = value.integer else { return nil }
            resolverNames = number
        }
        var browserPolicies: [String]?
        if let value = fields.present("browserPolicies") {
            guard let elements = value.array else { return nil }
            let names = elements.compactMap(\.string)
            guard names.count == elements.count else { return nil }
            browserPolicies = names
        }
        var dohEndpoints: Int?
        if let value = fields.present("dohEndpoints") {
            guard let number = value.integer else { return nil }
            dohEndpoints = number
        }
        return StatusSnapshot.Counts(
            names: names, addresses: addresses, programs: programs, programBlocking: blocking,
            firewall: firewall, resolverNames: resolverNames, browserPolicies: browserPolicies,
            dohEndpoints: dohEndpoints)
    }
}
