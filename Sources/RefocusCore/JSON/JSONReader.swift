/// The one JSON reader (RFC 8259) for every document ReFocus reads by
/// itself: a request on the helper's standard input (checked here, then
/// decoded by `JSONDecoder`), a file that belongs to someone else and is
/// merged into in order (`JSONValue(parsing:)`: Firefox's policies.json),
/// and the status file (that value, read as `StatusSnapshot`:
/// `StatusFile.decode`). Whatever it reads for, it refuses an object that
/// names the same key twice (Foundation's `JSONDecoder` keeps the first of
/// two equal keys silently; another reader could keep the last) and
/// nesting deeper than its caller's cap.
///
/// A complete tokenizer (`JSONScanner`): strings with every escape,
/// `\uXXXX` included, surrogate pairs joined; numbers, literals and white
/// space by the grammar. Keys are compared after unescaping, as `String`s
/// (canonically equivalent keys are equal, as they are to the decoder), so
/// `{"a":1,"\u0061":2}` is a duplicate. One pass: time linear in the
/// document's size, memory in its keys (and in its values, for a reader that
/// keeps them); the open containers are a stack that the depth cap bounds.
public enum JSONReader {
    /// The deepest nesting of objects and arrays accepted unless a caller asks for less.
    public static let maximumDepth = 64

    /// What is wrong with a document.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// `key` appears twice in the object at `path` (`""` for the top level).
        case duplicateKey(String, path: String)
        /// An object or array at `path` nests deeper than the cap.
        case tooDeep(path: String)
        /// Not JSON: the byte `offset` (from 0) and why.
        case malformed(offset: Int, reason: String)

        /// One line naming the key or place, and the fix.
        public var description: String {
            switch self {
            case let .duplicateKey(key, path):
                "the key '\(key)' appears twice in \(path.isEmpty ? "the top-level object" : "the object at \(path)");"
                    + " give each key once"
            case let .tooDeep(path):
                "\(path.isEmpty ? "the document" : path) nests deeper than \(maximumDepth) levels"
            case let .malformed(offset, reason):
                "not JSON at byte \(offset): \(reason)"
            }
        }
    }

    /// Throws the first problem of `bytes`, read as one JSON document; keeps nothing of it.
    /// The helper runs this on a request's bytes before `JSONDecoder` decodes them.
    public static func check(_ bytes: [UInt8], maximumDepth: Int = Self.maximumDepth) throws(Problem) {
        var scanner = JSONScanner(bytes, maximumDepth: maximumDepth, builder: nil)
        try scanner.document()
    }
}
