import ArgumentParser
import Foundation
import RefocusCore

/// `refocus-helper fleet pull`: one pull (`FleetPull`), its outcome on stdout.
struct FleetPullVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Fetch the fleet's branch and apply its tip if it is signed by an allowed key.",
        discussion: """
            Fetches into /var/lib/refocus/fleet/repository.git (at most 64 MiB: a fetch past it \
            is refused), verifies the tip with \
            'git verify-commit' and the allowed signers, reads the managed files from its tree \
            (policy.toml at most 1 MiB, each list 8 MiB, each schedule 1 MiB, 64 MiB in all), \
            checks the policy with the policy reader, and swaps the new set in at once under \
            /etc/refocus/fleet (policy.toml, lists and schedules.d are links through \
            /etc/refocus/fleet/current). Then the enforcer daemon reads the policy again. A \
            refused commit or a failed pull keeps the set in force. A tip that is not a \
            descendant of the commit in force (an older signed commit served again) is refused \
            unless --allow-rollback is given.

            \(ExitStatus.helpLine(for: .helper, [.success, .systemError, .busy],
                                  notes: [.dataError: "a refused commit", .notPermitted: "not root itself",
                                          .configuration: "fleet.toml or the allowed signers missing or untrusted"]))
            """)

    @Flag(help: "Answer with the fleet record in JSON (as 'fleet status --json').")
    var json = false

    @Flag(help: "Take the tip even when it is not a descendant of the commit in force (going back on purpose).")
    var allowRollback = false

    func run() throws {
        try FleetVerb.requireRootItself()
        let record = try FleetPull(now: Date(), allowRollback: allowRollback).run()
        if json {
            print(String(decoding: try FleetRecord.encoder.encode(record), as: UTF8.self))
        } else if let pull = record.lastPull {
            let commit = String((pull.commit ?? "").prefix(12))
            print(
                pull.outcome == .applied
                    ? "fleet: applied commit \(commit), signed by \(pull.signer ?? "?")"
                    : "fleet: commit \(commit) is already in force")
            for note in pull.notes ?? [] { print("fleet: \(note)") }
        }
    }
}
