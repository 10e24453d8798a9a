extension JSONValue {
    /// Why bytes are not a JSON document that can be read.
    public struct ParseProblem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The line of the problem, from 1.
        public let line: Int
        /// What is wrong there (`JSONReader`'s words).
        public let reason: String

        /// "line N: reason".
        public var description: String { "line \(line): \(reason)" }
    }

    /// The document in `bytes`, read by `JSONReader` (RFC 8259, no key
    /// twice in an object, at most `maximumDepth` levels); a problem names its line.
    public init(parsing bytes: [UInt8], maximumDepth: Int = JSONReader.maximumDepth) throws(ParseProblem) {
        var scanner = JSONScanner(bytes, maximumDepth: maximumDepth, builder: JSONTreeBuilder())
        do {
            try scanner.document()
        } catch {
            let offset: Int
            if case .malformed(let at, _) = error { offset = at } else { offset = bytes.count }
            let line = 1 + bytes.prefix(min(offset, bytes.count)).count { $0 == 0x0A }
            let reason: String
            if case .malformed(_, let why) = error { reason = why } else { reason = error.description }
            throw ParseProblem(line: line, reason: reason)
        }
        // A document that was read whole has its one value.
        self = scanner.builder?.root ?? .null
    }
}

/// What builds a `JSONValue` from what `JSONScanner` reports, in the
/// document's order (a container opened, a key already checked to be new in
/// its object, a scalar, the innermost container closed): a stack of the
/// containers still open, each filled in place.
struct JSONTreeBuilder {
    /// An object's members so far and the key of the next, or an array's elements so far.
    private struct Open {
        let isObject: Bool
        var members: [JSONMember] = []
        var elements: [JSONValue] = []
        var key = ""
    }

    private var stack: [Open] = []
    /// The document's value, once read.
    private(set) var root: JSONValue?

    /// An object (or an array) begins.
    mutating func open(isObject: Bool) {
        stack.append(Open(isObject: isObject))
    }

    /// The key of the next member of the innermost object.
    mutating func key(_ key: String) {
        stack[stack.count - 1].key = key
    }

    /// A string, number, `true`, `false` or `null`.
    mutating func scalar(_ value: JSONValue) {
        add(value)
    }

    /// The innermost object or array ends.
    mutating func close() {
        let done = stack.removeLast()
        add(done.isObject ? .object(done.members) : .array(done.elements))
    }

    /// `value` as the next member or element of the innermost container, or as the document's.
    private mutating func add(_ value: JSONValue) {
        let index = stack.count - 1
        guard index >= 0 else {
            root = value
            return
        }
        if stack[index].isObject {
            stack[index].members.append(JSONMember(key: stack[index].key, value: value))
        } else {
            stack[index].elements.append(value)
        }
    }
}
