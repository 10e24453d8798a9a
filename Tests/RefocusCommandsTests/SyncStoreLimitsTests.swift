import Foundation
import RefocusCore
import RefocusFeatures
import RefocusOS
import RefocusTestSupport
import Testing

@testable import RefocusCommands

/// What a round of session intents reads and keeps: no more machines and
/// files than the caps (the rest reported, unread), not this machine's own
/// folder, not the intents it already settled; and this machine's own
/// intents removed from the store once older than `FollowState.keptDays`.
@Suite struct SyncStoreLimitsTests {
    static func write(_ folder: String, _ path: String, _ text: String = "{}") throws {
        let full = folder + "/" + path
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }

    @Test func aFolderReadsNoMoreThanTheCapsAndSaysHowManyItLeft() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for index in 0..<(SyncStoreArea.sessions.maximumMachines + 3) {
            try Self.write(folder.path, "sessions/m\(index)/a.json")
        }
        let busy = "sessions/m0"
        for index in 0..<(SyncStoreArea.sessions.maximumFilesPerMachine + 2) {
            try Self.write(folder.path, "\(busy)/f\(index).json")
        }
        let files = try FolderTransport(directory: folder.path).files(in: .sessions, limit: 100)
        #expect(files.filter { $0.contents == .failure(.tooMany(3)) && $0.machine.isEmpty }.count == 1)
        #expect(
            files.contains { $0.machine == "m0" && $0.contents == .failure(.tooMany(3)) },
            "a.json and 1,026 more: the cap and 3")
        #expect(
            Set(files.map(\.machine)).count == SyncStoreArea.sessions.maximumMachines + 1,
            "16 machines and the area's line")
        #expect(
            files.filter { $0.machine == "m0" && $0.name != "" }.count == SyncStoreArea.sessions.maximumFilesPerMachine)
    }

    @Test func aReadSkipsThisMachinesFolderAndTheSettledFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let settled = String(repeating: "a", count: 32), open = String(repeating: "b", count: 32)
        for path in ["sessions/here/x.json", "sessions/laptop/\(settled).json", "sessions/laptop/\(open).json"] {
            try Self.write(folder.path, path)
        }
        var state = FollowState()
        state.outcomes[settled] = .init(kind: .applied, machine: "laptop", action: .start, at: Date())
        state.outcomes[open] = .init(kind: .pending, machine: "laptop", action: .stop, at: Date())
        let files = try FolderTransport(directory: folder.path).files(
            in: .sessions, limit: 100, skipping: state.settled(machine: "here"))
        #expect(files.map { $0.path(in: .sessions) } == ["sessions/laptop/\(open).json"])
    }

    @Test func thisMachinesOldIntentsLeaveTheStoreAndTheState() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let old = String(repeating: "c", count: 32), recent = String(repeating: "d", count: 32)
        let other = String(repeating: "e", count: 32)
        var state = FollowState()
        let days = Double(FollowState.keptDays) * 86_400
        state.outcomes[old] = .init(kind: .published, machine: "here", action: .start, at: now - days - 60)
        state.outcomes[recent] = .init(kind: .published, machine: "here", action: .start, at: now - days + 60)
        state.outcomes[other] = .init(kind: .applied, machine: "laptop", action: .start, at: now - days - 60)
        state.sessions[old] = 4
        for id in [old, recent] { try Self.write(folder.path, "sessions/here/\(id).json") }
        try FollowOutbox.expire(&state, store: FolderTransport(directory: folder.path), machine: "here", now: now)
        #expect(try folder.files("/sessions/here") == ["\(recent).json"])
        #expect(state.outcomes[old] == nil && state.outcomes[recent] != nil)
        let syncState = SyncState(paths: try StatePaths(environment: ["XDG_STATE_HOME": folder.path + "/state"]))
        try state.save(to: syncState, now: now)
        let saved = try FollowState.load(from: syncState)
        #expect(saved.outcomes[other] == nil, "another machine's old outcome is forgotten")
        #expect(saved.outcomes[recent] != nil && saved.sessions[old] == nil, "\(saved)")
    }

    @Test func anUnreadableStateIsSetAsideAndTheNextRoundAppliesNothingItFinds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let syncState = SyncState(paths: try StatePaths(environment: ["XDG_STATE_HOME": folder.path + "/state"]))
        try FileManager.default.createDirectory(atPath: syncState.directory, withIntermediateDirectories: true)
        try Data("{\"outcomes\": [".utf8).write(to: URL(fileURLWithPath: FollowState.path(in: syncState)))
        let now = Date()
        let start = SessionIntent(
            id: String(repeating: "f", count: 32), machine: "laptop", action: .start,
            lists: [try BlockListName("social")],
            end: now.addingTimeInterval(600), createdAt: now)
        try Self.write(
            folder.path + "/store", start.relativePath, String(decoding: try start.fileBytes(), as: UTF8.self))
        let applier = FollowApplier(
            store: FolderTransport(directory: folder.path + "/store"), syncState: syncState, machine: "desk",
            notify: false)
        let first = try applier.round(now: now)
        #expect(first.lines.first?.contains("set aside as follow.json.bad") == true, "\(first.lines)")
        #expect(
            first.lines.contains { $0.hasPrefix("ignored: start from laptop (seen when the follow state") },
            "\(first.lines)")
        #expect(FileManager.default.fileExists(atPath: FollowState.path(in: syncState) + ".bad"))
        let state = try FollowState.load(from: syncState)
        #expect(!state.baseline && state.outcomes[start.id]?.kind == .ignored && state.sessions.isEmpty)
        #expect(try applier.round(now: now).lines.isEmpty, "the next round has nothing new")
    }

    @Test func saveTrimsWhatALoadWouldRefuseOldestFirstAndKeepsThisMachinesOwn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let syncState = SyncState(paths: try StatePaths(environment: ["XDG_STATE_HOME": folder.path]))
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        var state = FollowState()
        let reason = String(repeating: "r", count: 1000)
        let count = FollowState.maximumBytes / 1000 + 100
        for index in 0..<count {
            state.outcomes["sessions/flood/\(index)"] = .init(
                kind: .refused, machine: "flood", action: nil, at: now.addingTimeInterval(Double(index)), reason: reason
            )
        }
        let own = String(repeating: "a", count: 32)
        state.outcomes[own] = .init(kind: .published, machine: "desk", action: .start, at: now.addingTimeInterval(-1))
        try state.save(to: syncState, now: now.addingTimeInterval(Double(count)))
        let saved = try FollowState.load(from: syncState)
        #expect(saved.outcomes[own] != nil, "this machine's own intent stays until its file is removed")
        #expect(saved.outcomes["sessions/flood/\(count - 1)"] != nil && saved.outcomes["sessions/flood/0"] == nil)
        let size = try FileManager.default.attributesOfItem(atPath: FollowState.path(in: syncState))[.size] as? Int
        #expect((size ?? .max) <= FollowState.maximumBytes)
    }

    @Test func filesTheReaderDoesNotWantAreNotRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.write(folder.path, "history/laptop/2026-11.jsonl", "a\n")
        try Self.write(folder.path, "history/laptop/huge.bin", String(repeating: "x", count: 5000))
        let files = try FolderTransport(directory: folder.path).files(
            in: .history, limit: 100, skipping: SyncStoreSkip(unwanted: { $0.hasSuffix(".bin") }))
        #expect(files.map(\.contents) == [.success(Array("a\n".utf8)), .failure(.notRead)])
    }
}
