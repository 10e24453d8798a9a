/// Parsers for the text of /proc/PID files, apart from any file: what the
/// program blocker reads of a process.
public enum ProcFields {
    /// The real, effective and saved uids on the `Uid:` line of /proc/PID/status.
    public static func uids(status: some Collection<UInt8>) -> (real: UInt32, effective: UInt32, saved: UInt32)? {
        let prefix = Array("Uid:".utf8)
        for line in status.split(separator: UInt8(ascii: "\n")) where line.starts(with: prefix) {
            let fields = line.dropFirst(prefix.count)
                .split(whereSeparator: { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: " ") })
                .map { UInt32(String(decoding: $0, as: UTF8.self)) }
            guard fields.count >= 3, let real = fields[0], let effective = fields[1], let saved = fields[2] else {
                return nil
            }
            return (real, effective, saved)
        }
        return nil
    }

    /// The comm and the start time (field 22, clock ticks after boot) in
    /// /proc/PID/stat: `pid (comm) state ppid …`. The comm may hold spaces
    /// and parentheses, so it ends at the last `)`.
    public static func commAndStartTime(stat: some Collection<UInt8>) -> (comm: [UInt8], startTime: UInt64)? {
        let bytes = Array(stat)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")), let close = bytes.lastIndex(of: UInt8(ascii: ")")),
            open < close
        else { return nil }
        let fields = bytes[(close + 1)...].split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }
        )
        // Field 3 (the state) is fields[0], so field 22 is fields[19].
        guard fields.count > 19, let start = UInt64(String(decoding: fields[19], as: UTF8.self)) else { return nil }
        return (Array(bytes[(open + 1)..<close]), start)
    }

    /// Whether the state in /proc/PID/stat is Z (a zombie) or X (dead): nothing left to signal.
    public static func isDead(stat: some Collection<UInt8>) -> Bool {
        let bytes = Array(stat)
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count else { return true }
        let state = bytes[close + 2]
        return state == UInt8(ascii: "Z") || state == UInt8(ascii: "X")
    }

    /// argv[0] from /proc/PID/cmdline (arguments each ended by NUL); nil when there are no arguments.
    public static func argv0(cmdline: some Collection<UInt8>) -> [UInt8]? {
        guard !cmdline.isEmpty else { return nil }
        return Array(cmdline.prefix { $0 != 0 })
    }

    /// The target of /proc/PID/exe without the ` (deleted)` the kernel appends
    /// when the file was removed or replaced since it started.
    public static func executable(link: [UInt8]) -> [UInt8] {
        let deleted = Array(" (deleted)".utf8)
        guard link.count > deleted.count, link.suffix(deleted.count).elementsEqual(deleted) else { return link }
        return Array(link.dropLast(deleted.count))
    }
}
