import Foundation
import RefocusCore
import RefocusOS

/// What `fleet status` reports, kept by each pull in
/// /var/lib/refocus/fleet/status.json: the remote, the last pull and the commit in force.
struct FleetRecord: Codable, Equatable {
    /// One pull: when, which commit, who signed it, and what came of it.
    struct Pull: Codable, Equatable {
        /// applied, unchanged (the commit was already in force), refused (the commit), failed (the pull).
        enum Outcome: String, Codable { case applied, unchanged, refused, failed }
        var time: Date
        var commit: String?
        /// git's words for the signer: the principal and the key's fingerprint.
        var signer: String?
        var outcome: Outcome
        /// Why it was refused or failed.
        var reason: String?
        /// Notes on applying it (what was set aside, a daemon that could not be asked).
        var notes: [String]?
    }

    var remote: String?
    var branch: String?
    var lastPull: Pull?
    /// The last pull that applied its commit: what is in force.
    var inForce: Pull?

    /// The record on disk, or an empty one.
    static func load() -> FleetRecord {
        guard let bytes = try? FileReader.readIfPresent(FleetPaths.record, limit: 1 << 20) else { return FleetRecord() }
        return (try? Self.decoder.decode(FleetRecord.self, from: Data(bytes))) ?? FleetRecord()
    }

    /// Writes it, atomically, root's alone.
    func save() throws {
        try AtomicFile.write(Array(try Self.encoder.encode(self)), to: FleetPaths.record, mode: 0o600)
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
