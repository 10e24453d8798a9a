/// A named block of lines that ReFocus owns inside a file it shares with
/// others, delimited by `# BEGIN <name>` and `# END <name>` marker lines.
///
/// Files are handled as bytes so that every byte outside the section,
/// including bytes that are not UTF-8, is kept exactly.
public struct ManagedSection: Sendable, Hashable {
    /// The section's name, matching `[a-z0-9][a-z0-9_-]*`.
    public let name: String

    /// Makes a section with a validated name.
    ///
    /// - Throws: `ManagedSectionError.invalidName` when `name` does not match `[a-z0-9][a-z0-9_-]*`.
    public init(name: String) throws(ManagedSectionError) {
        guard Self.isValid(name) else { throw .invalidName(name) }
        self.name = name
    }

    /// A section whose name is a literal of this module, known to be valid (checked in debug builds).
    package init(validName name: String) {
        assert(Self.isValid(name), "invalid section name \(name)")
        self.name = name
    }

    /// The line that opens the section: `# BEGIN <name>`.
    public var beginMarker: String { "# BEGIN \(name)" }

    /// The line that closes the section: `# END <name>`.
    public var endMarker: String { "# END \(name)" }

    /// Splits `text` into the part before the section, the section and the
    /// part after it, in one linear scan.
    ///
    /// Marker lines are recognised after trimming spaces and tabs and a
    /// trailing `\r`; markers of other names are ordinary lines.
    ///
    /// - Throws: `ManagedSectionError` naming the line of a stray, missing or repeated marker.
    public func split(_ text: [UInt8]) throws(ManagedSectionError) -> ManagedText {
        let begin = Array(beginMarker.utf8)
        let end = Array(endMarker.utf8)
        var opened: ByteLine?
        var bounds: ManagedText.Bounds?
        for line in ByteLines(text) {
            let content = line.start..<line.contentEnd
            let isBegin = text.matchesTrimmed(begin, in: content)
            let isEnd = !isBegin && text.matchesTrimmed(end, in: content)
            if let first = bounds {
                if isBegin { throw .secondSection(line: line.number, firstBeginLine: first.begin.number, name: name) }
                if isEnd { throw .endWithoutBegin(line: line.number, name: name) }
            } else if let beginLine = opened {
                if isBegin {
                    throw .markerInsideSection(line: line.number, sectionBeginLine: beginLine.number, name: name)
                }
                if isEnd { bounds = ManagedText.Bounds(begin: beginLine, end: line) }
            } else if isBegin {
                opened = line
            } else if isEnd {
                throw .endWithoutBegin(line: line.number, name: name)
            }
        }
        if bounds == nil, let beginLine = opened {
            throw .beginWithoutEnd(line: beginLine.number, name: name)
        }
        return ManagedText(section: self, original: text, bounds: bounds)
    }

    /// Whether `name` matches `[a-z0-9][a-z0-9_-]*`.
    private static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLowerAlphanumeric(first) else { return false }
        return name.utf8.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
