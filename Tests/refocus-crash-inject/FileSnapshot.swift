import Glibc
import RefocusOS

/// A file's bytes, mode and owner at one instant, or its absence: what must
/// be either the old or the new file after a kill.
struct FileSnapshot: Equatable, CustomStringConvertible {
    /// The bytes; nil when the file does not exist.
    let bytes: [UInt8]?
    /// Permission bits, owner and group (zero when absent).
    let mode: mode_t
    let owner: uid_t
    let group: gid_t

    /// The file at `path` now, without its first `skippingLines` lines.
    init(of path: String, skippingLines: Int = 0) throws {
        let whole = try FileReader.readIfPresent(path, limit: 1 << 28)
        bytes = whole.map { whole in
            var start = whole.startIndex
            for _ in 0..<skippingLines {
                start = whole[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? whole.endIndex
            }
            return Array(whole[start...])
        }
        var status = stat()
        if bytes != nil, stat(path, &status) == 0 {
            (mode, owner, group) = (status.st_mode & 0o7777, status.st_uid, status.st_gid)
        } else {
            (mode, owner, group) = (0, 0, 0)
        }
    }

    var description: String {
        guard let bytes else { return "absent" }
        return "\(bytes.count) bytes, mode \(String(mode, radix: 8)), owner \(owner):\(group)"
    }

    /// Where `other`'s bytes first differ from these, for a report.
    func firstDifference(from other: FileSnapshot) -> Int? {
        guard let mine = bytes, let theirs = other.bytes else { return nil }
        return zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(mine.count, theirs.count)
    }
}
