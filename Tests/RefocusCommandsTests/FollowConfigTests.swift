import Foundation
import RefocusTestSupport
import Testing

/// Whether a start follows the user (issue 32): `--everywhere`, else the
/// preset's `follow`, else `[defaults] follow`; `--no-everywhere` keeps one
/// here. A start that follows publishes its intent in the sync folder after
/// the (stand-in) helper answered; without `[sync]` it is refused before the
/// helper is asked.
@Suite struct FollowConfigTests {
    /// What `refocus start ARGUMENTS` published, given `config` (with `[sync]` pointing at a folder when `sync`).
    static func start(_ arguments: [String], config: String, sync: Bool = true) throws -> (
        status: Int32, published: [String], asked: Bool, stderr: String
    ) {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let shared = refocus.home + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: refocus.home + "/refocus", withIntermediateDirectories: true)
        let syncTable = sync ? "\n[sync]\ndir = \"\(shared)\"\nmachine = \"desk\"\n" : ""
        _ = try refocus.write(config + syncTable, to: "refocus/config.toml")
        let helper = try HistoryCommandTests.standIn(refocus, answering: PendingChangeCommandTests.answer(pending: nil))
        let run = try refocus.run(
            ["start", "--list", "news", "30m"] + arguments,
            environment: ["REFOCUS_HELPER": helper, "XDG_STATE_HOME": refocus.home + "/state"])
        let folder = shared + "/sessions/desk"
        let published = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map {
            String(decoding: FileManager.default.contents(atPath: folder + "/" + $0) ?? Data(), as: UTF8.self)
        }
        return (run.status, published, FileManager.default.fileExists(atPath: helper + ".request"), run.stderr)
    }

    @Test(AllowDailyCommandTests.rootOnly) func theOptionThePresetAndTheDefaultsDecideInThatOrder() throws {
        let everywhere = try Self.start(["--everywhere"], config: "")
        #expect(everywhere.status == 0, "\(everywhere.stderr)")
        #expect(everywhere.published.count == 1, "\(everywhere.published)")
        let intent = try #require(everywhere.published.first)
        for field in [
            #""action":"start""#, #""lists":["news"]"#, #""machine":"desk""#, #""end":"2020-05-10T14:30:00Z""#,
        ] {
            #expect(intent.contains(field), "\(field) in \(intent)")
        }
        #expect(try Self.start([], config: "").published.isEmpty, "a plain start stays here")
        #expect(try Self.start([], config: "[defaults]\nfollow = true\n").published.count == 1)
        #expect(try Self.start(["--no-everywhere"], config: "[defaults]\nfollow = true\n").published.isEmpty)
        let presets =
            "[defaults]\nfollow = true\n\n[presets.here]\nlists = [\"news\"]\nfollow = false\n"
            + "\n[presets.along]\nlists = [\"news\"]\nfollow = true\n"
        #expect(try Self.start(["here"], config: presets).published.isEmpty, "the preset's false over the defaults")
        #expect(try Self.start(["along"], config: presets).published.count == 1)
        #expect(try Self.start(["along", "--no-everywhere"], config: presets).published.isEmpty)
    }

    @Test(AllowDailyCommandTests.rootOnly) func aStartThatFollowsWithoutSyncIsRefusedBeforeTheHelperIsAsked() throws {
        let run = try Self.start([], config: "[defaults]\nfollow = true\n", sync: false)
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("sync is not set up"), "\(run.stderr)")
        #expect(!run.asked, "no session was started")
        let bad = try Self.start([], config: "[defaults]\nfollow = \"yes\"\n")
        #expect(bad.status == 78 && bad.stderr.contains("'follow'") && !bad.asked, "\(bad.stderr)")
    }
}
