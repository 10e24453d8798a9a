import RefocusCore
import RefocusOS

/// One entry of `git ls-tree -z`'s output: `MODE TYPE OBJECT<TAB>PATH`
/// (`MODE TYPE OBJECT SIZE<TAB>PATH` with `-l`),
/// each entry ended by NUL (so paths are never quoted).
struct GitTreeEntry: Equatable {
    /// The file mode, as git writes it: 100644, 040000, ...
    let mode: String
    /// blob, tree or commit (a submodule).
    let type: String
    /// The object's id.
    let object: String
    /// The path in the tree.
    let path: String
    /// The blob's size in bytes, when listed with `-l`.
    var size: Int? = nil

    /// Whether it is a plain file (mode 100644 or 100755), not a link, a folder or a submodule.
    var isFile: Bool { type == "blob" && mode.hasPrefix("100") }

    /// The list a `NAME.domains` path holds, or nil for any other path.
    var listName: BlockListName? {
        let suffix = ".domains"
        guard path.hasSuffix(suffix) else { return nil }
        return try? BlockListName(path.dropLast(suffix.count))
    }

    /// The entries of `output`; malformed entries (which git never writes) are left out.
    static func parse(_ output: [UInt8]) -> [GitTreeEntry] {
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
