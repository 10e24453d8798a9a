#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// This machine's own intents on their way to the sync store: kept in
/// `FollowState.unpublished` until a publish succeeds, so that a session
/// started or stopped while the remote was out of reach still reaches the
/// other machines at the next sync.
enum FollowOutbox {
    /// Publishes every unpublished intent of `state` at once, marking each
    /// published; on failure they stay for the next try and the error is thrown.
    static func flush(_ state: inout FollowState, store: any SyncStoreFiles, machine: String) throws {
        guard !state.unpublished.isEmpty else { return }
        var files: [String: [UInt8]?] = [:]
        for intent in state.unpublished { files[intent.relativePath] = try intent.fileBytes() }
        let actions = state.unpublished.map { "\($0.action.rawValue) \($0.target ?? $0.id)" }
        try store.publish(files, message: "refocus: \(actions.joined(separator: ", ")) from \(machine)")
        for intent in state.unpublished {
            state.outcomes[intent.id] = .init(
                kind: .published, machine: machine, action: intent.action, at: intent.createdAt)
        }
        state.unpublished = []
    }

    /// Removes from the store this machine's intents older than
    /// `FollowState.keptDays` (each machine removes only its own), and
    /// forgets them once that worked.
    static func expire(_ state: inout FollowState, store: any SyncStoreFiles, machine: String, now: Date) throws {
        let expired = state.expired(machine: machine, now: now)
        guard !expired.isEmpty else { return }
        try store.publish(
            Dictionary(uniqueKeysWithValues: expired.values.map { ($0, nil) }),
            message: "refocus: \(expired.count) intents of \(machine) older than \(FollowState.keptDays) days removed")
        for id in expired.keys { state.outcomes[id] = nil }
    }

    /// A new intent id: 128 bits from the system's random generator, in lower-case hexadecimal.
    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }
}
