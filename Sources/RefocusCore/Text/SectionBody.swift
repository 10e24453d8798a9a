/// The lines of a managed section's body as bytes, each followed by `\n`:
/// what `ManagedText.replacingBody(with:)` splices into a file.
///
/// No line holds `\r` or `\n`, so the bytes can be copied into a file as
/// they are (or with `\r` added before each `\n` in a CRLF file). Whether a
/// line is one of a section's markers depends on the section; that is
/// checked when the body is spliced, against the few lines that start with
/// `#`, which the body records as it is built.
public struct SectionBody: Sendable, Equatable {
    /// A line that starts with `#` after spaces and tabs: the only kind that can be a marker.
    struct HashLine: Sendable, Equatable {
        /// The line's 1-based position in the body.
        let index: Int
        /// Where the line's content sits in `bytes`, without its `\n`.
        let range: Range<Int>
    }

    /// The lines, each followed by `\n`; no `\r` anywhere.
    public let bytes: [UInt8]

    /// How many lines the body has.
    public let lineCount: Int

    /// The lines that start with `#`, in order.
    let hashLines: [HashLine]

    /// A body without lines: the section keeps only its markers.
    public static let empty = SectionBody(renderedLines: [], lineCount: 0)

    /// A body of `lines`, given without terminators.
    ///
    /// - Throws: `ManagedSectionError.lineBreakInBody` naming the first line
    ///   that holds `\r` or `\n`, which would split it in the file.
    public init(lines: some Sequence<some StringProtocol>) throws(ManagedSectionError) {
        var bytes: [UInt8] = []
        var count = 0
        var hashLines: [HashLine] = []
        for line in lines {
            count += 1
            let start = bytes.count
            bytes.append(contentsOf: line.utf8)
            let content = start..<bytes.count
            if bytes[content].contains(where: { $0 == Byte.lineFeed || $0 == Byte.carriageReturn }) {
                throw .lineBreakInBody(index: count)
            }
            if bytes[content].first(where: { $0 != Byte.space && $0 != Byte.tab }) == Byte.hash {
                hashLines.append(HashLine(index: count, range: content))
            }
            bytes.append(Byte.lineFeed)
        }
        self.init(bytes: bytes, lineCount: count, hashLines: hashLines)
    }

    /// A body whose lines were rendered by this module and are known to hold
    /// no `\r`, and no `#` before their first byte other than a space or tab
    /// (such as `0.0.0.0 name` built from a `DomainName`); only checked in debug builds.
    package init(renderedLines bytes: [UInt8], lineCount: Int) {
        self.init(bytes: bytes, lineCount: lineCount, hashLines: [])
        assert(bytes.isEmpty || bytes.last == Byte.lineFeed, "a rendered body ends within a line")
        assert((try? SectionBody(lines: lines)) == self, "a rendered line holds \\r or starts with #")
    }

    private init(bytes: [UInt8], lineCount: Int, hashLines: [HashLine]) {
        self.bytes = bytes
        self.lineCount = lineCount
        self.hashLines = hashLines
    }

    /// Whether the body has no lines.
    public var isEmpty: Bool { lineCount == 0 }

    /// The lines, without terminators.
    public var lines: [String] {
        ByteLines(bytes).map { String(decoding: bytes[$0.start..<$0.contentEnd], as: UTF8.self) }
    }

    /// How many bytes the body takes in a file whose lines end with `terminator`.
    func count(withTerminator terminator: [UInt8]) -> Int {
        bytes.count + lineCount * (terminator.count - 1)
    }

    /// Appends the lines to `text`, each ended by `terminator` (`\n` or `\r\n`).
    func append(to text: inout [UInt8], terminator: [UInt8]) {
        guard terminator != [Byte.lineFeed] else {
            text.append(contentsOf: bytes)
            return
        }
        var start = 0
        while let end = bytes.firstLineFeed(in: start..<bytes.count) {
            text.append(contentsOf: bytes[start..<end])
            text.append(contentsOf: terminator)
            start = end + 1
        }
    }
}
