import CLinux
import Glibc
import RefocusCore
import RefocusOS

/// Examines program files for the program blocker, as root, without ever
/// waiting on what a user controls: a path is first opened with `O_PATH`
/// (which opens nothing: no FIFO waits for a writer, no device wakes), and
/// only a regular file on a filesystem that cannot stall (not FUSE, whose
/// server may be the user's) is then opened for reading, non-blocking, and
/// read in a few small pieces (`ELFBuildID`, `ContentHash`).
public enum ProgramFileReader {
    /// FUSE's `f_type`: a filesystem served by a process, maybe the user's own.
    static let fuseMagic = 0x6573_5546
    /// `O_PATH`, which Swift's Glibc module leaves out (glibc defines it only with `_GNU_SOURCE`).
    static let pathOnly: Int32 = 0o10_000_000

    /// The file at `path` (symbolic links followed), examined; nil when it
    /// is not a regular file, lies on FUSE, or cannot be opened.
    public static func examine(path: String) -> ExaminedFile? {
        examine(path: Array(path.utf8))
    }

    /// The file at the path `bytes` (not always UTF-8: a command line's), examined.
    public static func examine(path bytes: [UInt8]) -> ExaminedFile? {
        guard !bytes.contains(0) else { return nil }
        let opened = (bytes + [0]).withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) { name in syscall { open(name.baseAddress!, pathOnly | O_CLOEXEC) } }
        }
        guard case .success(let handle) = opened else { return nil }
        defer { close(handle) }
        guard let placed = regularFile(handle),
              case .success(let file) = syscall({ open("/proc/self/fd/\(handle)", O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) })
        else { return nil }
        defer { close(file) }
        guard let opened = regularFile(file), opened.identity == placed.identity else { return nil }
        return ExaminedFile(identity: opened.identity, fingerprint: fingerprint(file, size: opened.size))
    }

    /// The file open at `descriptor` (the one fanotify gives with an exec event), examined.
    public static func examine(descriptor: Int32) -> ExaminedFile? {
        guard let file = regularFile(descriptor) else { return nil }
        return ExaminedFile(identity: file.identity, fingerprint: fingerprint(descriptor, size: file.size))
    }

    /// The fingerprint of the regular file open at `descriptor`, `size` bytes long.
    static func fingerprint(_ descriptor: Int32, size: UInt64) -> ProgramFingerprint? {
        func read(_ offset: UInt64, _ count: Int) -> [UInt8] {
            guard count > 0, offset < size, let start = off_t(exactly: offset) else { return [] }
            var bytes = [UInt8](repeating: 0, count: min(count, Int(clamping: size - offset)))
            let length = bytes.count
            let done = bytes.withUnsafeMutableBytes { raw in syscall { pread(descriptor, raw.baseAddress, length, start) } }
            guard case .success(let read) = done else { return [] }
            return Array(bytes.prefix(read))
        }
        if let id = ELFBuildID.find(read) { return id }
        let prefix = read(0, ContentHash.prefixLength)
        guard prefix.count == min(Int(clamping: size), ContentHash.prefixLength) else { return nil }
        return .content(size: size, hash: ContentHash.of(prefix))
    }

    /// The identity and size of the regular file at `descriptor`, on a filesystem that cannot stall.
    private static func regularFile(_ descriptor: Int32) -> (identity: FileIdentity, size: UInt64)? {
        var status = stat()
        var filesystem = statfs()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              fstatfs(descriptor, &filesystem) == 0, filesystem.f_type != fuseMagic else { return nil }
        return (FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)), UInt64(status.st_size))
    }
}
