import Glibc

/// Notices changes to files of some names in several folders that may come
/// and go (the managed policy folders of browsers): one inotify descriptor,
/// a watch per folder that exists when `watch(_:)` is called. The caller
/// calls `watch(_:)` again after creating a folder; a folder that is
/// removed or moved away counts as a change (its watch ends with it). The
/// same events as `FileWatch`: writes closed, renames, deletion, creation,
/// attribute changes, never each write.
public final class FolderWatch {
    /// The descriptor to watch; readable when something happened in a folder.
    public let fileDescriptor: Int32
    /// The files' names; a change to any of them in any watched folder counts.
    public let names: Set<String>
    /// Whether a change to a file of that name counts (one of `names`, or any name).
    private let counts: (String) -> Bool

    /// Watches no folder yet, for files named one of `names`.
    public init(names: Set<String>) throws(SystemError) {
        self.names = names
        counts = { names.contains($0) }
        fileDescriptor = try syscall { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }.get(
            "watch", names.sorted().joined(separator: ", "))
    }

    /// Watches no folder yet, for files whose name `accepting` takes (every file: `{ _ in true }`).
    public init(accepting: @escaping (String) -> Bool) throws(SystemError) {
        names = []
        counts = accepting
        fileDescriptor = try syscall { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }.get("watch", "folders")
    }

    deinit { close(fileDescriptor) }

    /// Adds a watch on each of `folders` that exists (one watched already
    /// keeps its watch); folders that do not exist are skipped.
    public func watch(_ folders: [String]) {
        watch(folders, followingLinks: true)
    }

    /// `watch(_:)`, where without `followingLinks` a folder that is a link is
    /// skipped too (a folder others may write can hold them).
    public func watch(_ folders: [String], followingLinks: Bool) {
        let mask =
            UInt32(
                IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB
                    | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR) | (followingLinks ? 0 : UInt32(IN_DONT_FOLLOW))
        for folder in folders { _ = syscall { inotify_add_watch(fileDescriptor, folder, mask) } }
    }

    /// Whether any event since the last call concerned a file of those names,
    /// or a watched folder itself (removed, moved), or events were lost.
    public func drain() -> Bool {
        let folderGone = UInt32(IN_Q_OVERFLOW | IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)
        return FileWatch.drain(fileDescriptor) { mask, name in
            mask & folderGone != 0 || self.counts(String(decoding: name, as: UTF8.self))
        }
    }
}
