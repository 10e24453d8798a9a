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
        var touched = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return touched }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = raw.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = raw[nameStart..<nameStart + Int(event.len)].prefix { $0 != 0 }
                    if event.mask & UInt32(IN_Q_OVERFLOW) != 0 || nameBytes.elementsEqual(name.utf8) { touched = true }
                    offset = nameStart + Int(event.len)
                }
            }
        }
    }
}
