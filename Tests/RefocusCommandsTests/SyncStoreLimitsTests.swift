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
        for index in 0..<(syncStoreMaximumMachines + 3) { try Self.write(folder.path, "sessions/m\(index)/a.json") }
        let busy = "sessions/m0"
        for index in 0..<(syncStoreMaximumFilesPerMachine + 2) { try Self.write(folder.path, "\(busy)/f\(index).json") }
        let files = try FolderTransport(directory: folder.path).files(in: .sessions, limit: 100)
        #expect(files.filter { $0.contents == .failure(.tooMany(3)) && $0.machine.isEmpty }.count == 1)
        #expect(files.contains { $0.machine == "m0" && $0.contents == .failure(.tooMany(3)) }, "a.json and 4,098 more")
        #expect(Set(files.map(\.machine)).count == syncStoreMaximumMachines + 1, "64 machines and the area's line")
        #expect(files.filter { $0.machine == "m0" && $0.name != "" }.count == syncStoreMaximumFilesPerMachine)
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
}
