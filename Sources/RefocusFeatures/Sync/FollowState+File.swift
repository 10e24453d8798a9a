#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import RefocusOS

/// `FollowState` as its file: read strictly, written atomically and never
/// larger than a read takes, and started afresh (the old one set aside) when
/// it cannot be read, so that a broken file never stops following for good.
extension FollowState {
    /// The file's path in `state`.
    public static func path(in state: SyncState) -> String { state.directory + "/follow.json" }

    /// The state recorded in `state`; empty before the first intent.
    public static func load(from state: SyncState) throws -> FollowState {
        guard let bytes = try FileReader.readIfPresent(path(in: state), limit: maximumBytes) else {
            return FollowState()
        }
        return try JSONValueDecoder.decode(FollowState.self, from: try JSONValue(parsing: bytes))
    }

    /// The state recorded in `state`; when it cannot be read (too large, not
    /// a state), the file is set aside as `follow.json.bad` and a fresh state
    /// marked `baseline` comes back, with why.
    public static func loadOrReset(from state: SyncState) throws -> (state: FollowState, reset: String?) {
        do {
            return (try load(from: state), nil)
        } catch {
            let path = path(in: state)
            if case .failure(let errno) = syscall({ rename(path, path + ".bad") }), errno != .noSuchFileOrDirectory {
                throw SystemError("set aside", path, errno)
            }
            var fresh = FollowState()
            fresh.baseline = true
            return (fresh, "\(path) could not be read (\(error)); it was set aside as follow.json.bad")
        }
    }

    /// Writes it to `state`, first dropping what is older than `keptDays`
    /// before `now`, then, should it still not fit in `maximumBytes`, the
    /// oldest outcomes that are not this machine's own.
    public mutating func save(to state: SyncState, now: Date) throws {
        let oldest = now.addingTimeInterval(-Double(Self.keptDays) * 86_400)
        // This machine's own intents go when their files have been removed from the store (`expired`).
        outcomes = outcomes.filter { $0.value.at >= oldest || $0.value.kind == .published }
        var bytes = try encoded()
        while bytes.count > Self.maximumBytes {
            let others = outcomes.filter { $0.value.kind != .published }.sorted { $0.value.at < $1.value.at }
            guard !others.isEmpty else { break }
            for (id, _) in others.prefix(max(1, others.count / 4)) { outcomes[id] = nil }
            bytes = try encoded()
        }
        try Directories.prepare(state.directory, mode: 0o700)
        try AtomicFile.write(bytes, to: Self.path(in: state), mode: 0o600)
    }

    /// The file's bytes, links of forgotten outcomes dropped.
    private mutating func encoded() throws -> [UInt8] {
        let queued = Set(unpublished.map(\.id))
        sessions = sessions.filter { outcomes[$0.key] != nil || queued.contains($0.key) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(self)) + [0x0A]
    }
}
