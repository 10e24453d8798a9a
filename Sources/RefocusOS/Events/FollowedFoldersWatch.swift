import Glibc

/// Notices changes in a fixed set of folders that may be replaced, by a
/// link or by a rename of a link on the way to them (the administrator's
/// `/etc/refocus/schedules.d` and `lists`, which a fleet's pull makes links
/// through `fleet/current`): one inotify descriptor and one watch per
/// folder, each counting either every name in it or only some (in
/// `/etc/refocus`, the folders' own names). Links are followed, so
/// `rearm()` after a change watches what each path leads to now and drops
/// the watch on what it led to before: the watches stay as many as the
/// folders, never more. A folder that does not exist is watched from its
/// parent, when that is one of the folders. The events: writes closed,
/// renames in or out, creation, deletion, attribute changes, and a watched
/// folder deleted or moved; never each write.
public final class FollowedFoldersWatch {
    /// One folder and the names in it that count (nil: every name).
    public typealias Folder = (path: String, names: Set<String>?)

    /// The descriptor to watch; readable when something happened in a folder.
    public let fileDescriptor: Int32
    /// The folders, in the order they are armed.
    public let folders: [Folder]
    /// The watch descriptors armed, and which names count in each.
    private var armed: [Int32: Set<String>?] = [:]

    /// Watches `folders` (each that exists now; `rearm()` adds the others once they do).
    public init(_ folders: [Folder]) throws(SystemError) {
        self.folders = folders
        fileDescriptor = try syscall { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }.get(
            "watch", folders.map(\.path).joined(separator: ", "))
        rearm()
    }

    deinit { close(fileDescriptor) }

    /// The number of watches armed now: at most one per folder.
    public var watchCount: Int { armed.count }

    /// Watches what each folder's path leads to now, and stops watching
    /// what the paths led to before and no longer do. Call it before
    /// reading the folders, so that a change after the read is seen.
    public func rearm() {
        var now: [Int32: Set<String>?] = [:]
        for folder in folders {
            let mask = UInt32(
                IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB | IN_DELETE_SELF
                    | IN_MOVE_SELF | IN_ONLYDIR)
            guard case .success(let watch) = syscall({ inotify_add_watch(fileDescriptor, folder.path, mask) }) else {
                continue
            }
            // Two paths to one folder (a link to a sibling): every name of either counts.
            if let earlier = now[watch] {
                now[watch] = earlier.flatMap { names in folder.names.map { names.union($0) } }
            } else {
                now[watch] = folder.names
            }
        }
        for stale in armed.keys where now[stale] == nil {
            _ = inotify_rm_watch(fileDescriptor, stale)
        }
        armed = now
    }

    /// Whether any event since the last call concerned a name that counts
    /// in its folder, or a watched folder itself (deleted, moved), or
    /// events were lost. Events of watches `rearm()` dropped do not count.
    public func drain() -> Bool {
        FileWatch.drainEvents(fileDescriptor) { event in
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
            // The end of a watch: its folder's deletion or move counted already, our own `rearm` does not.
            if event.mask & UInt32(IN_IGNORED) != 0 { return false }
            guard let names = armed[event.watch] else { return false }
            if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 { return true }
            return names.map { $0.contains(String(decoding: event.name, as: UTF8.self)) } ?? true
        }
    }
}
