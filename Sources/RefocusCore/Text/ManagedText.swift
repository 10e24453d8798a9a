/// A file's bytes split around one managed section, ready to render with a
/// new body. Every byte outside the section is kept exactly.
public struct ManagedText: Sendable, Equatable {
    /// Where the section's marker lines sit in `original`.
    struct Bounds: Sendable, Equatable {
        /// Offsets and number of the BEGIN line.
        let begin: ByteLine
        /// Offsets and number of the END line.
        let end: ByteLine
    }

    /// The section this text was split for.
    public let section: ManagedSection

    /// The original bytes, unchanged: what an unmodified split renders to.
    public let original: [UInt8]

    /// The lines strictly between the markers, without line terminators and
    /// decoded lossily as UTF-8; nil when the text has no section.
    public let body: [String]?

    private let bounds: Bounds?

    init(section: ManagedSection, original: [UInt8], bounds: Bounds?, body: [String]?) {
        self.section = section
        self.original = original
        self.bounds = bounds
        self.body = body
    }

    /// The 1-based line number of the BEGIN marker, when the section exists.
    public var beginLine: Int? { bounds?.begin.number }

    /// The 1-based line number of the END marker, when the section exists.
    public var endLine: Int? { bounds?.end.number }

    /// The whole text with the section's body replaced by `body`.
    ///
    /// An existing section keeps its marker lines byte for byte. A new section
    /// is appended at the end of the file; `nil` removes the section and its
    /// markers, `[]` keeps an empty section. Written lines end with the file's
    /// line terminator (that of its first line; `\n` when it has none).
    ///
    /// A file without a final newline gets one before the new BEGIN line, and
    /// the END line is then written without one (a lone trailing `\r` gets
    /// `\r\n`, so that removal gives it back). Removing a section whose END line
    /// has no terminator removes the terminator before its BEGIN line, so
    /// inserting and then removing a section returns the original bytes.
    ///
    /// - Throws: `ManagedSectionError` when a body line contains `\r` or `\n`
    ///   or is one of this section's markers, which would damage the file.
    public func replacingBody(with body: [String]?) throws(ManagedSectionError) -> [UInt8] {
        guard let body else { return removingSection() }
        let lines = try validated(body)
        let terminator = original.lineTerminatorStyle
        if let bounds {
            var result = Array(original[..<bounds.begin.next])
            result.reserveCapacity(original.count)
            for line in lines { result += line + terminator }
            result += original[bounds.end.start...]
            return result
        }
        var result = original
        let endsOpen = !original.isEmpty && original.last != Byte.lineFeed
        if endsOpen {
            result += original.last == Byte.carriageReturn ? [Byte.carriageReturn, Byte.lineFeed] : terminator
        }
        result += Array(section.beginMarker.utf8) + terminator
        for line in lines { result += line + terminator }
        result += Array(section.endMarker.utf8)
        if !endsOpen { result += terminator }
        return result
    }

    /// The text without the section and its marker lines.
    private func removingSection() -> [UInt8] {
        guard let bounds else { return original }
        var cut = bounds.begin.start
        if bounds.end.next == bounds.end.contentEnd, cut > 0 {
            cut -= 1
            if cut > 0, original[cut - 1] == Byte.carriageReturn { cut -= 1 }
        }
        return Array(original[..<cut]) + original[bounds.end.next...]
    }

    /// The body's lines as bytes, or the error for the first line that would damage the file.
    private func validated(_ body: [String]) throws(ManagedSectionError) -> [[UInt8]] {
        let begin = Array(section.beginMarker.utf8)
        let end = Array(section.endMarker.utf8)
        var lines: [[UInt8]] = []
        lines.reserveCapacity(body.count)
        for (offset, line) in body.enumerated() {
            let bytes = Array(line.utf8)
            if bytes.contains(Byte.lineFeed) || bytes.contains(Byte.carriageReturn) {
                throw .lineBreakInBody(index: offset + 1)
            }
            if bytes.matchesTrimmed(begin, in: bytes.indices) || bytes.matchesTrimmed(end, in: bytes.indices) {
                throw .markerInBody(index: offset + 1, name: section.name)
            }
            lines.append(bytes)
        }
        return lines
    }
}
