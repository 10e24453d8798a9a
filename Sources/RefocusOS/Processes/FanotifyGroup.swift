import CLinux
import Glibc
import SystemPackage

/// A fanotify group that asks before programs run: exec permission events
/// (`FAN_OPEN_EXEC_PERM`) for the filesystems it marks. While a mark is in
/// place every exec on that filesystem waits until the group answers, so
/// every event read must be answered (`answer`), whatever happens. Closing
/// the group (or the daemon's death) removes its marks and answers every
/// pending event with "allow": the kernel does that when the last
/// descriptor of the group is gone.
///
/// Needs CAP_SYS_ADMIN and a kernel with
/// `CONFIG_FANOTIFY_ACCESS_PERMISSIONS` (`init` throws EPERM or EINVAL
/// otherwise: a container, a kernel without it).
public final class FanotifyGroup: @unchecked Sendable {
    /// One exec waiting for an answer.
    public struct Event: Sendable {
        /// The descriptor of the file about to be run, opened for the reader; the answer closes it.
        public let file: Int32
        /// The process that runs it, as this PID namespace numbers it.
        public let pid: Int32
    }

    /// How the marks came out.
    public struct Marks: Sendable, Equatable {
        /// Filesystems marked whole (every mount of each).
        public var filesystems = 0
        /// Mounts marked one by one, where the filesystem refused a filesystem mark.
        public var mounts = 0
        /// Mounts that refused both, with the reason.
        public var refused: [String] = []

        /// No mark yet.
        public init() {}
    }

    /// The group's descriptor (non-blocking): poll it for events.
    public let fileDescriptor: Int32

    /// A new group, with no mark yet.
    public init() throws(Errno) {
        let flags = UInt32(FAN_CLASS_CONTENT | FAN_CLOEXEC | FAN_NONBLOCK)
        let eventFlags = UInt32(O_RDONLY | O_CLOEXEC)
        fileDescriptor = try syscall { fanotify_init(flags, eventFlags) }.get()
    }

    deinit { close(fileDescriptor) }

    /// Marks each filesystem of `mounts` once for exec permission events (a
    /// mark on the mount itself where the filesystem refuses one).
    public func mark(_ mounts: ExecutableMounts) -> Marks {
        var marks = Marks()
        var filesystems: Set<String> = []
        var refusedFilesystems: Set<String> = []
        for mount in mounts.mounts {
            if filesystems.contains(mount.device) { continue }
            if !refusedFilesystems.contains(mount.device) {
                if add(FAN_MARK_FILESYSTEM, mount.path) == nil {
                    filesystems.insert(mount.device)
                    marks.filesystems += 1
                    continue
                }
                refusedFilesystems.insert(mount.device)
            }
            if let errno = add(FAN_MARK_MOUNT, mount.path) {
                marks.refused.append("\(mount.path) (\(mount.type)): \(errno)")
            } else {
                marks.mounts += 1
            }
        }
        return marks
    }

    /// Makes the group ignore execs of the files at `paths` (following
    /// symbolic links; paths that do not exist are skipped): the ELF
    /// interpreter, which the kernel opens for exec after every dynamically
    /// linked program, so that such an exec costs one answer, not two.
    /// Returns how many files are ignored.
    @discardableResult
    public func ignore(_ paths: [String]) -> Int {
        let flags = UInt32(FAN_MARK_ADD | FAN_MARK_IGNORED_MASK | FAN_MARK_IGNORED_SURV_MODIFY)
        var ignored = 0
        for path in paths {
            if case .success = syscall({
                fanotify_mark(fileDescriptor, flags, UInt64(FAN_OPEN_EXEC_PERM), AT_FDCWD, path)
            }) {
                ignored += 1
            }
        }
        return ignored
    }

    /// Makes the group ignore execs of the file open at `descriptor` (an
    /// event's own), until the file is written: the kernel drops an ignore
    /// mark made without `FAN_MARK_IGNORED_SURV_MODIFY` at the file's next
    /// modification. The mark pins the file's inode in kernel memory until
    /// `forgetIgnoredFiles` or the group's end. Returns whether it was made.
    public func ignoreUntilModified(_ descriptor: Int32) -> Bool {
        let flags = UInt32(FAN_MARK_ADD | FAN_MARK_IGNORED_MASK)
        if case .success = syscall({ fanotify_mark(fileDescriptor, flags, UInt64(FAN_OPEN_EXEC_PERM), descriptor, nil) }
        ) {
            return true
        }
        return false
    }

    /// Removes every mark the group holds on single files (`ignore`'s and
    /// `ignoreUntilModified`'s), keeping those on filesystems and mounts.
    public func forgetIgnoredFiles() {
        _ = syscall { fanotify_mark(fileDescriptor, UInt32(FAN_MARK_FLUSH), 0, AT_FDCWD, nil) }
    }

    /// Lets go of the group at once, from any thread: /dev/null takes the
    /// place of its descriptor (the number stays valid, so a thread still
    /// using it reads nothing and answers into nothing), and the kernel,
    /// seeing the group's last descriptor gone, removes its marks and allows
    /// every exec still waiting, including events read but not yet answered.
    /// The watchdog's way out of a stalled answer loop. Returns whether it worked.
    @discardableResult
    public func release() -> Bool {
        guard case .success(let null) = syscall({ open("/dev/null", O_RDWR | O_CLOEXEC) }) else { return false }
        defer { close(null) }
        guard (try? syscall({ dup2(null, fileDescriptor) }).get()) != nil else { return false }
        _ = fcntl(fileDescriptor, F_SETFD, FD_CLOEXEC)
        return true
    }

    /// The events queued now (none when nothing is: the group does not
    /// block), read into `buffer`. Throws on a read error other than EAGAIN.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> [Event] {
        let count: Int
        switch syscall({ Glibc.read(fileDescriptor, buffer.baseAddress, buffer.count) }) {
        case .success(let read): count = read
        case .failure(.resourceTemporarilyUnavailable): return []
        case .failure(let errno): throw errno
        }
        var events: [Event] = []
        var offset = 0
        // struct fanotify_event_metadata: event_len u32, vers u8, reserved u8, metadata_len u16, mask u64, fd s32, pid s32.
        while offset + 24 <= count {
            let length = Int(buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            guard length >= 24, offset + length <= count else { break }
            let file = buffer.loadUnaligned(fromByteOffset: offset + 16, as: Int32.self)
            let pid = buffer.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self)
            if file >= 0 { events.append(Event(file: file, pid: pid)) }
            offset += length
        }
        return events
    }

    /// Answers `event` (allowed or not) and closes its file. An answer the
    /// kernel no longer waits for (the group was released meanwhile) is ignored.
    public func answer(_ event: Event, allow: Bool) {
        var response = fanotify_response(fd: event.file, response: UInt32(allow ? FAN_ALLOW : FAN_DENY))
        _ = withUnsafeBytes(of: &response) { raw in syscall { write(fileDescriptor, raw.baseAddress, raw.count) } }
        close(event.file)
    }

    private func add(_ kind: Int32, _ path: String) -> Errno? {
        let flags = UInt32(FAN_MARK_ADD | kind)
        if case .failure(let errno) = syscall({
            fanotify_mark(fileDescriptor, flags, UInt64(FAN_OPEN_EXEC_PERM), AT_FDCWD, path)
        }) {
            return errno
        }
        return nil
    }
}
