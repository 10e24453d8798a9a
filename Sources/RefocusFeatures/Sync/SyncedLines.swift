import RefocusCore

/// One side of a list as the sync merges it: the canonical texts of its
/// entries (`BlockEntry.description`), distinct and sorted by their bytes.
///
/// Canonical text and entry are one-to-one, so sets of texts merge exactly
/// as sets of entries would, without building an entry for each line: the
/// merge walks sorted sequences in one pass. Only the synced text puts
/// them in the entries' order (`render`), and there only paths and
/// addresses need their entries (domains sort as their bytes do).
public struct SyncedLines: Sendable, Equatable {
    /// The distinct canonical texts, in byte order.
    public let lines: [String]

    /// Lines already distinct and in byte order (from a merge).
    init(sortedDistinct lines: [String]) {
        self.lines = lines
    }

    /// Canonical texts in any order, duplicates allowed.
    public init(_ texts: [String]) {
        var lines = texts
        if !Self.isSortedDistinct(lines) {
            lines.sort(by: Self.precedes)
            lines = Self.dropRepeats(lines)
        }
        self.lines = lines
    }

    /// The canonical texts of `entries`.
    public init(_ entries: some Sequence<BlockEntry>) {
        self.init(entries.map(\.description))
    }

    /// The lines of a text this machine wrote in the synced form (a base
    /// copy): taken as they are, not validated again; an empty line is
    /// dropped.
    public init(trusted text: String) {
        self.init(Self.pieces(of: text).filter { !$0.isEmpty })
    }

    /// `text` split at each LF, the LFs dropped: one piece more than it has
    /// LFs (the last one empty when it ends with LF). By bytes, in one scan.
    public static func pieces(of text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var pieces: [String] = []
            var start = 0
            while let end = bytes[start...].firstIndex(of: 0x0A) {
                pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                start = end + 1
            }
            pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return pieces
        }
    }

    /// The number of entries.
    public var count: Int { lines.count }

    /// Whether `line` is one of the lines (binary search).
    public func contains(_ line: some StringProtocol) -> Bool {
        var low = 0, high = lines.count
        let key = String(line)
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(lines[middle], key) { low = middle + 1 } else { high = middle }
        }
        return low < lines.count && Self.same(lines[low], key)
    }

    /// Equal byte for byte (`String`'s `==` would also match canonically equivalent Unicode).
    public static func == (lhs: SyncedLines, rhs: SyncedLines) -> Bool {
        lhs.lines.count == rhs.lines.count && zip(lhs.lines, rhs.lines).allSatisfy { same($0, $1) }
    }

    /// Looks lines up one after another: a lookup first tries the line
    /// after the last one found (texts read in the same order cost one
    /// comparison each), then searches the whole side.
    public struct Finder {
        private let lines: [String]
        private var next = 0

        /// A finder over the lines of `side`.
        public init(_ side: SyncedLines) {
            lines = side.lines
        }

        /// Whether `line` is one of the lines, byte for byte.
        public mutating func find(_ line: String) -> Bool {
            if next < lines.count, SyncedLines.same(lines[next], line) {
                next += 1
                return true
            }
            var low = 0, high = lines.count
            while low < high {
                let middle = (low + high) / 2
                if SyncedLines.precedes(lines[middle], line) { low = middle + 1 } else { high = middle }
            }
            guard low < lines.count, SyncedLines.same(lines[low], line) else { return false }
            next = low + 1
            return true
        }
    }

    /// The entries, each built from its canonical text; for messages and
    /// tests, not for the merge.
    public var entries: Set<BlockEntry> {
        Set(lines.compactMap { try? BlockEntry(stored: $0) })
    }

    /// The synced text: the entries in their order, one per line, LF-ended
    /// (the same text as `SyncedListText.render` of the entries).
    public func render() -> String {
        Self.text(Self.entryOrder(lines))
    }

    /// `lines` each ended by LF, in one string.
    static func text(_ lines: [String]) -> String {
        var text = ""
        text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            text += line
            text += "\n"
        }
        return text
    }

    /// The lines of `self` missing from `other`, in byte order: one pass over both.
    public func subtracting(_ other: SyncedLines) -> [String] {
        var result: [String] = []
        var (index, otherIndex) = (0, 0)
        while index < lines.count {
            guard otherIndex < other.lines.count else {
                result += lines[index...]
                break
            }
            let order = Self.compare(lines[index], other.lines[otherIndex])
            if order < 0 { result.append(lines[index]) }
            if order <= 0 { index += 1 }
            if order >= 0 { otherIndex += 1 }
        }
        return result
    }

    /// `lines` (in byte order) in the entries' order: domains in byte order,
    /// then paths, then addresses, each as `BlockEntry` sorts them.
    public static func entryOrder(_ lines: [String]) -> [String] {
        var domains: [String] = [], others: [(entry: BlockEntry?, line: String)] = []
        domains.reserveCapacity(lines.count)
        for line in lines {
            if isDomain(line) {
                domains.append(line)
            } else {
                others.append((try? BlockEntry(stored: line), line))
            }
        }
        guard !others.isEmpty else { return domains }
        others.sort { lhs, rhs in
            switch (lhs.entry, rhs.entry) {
            case let (left?, right?): left < right
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): precedes(lhs.line, rhs.line)
            }
        }
        return domains + others.map(\.line)
    }

    /// Whether a canonical text is a domain's: no `/`, and not an address (as `BlockEntry(stored:)` tells).
    static func isDomain(_ line: String) -> Bool {
        var line = line
        // Letters or a hyphen with neither `/` nor `:` cannot look like an address: only digits and dots ask.
        let (slashOrColon, onlyDigitsAndDots) = line.withUTF8 { bytes in
            var onlyDigitsAndDots = true
            for byte in bytes {
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") { return (true, false) }
                if byte != UInt8(ascii: ".") && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    onlyDigitsAndDots = false
                }
            }
            return (false, onlyDigitsAndDots)
        }
        if slashOrColon { return false }
        return !onlyDigitsAndDots || !AddressRange.looksLikeAddress(line)
    }

    /// Byte order of two texts.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Whether two texts hold the same bytes.
    public static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && compare(lhs, rhs) == 0
    }

    /// Negative, zero or positive as `lhs` sorts before, with or after `rhs`, by bytes.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in compare(left, right) }
        }
        if let fast, let result = fast { return result }
        var (lhs, rhs) = (lhs, rhs)
        return lhs.withUTF8 { left in rhs.withUTF8 { right in compare(left, right) } }
    }

    private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(left.count, right.count)
        guard common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
            return left.count - right.count
        }
        // Eight bytes at a time, read big-endian so that their order is the bytes' order.
        let (leftRaw, rightRaw) = (UnsafeRawPointer(leftBase), UnsafeRawPointer(rightBase))
        var index = 0
        while index + 8 <= common {
            let a = leftRaw.loadUnaligned(fromByteOffset: index, as: UInt64.self).bigEndian
            let b = rightRaw.loadUnaligned(fromByteOffset: index, as: UInt64.self).bigEndian
            if a != b { return a < b ? -1 : 1 }
            index += 8
        }
        while index < common {
            if leftBase[index] != rightBase[index] { return Int(leftBase[index]) - Int(rightBase[index]) }
            index += 1
        }
        return left.count - right.count
    }

    private static func isSortedDistinct(_ lines: [String]) -> Bool {
        zip(lines, lines.dropFirst()).allSatisfy { precedes($0, $1) }
    }

    private static func dropRepeats(_ sorted: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(sorted.count)
        for line in sorted where result.last.map({ !same($0, line) }) ?? true { result.append(line) }
        return result
    }
}
