/// What this machine last published of its history, per month: the size
/// and an FNV-1a hash of each month's file, kept in
/// `$XDG_STATE_HOME/refocus/sync/history-published` (`to<TAB>TARGET`, then a
/// line per month, `YYYY-MM<TAB>SIZE:HASH`), so that a sync with nothing new
/// writes nothing. TARGET names the store and the machine's name there: a
/// sync to another store or under another name publishes every month again.
/// This machine wrote it; a line it cannot read only makes that month be
/// published again.
public struct PublishedHistory: Sendable, Equatable {
    /// The store and machine name the months were published to (one line, no line break).
    public var target = ""
    /// Each published month's fingerprint.
    public var months: [HistoryMonth: String] = [:]

    /// Nothing published yet.
    public init() {}

    /// The state a file's text holds; lines it cannot read are left out.
    public init(text: String) {
        for line in text.split(separator: "\n") {
            if line.hasPrefix("to\t") {
                target = String(line.dropFirst(3))
                continue
            }
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let month = HistoryMonth(fileName: fields[0] + ".jsonl") else { continue }
            months[month] = String(fields[1])
        }
    }

    /// The file's text: one line per month, oldest first.
    public var text: String {
        "to\t\(target)\n" + months.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }.joined()
    }

    /// What was published to `target`: this state when it is the one recorded, else nothing.
    public func to(_ target: String) -> PublishedHistory {
        guard target == self.target else {
            var fresh = PublishedHistory()
            fresh.target = target
            return fresh
        }
        return self
    }

    /// `SIZE:HASH` of a month file's bytes (FNV-1a, 64 bits: this machine's own files, no adversary).
    public static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "\(bytes.count):" + String(hash, radix: 16)
    }
}
