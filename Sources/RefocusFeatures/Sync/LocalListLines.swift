import RefocusCore

/// A local `NAME.domains` file as the sync reads and edits it: each line
/// with the canonical text of its entry, if it holds one. The same
/// reading as `ListText<BlockEntry>` (a `#` starts a comment, blank lines
/// are kept, a bad line refuses the whole file with `ListError.badLines`)
/// and the same editing, except that a line whose content is already one
/// of the `known` canonical texts (the base copy, the side read before)
/// is taken as that entry without being parsed again. Lines are byte
/// ranges of the file's text, entries byte ranges of one buffer.
public struct LocalListLines: Sendable {
    /// One line of the file (its bytes in `source`, without the line end)
    /// and the bytes of its entry's canonical text in `entryText`, if any.
    struct Line: Sendable {
        let text: Range<Int>
        let entry: Range<Int>?
    }

    private let source: String
    private let lines: [Line]
    private let entryText: [UInt8]
    /// The distinct entries of the file.
    public let entries: SyncedLines

    /// Reads `text`; `source` names it in errors.
    public init(parsing text: String, source: String, known: [SyncedLines]) throws(ListError) {
        var lines: [Line] = []
        var entryText: [UInt8] = []
        // The known lines found (a mark per line of each known side), and the entries parsed.
        var found = known.map { [Bool](repeating: false, count: $0.count) }
        let parsed = LineCollector()
        var issues: [ListLineIssue] = []
        var text = text
        text.withUTF8 { bytes in
            var pieces: [Range<Int>] = []
            SyncedLines.forEachPiece(of: bytes) { pieces.append($0) }
            let endsWithNewline = bytes.last == 0x0A
            if endsWithNewline || bytes.isEmpty { pieces.removeLast() }
            var finders = known.map(SyncedLines.Finder.init)
            lines.reserveCapacity(pieces.count)
            entryText.reserveCapacity(bytes.count)
            for (index, piece) in pieces.enumerated() {
                // A CRLF ends a line as one character: the CR is not part of it (a CR ending the text is).
                let endsWithCRLF =
                    !piece.isEmpty && bytes[piece.upperBound - 1] == 0x0D
                    && (endsWithNewline || index < pieces.count - 1)
                let raw = endsWithCRLF ? piece.dropLast() : piece
                let rawBytes = UnsafeBufferPointer(rebasing: bytes[raw])
                let entryStart = entryText.count
                // The entry's canonical text is appended to `entryText`; false: the line holds none.
                let holdsEntry: Bool
                switch Self.content(of: rawBytes) {
                case .bytes(let range) where range.isEmpty:
                    holdsEntry = false
                case .bytes(let range):
                    let content = UnsafeBufferPointer(rebasing: rawBytes[range])
                    if Self.mark(content, finders: &finders, found: &found) {
                        entryText.append(contentsOf: content)
                    } else {
                        let content = String(decoding: content, as: UTF8.self)
                        guard let entry = Self.parse(content, raw: rawBytes, index, into: &issues) else { continue }
                        entryText.append(contentsOf: entry.utf8)
                        parsed.append(entry)
                    }
                    holdsEntry = true
                case .text(let content) where content.isEmpty:
                    holdsEntry = false
                case .text(let content):
                    var content = String(content)
                    if content.withUTF8({ Self.mark($0, finders: &finders, found: &found) }) {
                        entryText.append(contentsOf: content.utf8)
                    } else {
                        guard let entry = Self.parse(content, raw: rawBytes, index, into: &issues) else { continue }
                        entryText.append(contentsOf: entry.utf8)
                        parsed.append(entry)
                    }
                    holdsEntry = true
                }
                guard holdsEntry else {
                    lines.append(Line(text: raw, entry: nil))
                    continue
                }
                lines.append(Line(text: raw, entry: entryStart..<entryText.count))
            }
        }
        guard issues.isEmpty else { throw .badLines(source: source, issues: issues) }
        self.source = text
        self.lines = lines
        self.entryText = entryText
        // The known lines found, each side in its order, and the parsed entries sorted: merged in one pass.
        let foundSides = zip(known, found).map { side, found in side.keeping(found) }
        self.entries = SyncedLines.union(foundSides + [SyncedLines(parsed.sortedDistinct())])
    }

    /// Whether one of the known sides holds the bytes `content`; marks where.
    private static func mark(
        _ content: UnsafeBufferPointer<UInt8>, finders: inout [SyncedLines.Finder], found: inout [[Bool]]
    ) -> Bool {
        for side in finders.indices {
            if let position = finders[side].position(of: content) {
                found[side][position] = true
                return true
            }
        }
        return false
    }

    /// The canonical text of the entry `content` holds; nil after noting
    /// in `issues` why line `index` (`raw`) holds none.
    private static func parse(
        _ content: String, raw: UnsafeBufferPointer<UInt8>, _ index: Int, into issues: inout [ListLineIssue]
    ) -> String? {
        do {
            return try BlockEntry.parseListItem(content[...]).description
        } catch {
            issues.append(
                ListLineIssue(line: index + 1, text: String(decoding: raw, as: UTF8.self), reason: "\(error)"))
            return nil
        }
    }

    /// Whether this is the reading of `text`, byte for byte.
    public func isReading(_ text: String) -> Bool {
        SyncedLines.same(source, text)
    }

    /// The text with the entries of `target` that it lacks appended in the
    /// entries' order, and every line whose entry is not in `target`
    /// dropped; all other lines, comments included, stay as they were
    /// (`ListText.editing`).
    public func editing(to target: SyncedLines) -> String {
        let removed = entries.removing(target)
        var finder = SyncedLines.Finder(removed)
        var text: [UInt8] = []
        var source = source
        source.withUTF8 { bytes in
            text.reserveCapacity(bytes.count)
            entryText.withUnsafeBufferPointer { entryBytes in
                for line in lines {
                    if removed.count > 0, let entry = line.entry,
                        finder.find(UnsafeBufferPointer(rebasing: entryBytes[entry]))
                    {
                        continue
                    }
                    text.append(contentsOf: bytes[line.text])
                    text.append(0x0A)
                }
            }
        }
        return String(decoding: text, as: UTF8.self)
            + SyncedLines.text(SyncedLines.entryOrder(target.subtracting(entries)))
    }

    /// The content of a line: its part before `#`, without surrounding
    /// white space.
    private enum Content {
        /// A range of the line's bytes (an ASCII line).
        case bytes(Range<Int>)
        /// Text, as `ListText` finds it in a line that is not ASCII.
        case text(Substring)
    }

    /// The content of `line`; by bytes when the line is ASCII, else as `ListText` finds it.
    private static func content(of line: UnsafeBufferPointer<UInt8>) -> Content {
        // Most lines are an entry alone: ASCII, no comment, nothing to trim.
        if let first = line.first, let last = line.last, first > 0x20, last > 0x20, let bytes = line.baseAddress {
            var index = 0
            while index < line.count, bytes[index] < 0x80, bytes[index] != UInt8(ascii: "#") { index += 1 }
            if index == line.count { return .bytes(0..<line.count) }
        }
        guard line.allSatisfy({ $0 < 0x80 }) else {
            return .text(ListText<BlockEntry>.content(of: String(decoding: line, as: UTF8.self)[...]))
        }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        let beforeComment = line.firstIndex(of: UInt8(ascii: "#")) ?? line.count
        guard let first = line[..<beforeComment].firstIndex(where: { !isSpace($0) }),
            let last = line[..<beforeComment].lastIndex(where: { !isSpace($0) })
        else { return .bytes(0..<0) }
        return .bytes(first..<(last + 1))
    }
}
