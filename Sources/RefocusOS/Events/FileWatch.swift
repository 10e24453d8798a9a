import Glibc

/// Notices changes to one file (an inotify watch on its folder, so that a
/// file replaced by rename, deleted or recreated is still seen): writes
/// closed, renames in or out, deletion, creation and attribute changes.
/// Not each write (IN_MODIFY): reacting to a writer's truncation before it
/// has written would rewrite the file under it, and its content would be lost.
public final class FileWatch {
    /// The descriptor to watch; readable when something happened in the folder.
    public let fileDescriptor: Int32
    /// The file's name in its folder.
    public let name: String

    /// Watches `path`'s folder for events about `path`.
    public init(_ path: String) throws(SystemError) {
        let folder = AtomicFile.parentDirectory(of: path)
        name = String(path.split(separator: "/").last ?? "")
        fileDescriptor = try syscall { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }.get("watch", folder)
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB)
        let descriptor = fileDescriptor
        do {
            try syscall { inotify_add_watch(descriptor, folder, mask) }.get("watch", folder)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(fileDescriptor) }

    /// Whether any event since the last call concerned the file (or events
    /// were lost, which counts as a change).
    public func drain() -> Bool {
        Self.drain(fileDescriptor) { mask, name in
            mask & UInt32(IN_Q_OVERFLOW) != 0 || name.elementsEqual(self.name.utf8)
        }
    }

    /// Whether any event since the last call concerned the file, leaving
    /// out our own atomic write of it (`AtomicFile`: a temporary sibling
    /// renamed over it, the pair known by the rename's cookie). Called right
    /// after that write, so that its event does not make the file be read
    /// again, while someone else's change that landed between our rename and
    /// this call (a write in place, their own rename) is not lost with it.
    public func drainOwnWrite() -> Bool {
        var ours: Set<UInt32> = []
        return Self.drainEvents(fileDescriptor) { event in
            if event.mask & UInt32(IN_MOVED_FROM) != 0,
                AtomicFile.isTemporary(String(decoding: event.name, as: UTF8.self), of: name)
            {
                ours.insert(event.cookie)
                return false
            }
            guard event.mask & UInt32(IN_Q_OVERFLOW) != 0 || event.name.elementsEqual(name.utf8) else { return false }
            return !(event.mask & UInt32(IN_MOVED_TO) != 0 && ours.remove(event.cookie) != nil)
        }
    }

    /// Reads every pending event of the inotify descriptor `fd`; whether
    /// `concerns` held for any (its mask and the name it is about).
    package static func drain(_ fd: Int32, where concerns: (UInt32, [UInt8]) -> Bool) -> Bool {
        drainEvents(fd) { event in concerns(event.mask, event.name) }
    }

    /// Reads every pending event of the inotify descriptor `fd`, in order; whether `concerns` held for any.
    package static func drainEvents(_ fd: Int32, where concerns: (Event) -> Bool) -> Bool {
        var touched = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return touched }
            // Every event is looked at (none skipped once one concerned the file): a rename's pair spans two.
            for event in events(in: buffer[..<count]) where concerns(event) {
                touched = true
            }
        }
    }

    /// One inotify event: its mask, the cookie that pairs a rename's two
    /// events, the name in the watched folder it concerns, and the watch
    /// (the descriptor `inotify_add_watch` returned) it came from.
    package typealias Event = (mask: UInt32, cookie: UInt32, name: [UInt8], watch: Int32)

    /// The events in bytes read from an inotify descriptor, in order.
    package static func events(in bytes: ArraySlice<UInt8>) -> [Event] {
        bytes.withUnsafeBytes { raw in
            var events: [Event] = []
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= raw.count {
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameEnd = min(raw.count, nameStart + Int(event.len))
                events.append(
                    (event.mask, event.cookie, Array(raw[nameStart..<nameEnd].prefix { $0 != 0 }), event.wd))
                offset = nameStart + Int(event.len)
            }
            return events
        }
    }
}
