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

    private let bounds: Bounds?

    init(section: ManagedSection, original: [UInt8], bounds: Bounds?) {
        self.section = section
        self.original = original
        self.bounds = bounds
    }

    /// The lines strictly between the markers, without line terminators and
    /// decoded lossily as UTF-8; nil when the text has no section.
    public var body: [String]? {
        guard let bounds else { return nil }
        return ByteLines(original, in: bounds.begin.next..<bounds.end.start).map {
            String(decoding: original[$0.start..<$0.contentEnd], as: UTF8.self)
        }
    }

    /// The 1-based line number of the BEGIN marker, when the section exists.
    public var beginLine: Int? { bounds?.begin.number }

    /// The 1-based line number of the END marker, when the section exists.
    public var endLine: Int? { bounds?.end.number }

    /// The whole text with the section's body replaced by `body`.
    ///
    /// An existing section keeps its marker lines byte for byte. A new section
    /// is appended at the end of the file; `nil` removes the section and its
    /// markers, `SectionBody.empty` keeps an empty section. Written lines end
    /// with the file's line terminator (that of its first line; `\n` when it
    /// has none).
    ///
    /// A file without a final newline gets one before the new BEGIN line, and
    /// the END line is then written without one (a lone trailing `\r` gets
    /// `\r\n`, so that removal gives it back). Removing a section whose END line
    /// has no terminator removes the terminator before its BEGIN line, so
    /// inserting and then removing a section returns the original bytes.
    ///
    /// The result is built with one allocation; when the section already
    /// holds exactly `body`, `original` itself is returned.
    ///
    /// - Throws: `ManagedSectionError.markerInBody` when a body line is one of
    ///   this section's markers, which would damage the file.
    public func replacingBody(with body: SectionBody?) throws(ManagedSectionError) -> [UInt8] {
        guard let body else { return removingSection() }
        try checkMarkers(in: body)
        let terminator = original.lineTerminatorStyle
        let bodyCount = body.count(withTerminator: terminator)
        var result: [UInt8] = []
        if let bounds {
            let current = bounds.begin.next..<bounds.end.start
            if terminator.count == 1, original.bytes(in: current, equal: body.bytes) { return original }
            result.reserveCapacity(original.count - current.count + bodyCount)
            result += original[..<bounds.begin.next]
            body.append(to: &result, terminator: terminator)
            result += original[bounds.end.start...]
            return result
        }
        let begin = Array(section.beginMarker.utf8)
        let end = Array(section.endMarker.utf8)
        result.reserveCapacity(original.count + 2 + begin.count + end.count + 2 * terminator.count + bodyCount)
        result += original
        let endsOpen = !original.isEmpty && original.last != Byte.lineFeed
        if endsOpen {
            result += original.last == Byte.carriageReturn ? [Byte.carriageReturn, Byte.lineFeed] : terminator
        }
        result += begin
        result += terminator
        body.append(to: &result, terminator: terminator)
        result += end
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
        var result: [UInt8] = []
        result.reserveCapacity(cut + original.count - bounds.end.next)
        result += original[..<cut]
        result += original[bounds.end.next...]
        return result
    }

    /// Throws for the first body line that is one of this section's markers.
    private func checkMarkers(in body: SectionBody) throws(ManagedSectionError) {
        let begin = Array(section.beginMarker.utf8)
        let end = Array(section.endMarker.utf8)
        for line in body.hashLines
        where body.bytes.matchesTrimmed(begin, in: line.range) || body.bytes.matchesTrimmed(end, in: line.range) {
            throw .markerInBody(index: line.index, name: section.name)
        }
    }
}
