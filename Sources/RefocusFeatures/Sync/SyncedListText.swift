import RefocusCore

/// The synced form of a list's entries: what leaves the machine, one
/// `NAME.domains` file per list. One entry per line in canonical text
/// (domains as ASCII after IDNA, addresses and ranges as ReFocus writes
/// them), sorted, each line ended by LF; no comments, no blank lines.
///
/// Reading a remote text never fails as a whole: each line that is not an
/// entry in canonical form (a public suffix, bad characters, a path, a
/// comment) is reported with its line number and skipped, and the rest is
/// kept. A text whose last line has no LF was caught half written by a sync
/// engine: `isHalfWritten` tells the caller to skip it for this round.
public struct SyncedListText: Sendable, Equatable {
    /// The canonical texts of the valid entries.
    public let lines: SyncedLines
    /// The lines skipped, each with its 1-based number and why.
    public let issues: [ListLineIssue]
    /// Whether the text is not empty and does not end with LF.
    public let isHalfWritten: Bool

    /// The valid entries of the text.
    public var entries: Set<BlockEntry> { lines.entries }

    /// Reads a synced text, validating every line.
    public init(parsing text: String) {
        self.init(parsing: text, known: [])
    }

    /// Reads a synced text; a line byte for byte equal to one of `known`
    /// (lines already valid: the base copy, this machine's side) is taken
    /// without being validated again, every other line is checked.
    public init(parsing text: String, known: [SyncedLines]) {
        var issues: [ListLineIssue] = []
        let isHalfWritten = Self.isHalfWritten(text)
        var text = text
        let buffer = text.withUTF8 { bytes in
            var accepted: [Range<Int>] = []
            var finders = known.map(SyncedLines.Finder.init)
            var pieces: [Range<Int>] = []
            SyncedLines.forEachPiece(of: bytes) { pieces.append($0) }
            if !isHalfWritten { pieces.removeLast() }
            for (index, piece) in pieces.enumerated() {
                let line = UnsafeBufferPointer(rebasing: bytes[piece])
                if !line.isEmpty, finders.findAny(line) {
                    accepted.append(piece)
                    continue
                }
                let lineText = String(decoding: line, as: UTF8.self)
                switch Self.entry(lineText) {
                case .success: accepted.append(piece)
                case .failure(let reason):
                    issues.append(ListLineIssue(line: index + 1, text: lineText, reason: reason.text))
                }
            }
            // Every line taken (the usual case): the text itself, when it is in order.
            if issues.isEmpty, let whole = LineBuffer.adopting(bytes) { return whole }
            let collector = LineCollector(lines: accepted.count, bytes: bytes.count)
            for piece in accepted { collector.append(UnsafeBufferPointer(rebasing: bytes[piece])) }
            return collector.sortedDistinct()
        }
        self.lines = SyncedLines(buffer)
        self.issues = issues
        self.isHalfWritten = isHalfWritten
    }

    /// Whether `text` is not empty and does not end with LF: caught half written.
    public static func isHalfWritten(_ text: String) -> Bool {
        !text.utf8.isEmpty && text.utf8.last != 0x0A
    }

    /// The synced text of `entries`: sorted, one per line, LF-ended.
    public static func render(_ entries: some Sequence<BlockEntry>) -> String {
        Set(entries).sorted().map { "\($0)\n" }.joined()
    }

    /// Why a line was skipped.
    struct Reason: Error {
        let text: String
    }

    /// The entry on one line, which must be exactly its canonical text.
    static func entry(_ line: String) -> Result<BlockEntry, Reason> {
        if line.isEmpty { return .failure(Reason(text: "an empty line; the synced form has one entry per line")) }
        if line.hasPrefix("#") { return .failure(Reason(text: "a comment; the synced form has none")) }
        if line.utf8.contains(where: { $0 < 0x21 || $0 > 0x7E }) {
            return .failure(Reason(text: "bad characters; the synced form is ASCII, one entry per line"))
        }
        let entry: BlockEntry
        do { entry = try BlockEntry(parsing: line) } catch { return .failure(Reason(text: "\(error)")) }
        guard entry.description == line else {
            if entry.domain != nil, line.contains("/") || line.contains(":") {
                return .failure(Reason(text: "a URL; only domains and host/path entries sync (\(entry) would)"))
            }
            return .failure(Reason(text: "not in the synced form; write it as \(entry)"))
        }
        return .success(entry)
    }
}
