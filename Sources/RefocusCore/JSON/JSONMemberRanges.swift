/// Where the values of a document's shallow members lie, found by the one
/// JSON reader (`JSONScanner`) while it checks the whole document as
/// `JSONReader.check` does (RFC 8259, no key twice in an object, the depth
/// cap): how the CLI finds the `focus` member of a helper's answer of
/// megabytes, and the columns inside it, and reads them in place.
///
/// A member is recorded when it is at most `depth` objects deep and every
/// container above it is an object (members inside arrays are not), with
/// the keys that lead to it, unescaped as a decoder reads them. Its value
/// is a range of the document's bytes, as written (a string's quotes and
/// escapes included): whoever reads it checks it.
public struct JSONMemberRanges: Sendable {
    /// One member: the keys from the top-level object down to it, and where its value lies.
    public struct Member: Sendable, Equatable {
        /// The keys that lead to the member, its own last.
        public let path: [String]
        /// Its value's bytes, from its first to just after its last.
        public let value: Range<Int>
    }

    /// The members, each once its value has been read (so a member's
    /// members come before it).
    public let members: [Member]
    /// Whether the document is an object (otherwise there are no members).
    public let isObject: Bool

    /// The members of `bytes`, read as one JSON document, at most `depth`
    /// objects deep; throws the document's first problem.
    public init(_ bytes: [UInt8], depth: Int, maximumDepth: Int = JSONReader.maximumDepth)
        throws(JSONReader.Problem)
    {
        var scanner = JSONScanner(bytes, maximumDepth: maximumDepth, builder: nil)
        scanner.ranges = Recorder(depth: depth)
        try scanner.document()
        members = scanner.ranges?.members ?? []
        isObject = bytes.first { !Self.isWhiteSpace($0) } == UInt8(ascii: "{")
    }

    /// Where the value of the member at `path` lies, or nil when there is none.
    public func value(at path: [String]) -> Range<Int>? {
        members.first { $0.path == path }?.value
    }

    /// The members of the object at `path` (the top level for `[]`), each by its key.
    public func members(under path: [String]) -> [String: Range<Int>] {
        var found: [String: Range<Int>] = [:]
        for member in members where member.path.count == path.count + 1 && member.path.starts(with: path) {
            found[member.path[path.count]] = member.value
        }
        return found
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// What `JSONScanner` records while it reads: the members so far, and how deep.
    struct Recorder {
        let depth: Int
        var members: [Member] = []
    }
}

extension JSONScanner {
    /// Records the value that started at `start` and was just read, when it
    /// is the value of a member that `ranges` keeps.
    mutating func recordValue(from start: Int) {
        guard let depth = ranges?.depth, !open.isEmpty, open.count <= depth,
            open.allSatisfy({ $0.isObject })
        else { return }
        ranges?.members.append(.init(path: open.map { $0.key }, value: start..<offset))
    }
}
