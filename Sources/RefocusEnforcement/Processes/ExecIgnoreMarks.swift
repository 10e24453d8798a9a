import Glibc
import RefocusCore
import RefocusOS
import RefocusPlanning

/// Which allowed files the exec guard stops being asked about: an ignore
/// mark on a file's inode (`FanotifyGroup.ignoreUntilModified`) makes the
/// kernel run it without an event until the file is written or the marks
/// are flushed. A mark holds only while nothing the guard matches on can
/// change under it, so a file is marked only when:
///
/// - its verdict is "refused for nobody" (`ExecRules.refusesNobody`): no
///   owner's identity, name or fingerprint matches it, and no owner's rules
///   name apps (an app is known by the process, not the file);
/// - its content cannot change without the kernel dropping the mark: it
///   lies on a mount the kernel serves itself (`MountTypes`: never FUSE, an
///   overlay or a network filesystem, whose content can change with no
///   local write), and it belongs to root with no write bit for group or
///   others (no owner can write it, through `write` or a shared mapping);
/// - its name cannot change: one link (`st_nlink == 1`), in a folder that
///   belongs to root and that no one else can write (or a sticky one, where
///   only root may rename root's file), and hard links of another's file
///   refused by the kernel (`fs.protected_hardlinks = 1`, read once).
///
/// A file that fails is remembered (by mount and inode, for the rules of
/// one generation) so that its next exec costs one fdinfo read. Used by the
/// guard's answering thread only.
final class ExecIgnoreMarks {
    /// The most files remembered as not to be marked.
    static let declinedCapacity = 4_096

    /// The most ignore marks; 0 makes none.
    let cap: Int

    private let hardLinksProtected: Bool
    private let root: Int32
    private var mounts: MountTypes
    private var mountsRead: UInt64
    private var declined: Set<DescriptorInfo> = []
    private var generation: UInt64 = 0

    /// Ignore marks up to `cap` at a time (0: none), when the kernel protects hard links.
    init(cap: Int) {
        hardLinksProtected = Self.hardLinksProtected()
        root = (try? syscall({ open("/", ProgramFileReader.pathOnly | O_DIRECTORY | O_CLOEXEC) }).get()) ?? -1
        self.cap = root >= 0 ? cap : 0
        mounts = MountTypes.seen(by: getpid())
        mountsRead = monotonicNanoseconds()
    }

    deinit { if root >= 0 { close(root) } }

    /// Whether the exec event's file open at `file`, allowed under `rules`
    /// of `generation`, may be marked to be ignored.
    func mayIgnore(_ file: Int32, rules: ExecRules, generation: UInt64) -> Bool {
        guard cap > 0, hardLinksProtected, let info = DescriptorInfo.of(file) else { return false }
        if generation != self.generation {
            declined = []
            self.generation = generation
        }
        guard !declined.contains(info) else { return false }
        if examine(file, info, rules) { return true }
        if declined.count >= Self.declinedCapacity { declined = [] }
        declined.insert(info)
        return false
    }

    private func examine(_ file: Int32, _ info: DescriptorInfo, _ rules: ExecRules) -> Bool {
        guard servedByTheKernel(info.mountID) else { return false }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == 0,
            status.st_mode & 0o022 == 0, status.st_nlink == 1,
            let path = ProcFile.link(pid: getpid(), "fd/\(file)"), path.first == UInt8(ascii: "/"),
            let slash = path.lastIndex(of: UInt8(ascii: "/")), slash + 1 < path.count
        else { return false }
        // The name the kernel gives is the file's own, in the folder found walking it (never
        // through a mount a user's process serves): one more link, or another file there, and it is not.
        guard let found = ProgramFileReader.find(path, below: root, root: root, mounts: mounts) else { return false }
        defer { found.close() }
        guard found.status.st_dev == status.st_dev, found.status.st_ino == status.st_ino,
            let folder = ProgramFileReader.find(
                slash == 0 ? [UInt8(ascii: "/")] : Array(path[..<slash]), below: root, root: root, mounts: mounts)
        else { return false }
        defer { folder.close() }
        let mode = folder.status.st_mode
        guard mode & S_IFMT == S_IFDIR, folder.status.st_uid == 0, mode & 0o022 == 0 || mode & S_ISVTX != 0
        else { return false }
        let identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        return rules.refusesNobody(file: identity, path: path) {
            ProgramFileReader.examine(descriptor: file, mounts: mounts)?.fingerprint
        }
    }

    /// Whether mount `id` (of this process's mount namespace) is of a type
    /// the kernel serves; an id not known yet re-reads the mount table, at most once a second.
    private func servedByTheKernel(_ id: Int) -> Bool {
        if mounts.types[id] == nil, monotonicNanoseconds() &- mountsRead > 1_000_000_000 {
            mounts = MountTypes.seen(by: getpid())
            mountsRead = monotonicNanoseconds()
        }
        return mounts.types[id].map { MountTypes.servedByTheKernel.contains($0) } ?? false
    }

    /// Whether `fs.protected_hardlinks` is on: no one links a file they neither own nor may write.
    private static func hardLinksProtected() -> Bool {
        guard let file = try? syscall({ open("/proc/sys/fs/protected_hardlinks", O_RDONLY | O_CLOEXEC) }).get()
        else { return false }
        defer { close(file) }
        var first: UInt8 = 0
        return read(file, &first, 1) == 1 && first == UInt8(ascii: "1")
    }

}
