import RefocusCore

/// One side of a list as the sync merges it: the canonical texts of its
/// entries (`BlockEntry.description`), distinct and sorted by their bytes.
///
/// Canonical text and entry are one-to-one, so sets of texts merge exactly
/// as sets of entries would, without building an entry for each line: the
/// merge walks sorted sequences in one pass. The lines live in one byte
/// buffer (`LineBuffer`), compared as bytes, never as Swift strings (which
/// would take canonically equivalent Unicode as equal). Only the synced text
/// puts them in the entries' order (`render`), and there only paths and
/// addresses need their entries (domains sort as their bytes do).
public struct SyncedLines: Sendable, Equatable {
    /// The lines, in byte order, distinct.
    let buffer: LineBuffer

    /// Lines already distinct and in byte order (from a merge or a collector).
    init(_ buffer: LineBuffer) {
        self.buffer = buffer
    }

    /// Canonical texts in any order, duplicates allowed.
    public init(_ texts: [String]) {
        let collector = LineCollector(lines: texts.count, bytes: texts.reduce(0) { $0 + $1.utf8.count })
        for text in texts { collector.append(text) }
        buffer = collector.sortedDistinct()
    }

    /// The canonical texts of `entries`.
    public init(_ entries: some Sequence<BlockEntry>) {
        self.init(entries.map(\.description))
    }

    /// The lines of a text this machine wrote in the synced form (a base
    /// copy): taken as they are, not validated again; an empty line is
    /// dropped.
    public init(trusted text: String) {
        var text = text
        buffer = text.withUTF8 { bytes in
            if let whole = LineBuffer.adopting(bytes) { return whole }
            let collector = LineCollector(lines: bytes.count / 16, bytes: bytes.count)
            SyncedLines.forEachPiece(of: bytes) { piece in
                if !piece.isEmpty { collector.append(UnsafeBufferPointer(rebasing: bytes[piece])) }
            }
            return collector.sortedDistinct()
        }
    }

    /// Calls `body` with the range of each piece of `bytes` split at LF, the
    /// LFs dropped: one piece more than it has LFs (the last one empty when
    /// it ends with LF).
    static func forEachPiece(of bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) throws -> Void) rethrows {
        var start = 0
        while let end = bytes[start...].firstIndex(of: 0x0A) {
            try body(start..<end)
            start = end + 1
        }
        try body(start..<bytes.count)
    }

    /// The distinct canonical texts, in byte order; for messages and tests.
    public var lines: [String] {
        withExtendedLifetime(buffer) { (0..<buffer.count).map { String(decoding: buffer.line($0), as: UTF8.self) } }
    }

    /// The number of entries.
    public var count: Int { buffer.count }

    /// Whether `line` is one of the lines, byte for byte.
    public func contains(_ line: some StringProtocol) -> Bool {
        var finder = Finder(self)
        return finder.find(String(line))
    }

    /// Equal byte for byte (`String`'s `==` would also match canonically equivalent Unicode).
    public static func == (lhs: SyncedLines, rhs: SyncedLines) -> Bool {
        lhs.buffer === rhs.buffer || lhs.buffer.holdsTheSameLines(as: rhs.buffer)
    }

    /// The entries, each built from its canonical text; for messages and
    /// tests, not for the merge.
    public var entries: Set<BlockEntry> {
        Set(lines.compactMap { try? BlockEntry(stored: $0) })
    }

    /// The synced text: the entries in their order, one per line, LF-ended
    /// (the same text as `SyncedListText.render` of the entries). When every
    /// line is a domain, that is the buffer as it is.
    public func render() -> String {
        if isEveryLineADomain() { return String(decoding: buffer.text, as: UTF8.self) }
        return Self.text(Self.entryOrder(lines))
    }

    /// Whether every line is a domain's (`isDomain`), in one scan of the text.
    private func isEveryLineADomain() -> Bool {
        // `buffer` is held by `self`: its text stays valid here.
        let text = buffer.text
        guard let bytes = text.baseAddress else { return true }
        var lineStart = 0
        var onlyDigitsAndDots = true
        for index in 0..<text.count {
            let byte = bytes[index]
            if byte == 0x0A {
                if onlyDigitsAndDots,
                    !Self.isDomain(UnsafeBufferPointer(start: bytes + lineStart, count: index - lineStart))
                {
                    return false
                }
                lineStart = index + 1
                onlyDigitsAndDots = true
            } else if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") {
                return false
            } else if byte != UInt8(ascii: "."), byte &- UInt8(ascii: "0") > 9 {
                onlyDigitsAndDots = false
            }
        }
        return true
    }

    /// The lines in the entries' order, each after `sign` (`+a.com +b.com`),
    /// separated by spaces; empty when there are none. Written from the
    /// buffer when every line is a domain.
    func signed(_ sign: Unicode.Scalar) -> String {
        guard isEveryLineADomain() else {
            return Self.entryOrder(lines).map { "\(sign)\($0)" }.joined(separator: " ")
        }
        var text: [UInt8] = []
        text.reserveCapacity(buffer.text.count + buffer.count)
        for index in 0..<buffer.count {
            if index > 0 { text.append(UInt8(ascii: " ")) }
            text.append(UInt8(ascii: sign))
            text.append(contentsOf: buffer.line(index))
        }
        return String(decoding: text, as: UTF8.self)
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

    /// The lines of `self` missing from `other`, in byte order.
    public func subtracting(_ other: SyncedLines) -> [String] {
        removing(other).lines
    }

    /// The lines of `self` missing from `other`: one pass over both.
    func removing(_ other: SyncedLines) -> SyncedLines {
        // `self` and `other` hold their buffers: their lines stay valid here.
        let result = LineCollector()
        var (index, otherIndex) = (0, 0)
        while index < buffer.count {
            guard otherIndex < other.buffer.count else {
                for rest in index..<buffer.count { result.append(buffer.line(rest)) }
                break
            }
            let order = ByteOrder.compare(buffer.line(index), other.buffer.line(otherIndex))
            if order < 0 { result.append(buffer.line(index)) }
            if order <= 0 { index += 1 }
            if order >= 0 { otherIndex += 1 }
        }
        return SyncedLines(result.sortedDistinct())
    }

    /// The lines whose `kept` flag is set, in order (`self` when all are).
    func keeping(_ kept: [Bool]) -> SyncedLines {
        if !kept.contains(false) { return self }
        let result = LineCollector(lines: count, bytes: buffer.text.count)
        for index in 0..<count where kept[index] { result.append(buffer.line(index)) }
        return SyncedLines(result.sortedDistinct())
    }

    /// The lines of all `sides`, each sorted and distinct: one pass over
    /// them (a side alone, or beside empty ones, is taken as it is).
    static func union(_ sides: [SyncedLines]) -> SyncedLines {
        let nonEmpty = sides.filter { $0.count > 0 }
        if nonEmpty.count <= 1 { return nonEmpty.first ?? SyncedLines([String]()) }
        return ListMerge.union(nonEmpty)
    }

    /// `lines` (in byte order) in the entries' order: domains in byte order,
    /// then paths, then addresses, each as `BlockEntry` sorts them.
    public static func entryOrder(_ lines: [String]) -> [String] {
        var domains: [String] = [], others: [(entry: BlockEntry?, line: String)] = []
        domains.reserveCapacity(lines.count)
        for line in lines {
            var bytes = line
            if bytes.withUTF8({ isDomain($0) }) {
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
    static func isDomain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Letters or a hyphen with neither `/` nor `:` cannot look like an address: only digits and dots ask.
        var onlyDigitsAndDots = true
        for byte in bytes {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") { return false }
            if byte != UInt8(ascii: ".") && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                onlyDigitsAndDots = false
            }
        }
        return !onlyDigitsAndDots || !AddressRange.looksLikeAddress(String(decoding: bytes, as: UTF8.self))
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
        var (lhs, rhs) = (lhs, rhs)
        return lhs.withUTF8 { left in rhs.withUTF8 { right in ByteOrder.compare(left, right) } }
    }
}
