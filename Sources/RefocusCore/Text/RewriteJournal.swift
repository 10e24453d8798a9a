/// The journal of an in-place rewrite of a shared system file, /etc/hosts
/// or /etc/nsswitch.conf (where it is a bind mount and cannot be replaced
/// by rename): the file as it was and as it is to become, saved before the
/// first byte is overwritten.
///
/// After a crash the journal is replayed only over the file it was written
/// against: the old bytes, or a torn mix of old and new (each byte one or
/// the other, the length between theirs), which is what an interrupted
/// in-place write leaves. Any other content means someone wrote the file
/// since (a container runtime adding its own lines): the journal is stale
/// and replaying it would lose their bytes, so it is discarded.
///
/// Format: `refocus-hosts-journal 1 OLDLENGTH NEWLENGTH\n`, the old bytes,
/// the new bytes, whatever the file (the magic keeps the name it had when
/// /etc/hosts was the only such file, so that a journal an older ReFocus
/// left is still replayed).
public struct RewriteJournal: Sendable, Equatable {
    /// The file before the rewrite.
    public let old: [UInt8]
    /// The file after it.
    public let new: [UInt8]

    /// A journal of rewriting `old` into `new`.
    public init(old: [UInt8], new: [UInt8]) {
        self.old = old
        self.new = new
    }

    private static let magic = "refocus-hosts-journal 1"

    /// The journal's bytes.
    public var bytes: [UInt8] {
        Array("\(Self.magic) \(old.count) \(new.count)\n".utf8) + old + new
    }

    /// Reads a journal's bytes; nil when they are not a whole journal (one
    /// cut short by a crash while it was saved, when nothing was overwritten yet).
    public init?(bytes: [UInt8]) {
        guard let newline = bytes.prefix(80).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        guard header.count == 4, "\(header[0]) \(header[1])" == Self.magic,
            let oldCount = Int(header[2]), let newCount = Int(header[3]), oldCount >= 0, newCount >= 0,
            bytes.count - newline - 1 == oldCount + newCount
        else { return nil }
        let start = newline + 1
        old = Array(bytes[start..<start + oldCount])
        new = Array(bytes[(start + oldCount)...])
    }

    /// What to do with this journal, given the file's `current` bytes.
    public enum Replay: Equatable, Sendable {
        /// The rewrite finished: remove the journal.
        case done
        /// The file is the old one or a torn mix: write `new` in place, then remove the journal.
        case complete
        /// Someone else wrote the file since: remove the journal without writing.
        case stale
    }

    /// Whether `current` is the rewrite done, to be completed, or someone else's file.
    public func replay(over current: [UInt8]) -> Replay {
        if current == new { return .done }
        return isTornMix(current) ? .complete : .stale
    }

    /// Whether every byte of `current` is the old or the new file's byte at
    /// that place, and its length is between theirs.
    func isTornMix(_ current: [UInt8]) -> Bool {
        guard (min(old.count, new.count)...max(old.count, new.count)).contains(current.count) else { return false }
        for (index, byte) in current.enumerated() {
            let fromOld = index < old.count && old[index] == byte
            let fromNew = index < new.count && new[index] == byte
            if !fromOld && !fromNew { return false }
        }
        return true
    }
}
