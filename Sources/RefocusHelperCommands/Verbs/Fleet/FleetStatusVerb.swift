import ArgumentParser
import Foundation
import RefocusCore

/// `refocus-helper fleet status`: the remote, the last pull, the commit in force (`FleetRecord`).
struct FleetStatusVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the fleet's remote, the last pull and the commit in force.",
        discussion: """
            The last pull: its time, commit, the signer's principal and key fingerprint, and \
            whether it was applied, unchanged, refused (and why) or failed (and why). The \
            commit in force is the last one applied.

            \(ExitStatus.helpLine(for: .helper, [.success], notes: [.notPermitted: "not root itself"]))
            """)

    @Flag(help: "Answer in JSON: remote, branch, lastPull and inForce (time, commit, signer, outcome, reason, notes).")
    var json = false

    func run() throws {
        try FleetVerb.requireRootItself()
        let record = FleetRecord.load()
        if json {
            print(String(decoding: try FleetRecord.encoder.encode(record), as: UTF8.self))
            return
        }
        print("remote: \(record.remote ?? "none pulled yet")\(record.branch.map { " (branch \($0))" } ?? "")")
        print("in force: \(Self.describe(record.inForce) ?? "nothing from the fleet")")
        print("last pull: \(Self.describe(record.lastPull) ?? "none")")
    }

    /// One line for a pull.
    static func describe(_ pull: FleetRecord.Pull?) -> String? {
        guard let pull else { return nil }
        var line = "\(pull.outcome.rawValue) at \(ISO8601DateFormatter().string(from: pull.time))"
        if let commit = pull.commit { line += ", commit \(commit.prefix(12))" }
        if let signer = pull.signer { line += ", signed by \(signer)" }
        if let reason = pull.reason { line += ": \(reason)" }
        return line
    }
}
