import Foundation
import Glibc
import RefocusCore
import RefocusFeatures
import RefocusOS
import RefocusTestSupport
import Testing

/// What a machine remembers of the session intents (issue 32): the state
/// reads back as it was saved (0600, in a 0700 folder), an empty one before
/// the first round; outcomes older than 60 days are dropped with the links
/// of their sessions, while the link of an intent still queued for
/// publishing stays; and a file that is not the state is refused.
@Suite struct FollowStateTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let day: TimeInterval = 86_400

    static func id(_ digit: Character) -> String { String(repeating: digit, count: 32) }

    static func outcome(_ kind: FollowState.Outcome.Kind, daysAgo: Double, reason: String? = nil)
        -> FollowState.Outcome
    {
        FollowState.Outcome(
            kind: kind, machine: "laptop", action: .start, at: now.addingTimeInterval(-daysAgo * day), reason: reason)
    }

    @Test func itReadsBackAsSavedEmptyBeforeTheFirstRound() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sync = SyncState(paths: StatePaths(root: folder.path + "/refocus"))
        #expect(try FollowState.load(from: sync) == FollowState())
        var state = FollowState()
        state.outcomes[Self.id("a")] = Self.outcome(.applied, daysAgo: 1, reason: "session 7 until 09:25")
        state.outcomes["sessions/evil/x.json"] = FollowState.Outcome(
            kind: .refused, machine: "evil", action: nil, at: Self.now, reason: "not an intent's name")
        state.outcomes[Self.id("b")] = Self.outcome(.pending, daysAgo: 0, reason: "waiting for its start to arrive")
        state.sessions[Self.id("a")] = 7
        state.unpublished = [
            SessionIntent(id: Self.id("c"), machine: "desk", action: .stop, target: Self.id("a"), createdAt: Self.now)
        ]
        var saved = state
        try saved.save(to: sync, now: Self.now)
        #expect(saved == state, "nothing was old enough to drop")
        #expect(try FollowState.load(from: sync) == state)
        #expect(state.intent(forLocalSession: 7) == Self.id("a"))
        #expect(state.intent(forLocalSession: 8) == nil)
        var status = stat()
        #expect(stat(FollowState.path(in: sync), &status) == 0 && status.st_mode & 0o7777 == 0o600)
        #expect(stat(sync.directory, &status) == 0 && status.st_mode & 0o7777 == 0o700)
    }

    @Test func outcomesOlderThanSixtyDaysGoWithTheirLinksQueuedIntentsKeepTheirs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sync = SyncState(paths: StatePaths(root: folder.path + "/refocus"))
        var state = FollowState()
        state.outcomes[Self.id("a")] = Self.outcome(.applied, daysAgo: 61)
        state.outcomes[Self.id("b")] = Self.outcome(.applied, daysAgo: 60)
        state.outcomes[Self.id("c")] = Self.outcome(.refused, daysAgo: 90)
        state.sessions = [Self.id("a"): 1, Self.id("b"): 2, Self.id("d"): 4, Self.id("e"): 5]
        // A start of this machine's, not yet published: its link has no outcome but stays.
        state.unpublished = [
            SessionIntent(
                id: Self.id("d"), machine: "desk", action: .start, lists: [try BlockListName("social")],
                end: Self.now.addingTimeInterval(-60 * Self.day), createdAt: Self.now.addingTimeInterval(-70 * Self.day)
            )
        ]
        try state.save(to: sync, now: Self.now)
        #expect(state.outcomes.keys.sorted() == [Self.id("b")])
        #expect(state.sessions == [Self.id("b"): 2, Self.id("d"): 4])
        #expect(state.unpublished.map(\.id) == [Self.id("d")])
        #expect(try FollowState.load(from: sync) == state)
    }

    @Test func aFileThatIsNotTheStateIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sync = SyncState(paths: StatePaths(root: folder.path + "/refocus"))
        try FileManager.default.createDirectory(atPath: sync.directory, withIntermediateDirectories: true)
        for text in ["[", "{\"outcomes\":[]}", "{\"outcomes\":{},\"sessions\":{\"x\":\"seven\"},\"unpublished\":[]}"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: FollowState.path(in: sync)))
            #expect(throws: (any Error).self, "\(text)") { try FollowState.load(from: sync) }
        }
        try Data(repeating: 0x20, count: FollowState.maximumBytes + 1)
            .write(to: URL(fileURLWithPath: FollowState.path(in: sync)))
        #expect(throws: (any Error).self) { try FollowState.load(from: sync) }
    }
}
