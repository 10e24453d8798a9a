import RefocusCore

/// What a file in a sync folder is, by its name: a list's synced form
/// (`NAME.domains`), a conflict copy a sync engine left beside it, or
/// something to leave alone.
///
/// Conflict copies: Syncthing's `NAME.sync-conflict-DATE-TIME-DEVICE.domains`,
/// Dropbox's and Nextcloud's `NAME (conflicted copy …).domains` and other
/// engines' `NAME (… conflict …).domains`.
public enum SyncFileName: Sendable, Equatable {
    /// The list's synced form.
    case list(BlockListName)
    /// A conflict copy of the list.
    case conflictCopy(BlockListName)
    /// Not ours: another file, a hidden or temporary one, a bad list name.
    case other

    /// The suffix of every synced list file.
    public static let suffix = ".domains"

    /// Classifies the file name `file` (no folder).
    public init(_ file: String) {
        guard file.hasSuffix(Self.suffix), !file.hasPrefix(".") else {
            self = .other
            return
        }
        let stem = file.dropLast(Self.suffix.count)
        if let name = try? BlockListName(stem) {
            self = .list(name)
        } else if let marker = stem.range(of: ".sync-conflict-"),
            let name = try? BlockListName(stem[..<marker.lowerBound])
        {
            self = .conflictCopy(name)
        } else if let open = stem.range(of: " ("), stem.hasSuffix(")"),
            stem[open.upperBound...].lowercased().contains("conflict"),
            let name = try? BlockListName(stem[..<open.lowerBound])
        {
            self = .conflictCopy(name)
        } else {
            self = .other
        }
    }
}
