#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import RefocusProtocol

/// Publishes and reads `/run/refocus/status.json`. The daemon writes it
/// atomically, owned by root and group `refocus` with mode 0640 (root's
/// group when `refocus` does not exist: then only root reads it), given to
/// the group before it replaces the last one, and only when its bytes
/// change; anyone in the group reads it without sudo. /run/refocus is made
/// 0755 and root's (`Directories.prepare`), whatever umask a caller had.
public struct StatusFile: Sendable {
    /// The file.
    public let path: String
    /// The group that reads it.
    public let groupName: String

    /// The published status file, readable by `groupName` (`refocus`; others in tests).
    public init(path: String = StatusSnapshot.path, groupName: String = "refocus") {
        self.path = path
        self.groupName = groupName
    }

    /// The file's bytes for `snapshot`: sorted keys, so equal snapshots are equal bytes.
    public static func encode(_ snapshot: StatusSnapshot) -> [UInt8] {
        Array((try? HelperProtocol.encoder().encode(snapshot)) ?? Data()) + [UInt8(ascii: "\n")]
    }

    /// Writes `snapshot` unless the file already holds it; returns whether it wrote.
    @discardableResult
    public func publish(_ snapshot: StatusSnapshot) throws(SystemError) -> Bool {
        let bytes = Self.encode(snapshot)
        if (try? FileReader.readIfPresent(path)) == bytes { return false }
        try Directories.prepare(AtomicFile.parentDirectory(of: path), mode: 0o755)
        // The group before the rename: the group never finds the file unreadable.
        let group = getgrnam(groupName).map { $0.pointee.gr_gid } ?? getegid()
        try AtomicFile.write(bytes, to: path, mode: 0o640, owner: (uid: geteuid(), gid: group))
        return true
    }

    /// The published snapshot, or nil when there is none or it cannot be read (not in the group).
    public func read() -> StatusSnapshot? {
        guard let bytes = try? FileReader.readIfPresent(path, limit: Self.maximumBytes) else { return nil }
        return Self.decode(bytes)
    }

    /// The largest status file read.
    static let maximumBytes = 1 << 20
    /// The deepest nesting read (the file nests four deep: a session's hook problem's outcome).
    static let maximumDepth = 32

    /// The snapshot `bytes` hold, as `StatusSnapshot`'s `Codable` reads it
    /// from the one `JSONReader`'s value (`JSONValueDecoder`), taken by its
    /// checked fast path (`StatusSnapshotReader`); nil for bytes that are
    /// not JSON, repeat a key, nest deeper than `maximumDepth`, are not that
    /// shape or are of another version, as for a file that cannot be read.
    /// Package access: the fuzzer (Tests/refocus-fuzz) reads untrusted bytes through it.
    package static func decode(_ bytes: [UInt8]) -> StatusSnapshot? {
        guard let value = try? JSONValue(parsing: bytes, maximumDepth: maximumDepth),
            let snapshot = StatusSnapshotReader.snapshot(from: value), snapshot.version == 1
        else { return nil }
        return snapshot
    }

    /// The same as `decode`, through `Codable` (`JSONValueDecoder`): what the fast path is checked against.
    package static func decodeByCodable(_ bytes: [UInt8]) -> StatusSnapshot? {
        guard let value = try? JSONValue(parsing: bytes, maximumDepth: maximumDepth),
            let snapshot = try? JSONValueDecoder.decode(StatusSnapshot.self, from: value), snapshot.version == 1
        else { return nil }
        return snapshot
    }

    /// Removes the file (with no daemon, nothing is published).
    public func remove() {
        unlink(path)
    }
}
