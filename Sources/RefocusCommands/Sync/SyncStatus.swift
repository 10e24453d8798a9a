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
            no list change is pending. Then the sessions that follow you: each intent this \
            machine published, applied, ignored or refused (with why: an unknown list, a \
            cap, a locked session, a file that is no intent, another machine's clock ahead \
            by over a minute), and those the next sync would apply.

            \(ExitStatus.helpLine(for: .refocus, [.success, .systemError],
                                  notes: [.notFound: "the sync folder is missing",
                                          .configuration: "sync is not set up"]))

            Examples:
              refocus sync status
              refocus sync status --json
            """)

    @Flag(help: "Print JSON: settings, last, local, remote (each list's pending change) and sessions.")
    var json = false

    /// The JSON form.
    struct Report: Encodable {
        let settings: String
        let last: Date?
        let lastResult: String?
        let local: [String]
        let remote: [String]
        let inSync: Bool
        /// The session intents: what became of each here, and those that wait for the next sync.
        let sessions: [FollowStatus.Line]
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
            lastResult: last?.result, local: local, remote: remote, inSync: local.isEmpty && remote.isEmpty,
            sessions: try FollowStatus.lines(now: Date()))
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
        for line in report.sessions { print(line.text) }
        for message in plan.messages { Console.error(message) }
    }
}
