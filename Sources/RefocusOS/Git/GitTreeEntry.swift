import RefocusCore

/// One entry of `git ls-tree -z`'s output: `MODE TYPE OBJECT<TAB>PATH`
/// (`MODE TYPE OBJECT SIZE<TAB>PATH` with `-l`),
/// each entry ended by NUL (so paths are never quoted).
public struct GitTreeEntry: Equatable, Sendable {
    /// The file mode, as git writes it: 100644, 040000, ...
    public let mode: String
    /// blob, tree or commit (a submodule).
    public let type: String
    /// The object's id.
    public let object: String
    /// The path in the tree.
    public let path: String
    /// The blob's size in bytes, when listed with `-l`.
    public var size: Int? = nil

    /// An entry as `git ls-tree` lists it.
    public init(mode: String, type: String, object: String, path: String, size: Int? = nil) {
        self.mode = mode
        self.type = type
        self.object = object
        self.path = path
        self.size = size
    }

    /// Whether it is a plain file (mode 100644 or 100755), not a link, a folder or a submodule.
    public var isFile: Bool { type == "blob" && mode.hasPrefix("100") }

    /// The list a `NAME.domains` path holds, or nil for any other path.
    public var listName: BlockListName? {
        let suffix = ".domains"
        guard path.hasSuffix(suffix) else { return nil }
        return try? BlockListName(path.dropLast(suffix.count))
    }

    /// The entries of `output`; malformed entries (which git never writes) are left out.
    public static func parse(_ output: [UInt8]) -> [GitTreeEntry] {
        output.split(separator: 0).compactMap { record in
            guard let tab = record.firstIndex(of: 0x09) else { return nil }
            let fields = record[..<tab].split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 3 || fields.count == 4 else { return nil }
            return GitTreeEntry(
                mode: fields[0], type: fields[1], object: fields[2],
                path: String(decoding: record[record.index(after: tab)...], as: UTF8.self),
                size: fields.count == 4 ? Int(fields[3]) : nil)
        }
    }
}
