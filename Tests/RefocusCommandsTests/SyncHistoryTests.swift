import Foundation
import Glibc
import RefocusCore
import RefocusFeatures
import RefocusOS
import RefocusTestSupport
import Testing

@testable import RefocusProtocol

/// History that follows the user (issue 32, item 3) with the real `refocus`
/// on two simulated machines, `a` and `b`, each with a stand-in helper
/// answering its ended sessions: `refocus sync` publishes each machine's
/// months to the shared folder or git remote (a second sync with nothing
/// new writes nothing), and `refocus stats --all-machines` on `a` counts
/// both machines' sessions once each, a followed session (the same intent
/// on both) once, and names another machine's bad file without failing.
@Suite(
    .enabled(
        if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
struct SyncHistoryTests {
    static let shared = "0123456789abcdef0123456789abcdef"

    /// A helper's answer to `focus` and `history` alike: `minutes` of focus in an hour at noon UTC for each
    /// of the days before today (newest first), as records and as ended sessions.
    static func answer(minutes: [Int]) throws -> String {
        let today = floor(Date().timeIntervalSince1970 / 86_400) * 86_400
        let lists = [try BlockListName("social")]
        let records = minutes.enumerated().map { index, minutes in
            let start = Date(timeIntervalSince1970: today - Double(index + 1) * 86_400 + 12 * 3600)
            return FocusRecord(
                id: Int64(index + 1), start: start, end: start.addingTimeInterval(3600),
                focusedSeconds: minutes * 60, outcome: .completed, lists: lists)
        }
        let sessions = records.map {
            SessionSummary(
                id: $0.id, owner: 0, lists: lists, start: $0.start, plannedEnd: $0.end, locked: false,
                endedAt: $0.end, outcome: .completed)
        }
        let response = HelperResponse(sessions: sessions, focus: FocusColumns(records))
        return String(decoding: try HelperProtocol.encoder().encode(response), as: UTF8.self)
    }

    /// A machine named `name` syncing with `arguments`, its helper answering `minutes`, its session
    /// `followed` (if any) recorded as the shared intent's.
    static func machine(_ name: String, _ arguments: [String], minutes: [Int], followed: Int64?) throws -> SyncMachine {
        var machine = try SyncMachine(syncInit: arguments + ["--machine", name])
        let helper = try HistoryCommandTests.standIn(machine.refocus, answering: try answer(minutes: minutes))
        machine.extraEnvironment = ["REFOCUS_HELPER": helper, "TZ": "UTC"]
        if let followed {
            let state = SyncState(paths: try StatePaths(environment: machine.environment))
            var follow = FollowState()
            follow.outcomes[shared] = .init(kind: .applied, machine: "a", action: .start, at: Date())
            follow.sessions[shared] = followed
            try follow.save(to: state, now: Date())
        }
        return machine
    }

    /// `stats --all-machines --json` on `machine`: sessions, total seconds, and each machine's sessions.
    static func allMachines(_ machine: SyncMachine) throws -> (
        sessions: Int, seconds: Int, machines: [String: Int], stderr: String
    ) {
        let run = try machine.run("stats", "--all-machines", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let machines = (object["machines"] as? [[String: Any]] ?? []).reduce(into: [String: Int]()) {
            $0[$1["machine"] as? String ?? "?"] = $1["sessions"] as? Int
        }
        return (object["sessions"] as? Int ?? -1, object["totalSeconds"] as? Int ?? -1, machines, run.stderr)
    }

    @Test func twoMachinesThroughAFolderCountEachSessionOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // a: three sessions, the second followed from b; b: two, its second the same followed session.
        let a = try Self.machine("a", ["--dir", folder.path], minutes: [30, 40, 50], followed: 2)
        let b = try Self.machine("b", ["--dir", folder.path], minutes: [45, 20], followed: 2)
        defer { a.refocus.cleanUp(); b.refocus.cleanUp() }

        let first = try a.run("sync")
        let month = HistoryMonth(containing: Date().addingTimeInterval(-86_400))
        let files = Set(
            [1, 2, 3].map { HistoryMonth(containing: Date().addingTimeInterval(-Double($0) * 86_400)).fileName })
        #expect(files.allSatisfy { first.stdout.contains("published: history/a/\($0)") }, "\(first.stdout)")
        let path = folder.path + "/history/a/" + month.fileName
        let before = try FileManager.default.attributesOfItem(atPath: path)
        let again = try a.run("sync")
        #expect(!again.stdout.contains("history/") && again.stdout.contains("in sync"), "\(again.stdout)")
        let after = try FileManager.default.attributesOfItem(atPath: path)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int, "not rewritten")
        let published = try String(contentsOfFile: path, encoding: .utf8)
        #expect(published.contains("\"intent\":\"\(Self.shared)\""), "\(published)")

        // Before b syncs, a counts its own; after, b's too, the followed session once (a's 40 minutes).
        #expect(try Self.allMachines(a).sessions == 3)
        try b.run("sync")
        let both = try Self.allMachines(a)
        #expect(both.sessions == 4 && both.machines == ["a": 3, "b": 1], "\(both)")
        #expect(both.seconds == (30 + 40 + 50 + 45) * 60, "\(both)")
        #expect(try Self.allMachines(b).sessions == 4)
        // history --all-machines: a's three and b's one not followed here, newest first, each with its machine.
        let history = try a.run("history", "--all-machines", "--json")
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]], "\(history.stdout)")
        #expect(
            rows.map { "\($0["machine"] ?? "?") \($0["id"] ?? "?")" } == ["a 1", "b 1", "a 2", "a 3"], "\(rows)")
        #expect(rows[0]["owner"] as? Int == 0 && rows[1]["focusedSeconds"] as? Int == 45 * 60, "\(rows)")
        let lines = try a.run("history", "--all-machines", "--limit", "2").stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("a #1 social: "), "\(lines)")
        #expect(lines.last?.hasPrefix("b #1 social: ") == true && lines.last?.hasSuffix(", 1h, completed") == true)
        // Without --all-machines, a counts its own only.
        let own = try a.run("stats", "--json")
        let ownObject = try #require(try JSONSerialization.jsonObject(with: Data(own.stdout.utf8)) as? [String: Any])
        #expect(ownObject["sessions"] as? Int == 3 && ownObject["machines"] == nil, "\(own.stdout)")

        // Another machine's bad line is named and skipped; its good line counts.
        try FileManager.default.createDirectory(atPath: folder.path + "/history/c", withIntermediateDirectories: true)
        let good = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first ?? ""
        try Data(
            ("{\"version\":1,\"id\":1,\"owner\":0}\n"
                + good.replacingOccurrences(of: "\"intent\":\"\(Self.shared)\",", with: "") + "\n").utf8
        )
        .write(to: URL(fileURLWithPath: folder.path + "/history/c/" + month.fileName))
        let hostile = try Self.allMachines(a)
        #expect(hostile.machines["c"] == 1 && hostile.sessions == 5, "\(hostile)")
        #expect(
            hostile.stderr.contains("history/c/\(month.fileName): 1 line skipped, the first: line 1: "),
            "\(hostile.stderr)")
        #expect(hostile.stderr.contains("unknown field 'owner'"), "\(hostile.stderr)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
    func twoMachinesThroughAGitRemoteCountEachSessionOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let remote = folder.path + "/lists.git"
        let made = try Process.run(
            URL(fileURLWithPath: "/usr/bin/git"), arguments: ["init", "--quiet", "--bare", remote])
        made.waitUntilExit()
        let a = try Self.machine("a", ["--git", remote], minutes: [30, 40], followed: 1)
        let b = try Self.machine("b", ["--git", remote], minutes: [45, 20, 10], followed: 2)
        // Before any sync there is no clone yet: a counts its own.
        #expect(try Self.allMachines(a).machines == ["a": 2], "before any sync")
        defer { a.refocus.cleanUp(); b.refocus.cleanUp() }
        try a.run("sync")
        let second = try a.run("sync")
        #expect(!second.stdout.contains("history/"), "\(second.stdout)")
        try b.run("sync")
        // a reads the tree it last fetched: b's history only after a's next sync.
        #expect(try Self.allMachines(a).machines == ["a": 2], "as of a's last sync")
        try a.run("sync")
        let both = try Self.allMachines(a)
        // a's 30 and 40 (its 1 is the followed session, 30 minutes against b's 20), b's 45 and 10.
        #expect(both.sessions == 4 && both.machines == ["a": 2, "b": 2], "\(both)")
        #expect(both.seconds == (30 + 40 + 45 + 10) * 60, "\(both)")
    }

    @Test func anotherNameOrStorePublishesEveryMonthAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/one", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/two", withIntermediateDirectories: true)
        let a = try Self.machine("a", ["--dir", folder.path + "/one"], minutes: [30], followed: nil)
        defer { a.refocus.cleanUp() }
        let file = HistoryMonth(containing: Date().addingTimeInterval(-86_400)).fileName
        #expect(try a.run("sync").stdout.contains("published: history/a/\(file)"))
        try a.run("sync", "init", "--dir", folder.path + "/one", "--machine", "laptop")
        #expect(try a.run("sync").stdout.contains("published: history/laptop/\(file)"))
        try a.run("sync", "init", "--dir", folder.path + "/two", "--machine", "laptop")
        #expect(try a.run("sync").stdout.contains("published: history/laptop/\(file)"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/two/history/laptop/" + file))
        #expect(!(try a.run("sync").stdout.contains("history/")), "and then nothing new")
    }
}
