import CLinux
import Glibc
import RefocusCore
import RefocusOS
import RefocusPlanning

/// Examines program files for the program blocker, as root, without ever
/// waiting on what a user controls. A path is walked one component at a
/// time with `O_PATH|O_NOFOLLOW` (which opens nothing: no FIFO waits for a
/// writer, no device wakes), each folder looked in only when its mount is
/// one the kernel serves itself (`MountTypes`: never FUSE, whose server may
/// be the user's, nor an overlay), symbolic links followed by hand within a
/// budget and never above the walk's root (a chrooted process's `..`). Only
/// a regular file on such a mount is then opened, through that descriptor,
/// for reading, non-blocking, and read in a few small pieces
/// (`ELFBuildID`, `ContentHash`). Not even `fstat` is asked of a file
/// before its mount is known: FUSE answers that too.
public enum ProgramFileReader {
    /// The most symbolic links one walk follows (the kernel's own limit).
    static let symbolicLinkLimit = 40

    /// A file found by a walk: an `O_PATH` descriptor, and its status.
    public struct Found {
        /// The `O_PATH` descriptor; the caller closes it (`close()`).
        public let descriptor: Int32
        /// Its status (`fstat`).
        public let status: stat

        /// Closes the descriptor.
        public func close() { _ = Glibc.close(descriptor) }

        /// Whether it is a regular file that someone may execute.
        public var isExecutable: Bool { status.st_mode & S_IFMT == S_IFREG && status.st_mode & 0o111 != 0 }

        /// Its device and inode.
        public var identity: FileIdentity { FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) }
    }

    /// The file at `path` in root's own folders (the PATH folders, /opt, the
    /// loaders'), where no user can place a FIFO or a mount: opened
    /// non-blocking all the same, and read only when a regular file.
    public static func examineSystemFile(path: String) -> ExaminedFile? {
        guard let file = syscall({ open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }).value else { return nil }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return ExaminedFile(
            identity: FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)),
            fingerprint: fingerprint(file, size: UInt64(max(0, status.st_size))))
    }

    /// The file at `path` (bytes: a command line's need not be UTF-8), looked
    /// up from `folder` (a descriptor; an absolute path from `root`, which
    /// is also as high as `..` goes), examined.
    public static func examine(
        path: [UInt8], below folder: Int32, root: Int32? = nil,
        mounts: MountTypes
    ) -> ExaminedFile? {
        guard let found = find(path, below: folder, root: root ?? folder, mounts: mounts) else { return nil }
        defer { found.close() }
        return examine(found, mounts: mounts)
    }

    /// The file `path` names below `folder` (symbolic links followed, `..`
    /// never above `root`), when every folder on the way and the file lie
    /// on mounts the kernel serves; nil otherwise.
    public static func find(_ path: [UInt8], below folder: Int32, root: Int32, mounts: MountTypes) -> Found? {
        guard !path.isEmpty, !path.contains(0), let rootStatus = status(root, mounts) else { return nil }
        var pending = components(path)
        guard var current = syscall({ dup(path.first == UInt8(ascii: "/") ? root : folder) }).value else { return nil }
        var links = 0
        while !pending.isEmpty {
            let name = pending.removeFirst()
            guard let here = status(current, mounts) else { close(current); return nil }
            if name == [UInt8(ascii: ".")]
                || (name == Array("..".utf8) && here.st_dev == rootStatus.st_dev
                    && here.st_ino == rootStatus.st_ino)
            {
                continue
            }
            guard let next = openAt(current, name) else { close(current); return nil }
            guard let found = status(next, mounts) else { close(next); close(current); return nil }
            if found.st_mode & S_IFMT == S_IFLNK {
                links += 1
                let target = linkTarget(next)
                close(next)
                guard links <= symbolicLinkLimit, let target, !target.isEmpty else { close(current); return nil }
                pending = components(target) + pending
                if target.first == UInt8(ascii: "/") {
                    close(current)
                    guard let restart = syscall({ dup(root) }).value else { return nil }
                    current = restart
                }
                continue
            }
            close(current)
            current = next
        }
        guard let final = status(current, mounts) else { close(current); return nil }
        return Found(descriptor: current, status: final)
    }

    /// The regular file `found` examined: its identity and fingerprint.
    public static func examine(_ found: Found, mounts: MountTypes) -> ExaminedFile? {
        guard found.status.st_mode & S_IFMT == S_IFREG,
            let file = syscall({
                open("/proc/self/fd/\(found.descriptor)", O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            }).value
        else { return nil }
        defer { close(file) }
        guard let opened = status(file, mounts), opened.st_dev == found.status.st_dev,
            opened.st_ino == found.status.st_ino
        else { return nil }
        return ExaminedFile(
            identity: found.identity, fingerprint: fingerprint(file, size: UInt64(max(0, opened.st_size))))
    }

    /// The file open at `descriptor` (the one fanotify gives with an exec
    /// event, or /proc/PID/exe's), examined when it is a regular file on a
    /// mount the kernel serves.
    public static func examine(descriptor: Int32, mounts: MountTypes) -> ExaminedFile? {
        guard let found = status(descriptor, mounts), found.st_mode & S_IFMT == S_IFREG else { return nil }
        return ExaminedFile(
            identity: FileIdentity(device: UInt64(found.st_dev), inode: UInt64(found.st_ino)),
            fingerprint: fingerprint(descriptor, size: UInt64(max(0, found.st_size))))
    }

    /// The executable of process `pid` (/proc/PID/exe, a link the kernel
    /// holds: no lookup in the file's filesystem), examined.
    public static func examineExecutable(of pid: Int32, mounts: MountTypes) -> ExaminedFile? {
        guard let exe = syscall({ open("/proc/\(pid)/exe", ProgramFileReader.pathOnly | O_CLOEXEC) }).value,
            let found = status(exe, mounts)
        else { return nil }
        defer { close(exe) }
        return examine(Found(descriptor: exe, status: found), mounts: mounts)
    }

    /// The fingerprint of the regular file open at `descriptor`, `size` bytes long.
    static func fingerprint(_ descriptor: Int32, size: UInt64) -> ProgramFingerprint? {
        func read(_ offset: UInt64, _ count: Int) -> [UInt8] {
            guard count > 0, offset < size, let start = off_t(exactly: offset) else { return [] }
            var bytes = [UInt8](repeating: 0, count: min(count, Int(clamping: size - offset)))
            let length = bytes.count
            let done = bytes.withUnsafeMutableBytes { raw in
                syscall { pread(descriptor, raw.baseAddress, length, start) }
            }
            guard case .success(let read) = done else { return [] }
            return Array(bytes.prefix(read))
        }
        if let id = ELFBuildID.find(read) { return id }
        let prefix = read(0, ContentHash.prefixLength)
        guard prefix.count == min(Int(clamping: size), ContentHash.prefixLength) else { return nil }
        return .content(size: size, hash: ContentHash.of(prefix))
    }

    /// `O_PATH`, from the CLinux shim (Swift's Glibc module leaves it out).
    static let pathOnly = refocus_o_path

    /// The status of `descriptor` when its mount is one the kernel serves (asked first, of fdinfo).
    private static func status(_ descriptor: Int32, _ mounts: MountTypes) -> stat? {
        guard mounts.isServedByTheKernel(descriptor) else { return nil }
        var status = stat()
        return fstat(descriptor, &status) == 0 ? status : nil
    }

    /// `name` in `folder`, as an `O_PATH` descriptor, no link followed.
    private static func openAt(_ folder: Int32, _ name: [UInt8]) -> Int32? {
        (name + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                syscall({ openat(folder, text.baseAddress!, pathOnly | O_NOFOLLOW | O_CLOEXEC) }).value
            }
        }
    }

    /// The target of the symbolic link open as `link` (an `O_PATH` descriptor).
    private static func linkTarget(_ link: Int32) -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let capacity = buffer.count
        guard let length = syscall({ readlinkat(link, "", &buffer, capacity) }).value, length < capacity else {
            return nil
        }
        return buffer[..<length].map { UInt8(bitPattern: $0) }
    }

    /// The non-empty components of `path`.
    private static func components(_ path: [UInt8]) -> [[UInt8]] {
        path.split(separator: UInt8(ascii: "/")).map(Array.init)
    }
}

extension Result {
    /// The success's value; nil for a failure.
    fileprivate var value: Success? { try? get() }
}
