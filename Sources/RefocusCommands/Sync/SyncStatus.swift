import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// `refocus sync status`: the last sync, and what a sync now would move.
struct SyncStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the last sync and what is pending: local changes not yet synced, remote ones not yet merged.",
        discussion: """
            Reads the other side (for git, a fetch) and changes nothing. Says 'in sync' when \
            nothing is pending.

            \(ExitStatus.helpLine(for: .refocus, [.success, .systemError],
                                  notes: [.notFound: "the sync folder is missing",
                                          .configuration: "sync is not set up"]))

            Examples:
              refocus sync status
              refocus sync status --json
            """)

    @Flag(help: "Print JSON: settings, last, local and remote (each list's pending change).")
    var json = false

    /// The JSON form.
    struct Report: Encodable {
        let settings: String
        let last: Date?
        let lastResult: String?
        let local: [String]
        let remote: [String]
        let inSync: Bool
    }

    func run() throws {
        let settings = try SyncSetup.settings()
        let sync = try SyncSetup.listSync()
        let last = sync.state.last()
        let plan = try sync.pending()
        let local = plan.items.filter(\.changedLocally).compactMap {
            SyncPlan.describe($0.name, from: $0.base, to: $0.local)
        }
        let remote = plan.items.filter(\.changedRemotely).compactMap { item in
            SyncPlan.describe(item.name, from: item.base, to: item.remote)
                ?? (item.hasConflictCopies ? "\(item.name): conflict copies to merge" : nil)
        }
        let report = Report(
            settings: settings.description, last: last.map { Date(timeIntervalSince1970: Double($0.time)) },
            lastResult: last?.result, local: local, remote: remote, inSync: local.isEmpty && remote.isEmpty)
        if json { return try Console.json(report) }
        print("Syncs through \(settings)")
        if let last, let date = report.last {
            let time = LocalTime(date)
            print("Last sync: \(time.day) \(time.clock) \(time.zone): \(last.result)")
        } else {
            print("Last sync: never")
        }
        if report.inSync { print("in sync") }
        for line in local { print("to publish: \(line)") }
        for line in remote { print("to merge: \(line)") }
        for message in plan.messages { Console.error(message) }
    }
}
