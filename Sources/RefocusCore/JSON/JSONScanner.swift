/// The tokenizer and grammar behind `JSONReader`: a cursor, a stack of the
/// open containers, and the one place that refuses a repeated key. What it
/// reads it reports to `builder`, when it has one (`JSONValue(parsing:)`);
/// the request check (`JSONReader.check`) keeps nothing; `JSONMemberRanges`
/// keeps only where the values of the shallow members lie (`ranges`).
///
/// Not generic over what it reports to: the runtime would make the metadata
/// of each specialization (and of its stack's element type) from its
/// mangled name at the first use in a process, checking the conformance by
/// a search of every protocol conformance in the binary, 0.2 million
/// instructions of each `refocus status` that reads the status file once.
struct JSONScanner {
    /// An open object (with the keys seen so far and the last one) or array (with the index of its current element).
    struct Container {
        let isObject: Bool
        /// The keys seen, while there are at most `smallObject`.
        var fewKeys: [String] = []
        /// The keys seen, once there are more.
        var manyKeys: Set<String> = []
        var key = ""
        var index = 0
        /// Where it starts (its `{` or `[`).
        var start = 0
    }

    /// Up to this many keys an object's are compared in a list, beyond it in
    /// a set: the same equality, but a process that reads only small
    /// objects (`refocus status`) never makes the set's type, which costs the
    /// Swift runtime a search of every protocol conformance in the binary
    /// (String's Hashable), about 0.7 million instructions.
    static var smallObject: Int { 32 }

    let bytes: [UInt8]
    let maximumDepth: Int
    /// Whether the text of strings that are no keys, and of numbers, is copied out (for `builder`).
    let keepsScalars: Bool
    /// What builds the value, when one is kept.
    var builder: JSONTreeBuilder?
    /// Where the values of the members this deep or shallower lie, when they are recorded (`JSONMemberRanges`).
    var ranges: JSONMemberRanges.Recorder?
    var offset = 0
    var open: [Container] = []

    /// A scanner of `bytes` that reports to `builder` (nil: keeps nothing).
    init(_ bytes: [UInt8], maximumDepth: Int, builder: JSONTreeBuilder?) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.keepsScalars = builder != nil
        self.builder = builder
    }

    /// One value, then nothing but white space.
    mutating func document() throws(JSONReader.Problem) {
        try value()
        // Only the kind of the innermost container: a copy of it would share its
        // key set, and every insert would then copy the set (quadratic time).
        while let isObject = open.last?.isObject {
            let kind = isObject ? "object" : "array"
            skipSpace()
            let byte = try next("',' or the end of the \(kind)")
            switch (byte, isObject) {
            case (UInt8(ascii: ","), true):
                try member()
            case (UInt8(ascii: ","), false):
                open[open.count - 1].index += 1
                try value()
            case (UInt8(ascii: "}"), true), (UInt8(ascii: "]"), false):
                let closed = open.removeLast()
                builder?.close()
                recordValue(from: closed.start)
            default:
                throw fail(offset - 1, "expected ',' or the end of the \(kind)")
            }
        }
        skipSpace()
        if offset < bytes.count { throw fail(offset, "more after the end of the document") }
    }

    /// A value; an object or array is opened and its first member read (the loop in `document` reads the rest).
    private mutating func value() throws(JSONReader.Problem) {
        skipSpace()
        let start = offset
        let byte = try next("a value")
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = byte == UInt8(ascii: "{")
            try push(isObject: isObject, at: start)
            skipSpace()
            if peek == UInt8(ascii: isObject ? "}" : "]") {
                offset += 1
                open.removeLast()
                builder?.close()
                recordValue(from: start)
            } else if isObject {
                try member()
            } else {
                try value()
            }
        case UInt8(ascii: "\""):
            let text = try string(keeping: keepsScalars)
            if keepsScalars { builder?.scalar(.string(text)) }
            recordValue(from: start)
        case UInt8(ascii: "t"): try literal("true", at: start, .bool(true))
        case UInt8(ascii: "f"): try literal("false", at: start, .bool(false))
        case UInt8(ascii: "n"): try literal("null", at: start, .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            offset = start
            try number()
            if keepsScalars { builder?.scalar(.number(String(decoding: bytes[start..<offset], as: UTF8.self))) }
            recordValue(from: start)
        default:
            throw fail(start, "expected a value")
        }
    }

    /// `"key": value` in the innermost object, refusing a key it already has.
    private mutating func member() throws(JSONReader.Problem) {
        skipSpace()
        let start = offset
        guard try next("a key") == UInt8(ascii: "\"") else { throw fail(start, "expected a key in quotes") }
        let key = try string(keeping: true, isKey: true)
        let index = open.count - 1
        guard isNew(key, inObjectAt: index) else {
            throw .duplicateKey(key, path: path(through: index, includingLast: false))
        }
        open[index].key = key
        builder?.key(key)
        skipSpace()
        guard try next("':'") == UInt8(ascii: ":") else { throw fail(offset - 1, "expected ':' after the key") }
        try value()
    }

    /// Whether the object at `index` has no `key` yet; records it. In place:
    /// a copy of the container would share its keys, and every insert would
    /// then copy them (quadratic time).
    private mutating func isNew(_ key: String, inObjectAt index: Int) -> Bool {
        if open[index].manyKeys.isEmpty {
            if open[index].fewKeys.contains(key) { return false }
            if open[index].fewKeys.count < Self.smallObject {
                open[index].fewKeys.append(key)
                return true
            }
            open[index].manyKeys = Set(open[index].fewKeys)
            open[index].fewKeys = []
        }
        return open[index].manyKeys.insert(key).inserted
    }

    private mutating func push(isObject: Bool, at start: Int) throws(JSONReader.Problem) {
        guard open.count < maximumDepth else {
            throw .tooDeep(path: path(through: open.count - 1, includingLast: true))
        }
        open.append(Container(isObject: isObject, start: start))
        builder?.open(isObject: isObject)
    }

    /// `true`, `false` or `null` from `start`, reported as `value`.
    private mutating func literal(_ word: StaticString, at start: Int, _ value: JSONValue) throws(JSONReader.Problem) {
        let count = word.utf8CodeUnitCount
        let matches =
            bytes.count - start >= count
            && word.withUTF8Buffer { bytes[start..<start + count].elementsEqual($0) }
        guard matches else { throw fail(start, "expected a value") }
        offset = start + count
        if keepsScalars { builder?.scalar(value) }
        recordValue(from: start)
    }

    /// The path of the container at `index`: `start.lists[0]`; with `includingLast`, its current member too.
    private func path(through index: Int, includingLast: Bool) -> String {
        var path = ""
        for (depth, container) in open.enumerated() where depth <= index {
            guard depth < index || includingLast else { break }
            if container.isObject {
                path += (path.isEmpty ? "" : ".") + container.key
            } else {
                path += "[\(container.index)]"
            }
        }
        return path
    }
}
