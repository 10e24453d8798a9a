import Glibc
import SystemPackage

/// The filesystem type of each mount a process sees, from its
/// /proc/PID/mountinfo (which the kernel writes from memory: reading it never
/// asks a filesystem anything), so that root can tell whether a file a user
/// controls lies on a filesystem whose reads the kernel serves itself or on
/// one a user's process answers (FUSE, or an overlay that may stack on it),
/// without a `statfs` that would itself wait on that process.
public struct MountTypes: Sendable {
    /// Filesystems the kernel serves from memory or a local block device: a
    /// read of one never waits on a process. FUSE (`fuse`, `fuseblk`,
    /// `fuse.*`), overlays (which can stack on FUSE), network filesystems and
    /// anything else unknown are left out.
    public static let servedByTheKernel: Set<String> = [
        "tmpfs", "ramfs", "ext2", "ext3", "ext4", "xfs", "btrfs", "f2fs", "squashfs", "erofs", "vfat", "exfat",
        "iso9660", "jfs", "nilfs2", "bcachefs",
    ]
    /// The most of a mountinfo file that is read (a user namespace can hold
    /// many mounts); a longer one is not trusted.
    static let limit = 1 << 20

    /// The type of each mount, by the mount id the kernel gives it.
    public let types: [Int: String]

    /// Makes the table from mountinfo's text; a last line without its
    /// newline (a file cut at the limit) is left out. An id given twice keeps its first type.
    public init(mountinfo: some Collection<UInt8>) {
        var types: [Int: String] = [:]
        for line in Self.completeLines(Array(mountinfo)).split(separator: UInt8(ascii: "\n")) {
            // "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw": the id first, the type after " - ".
            let fields = line.split(separator: UInt8(ascii: " "))
            guard let id = fields.first.flatMap({ Int(String(decoding: $0, as: UTF8.self)) }),
                let dash = fields.firstIndex(where: { $0.elementsEqual("-".utf8) }), dash + 1 < fields.count
            else { continue }
            if types[id] == nil { types[id] = String(decoding: fields[dash + 1], as: UTF8.self) }
        }
        self.types = types
    }

    /// The mounts process `pid` sees (its mount namespace, under its
    /// root; a process chrooted into a folder does not see the mount that
    /// holds it) and those this process sees: mount ids are the machine's,
    /// so one id means one mount in either. Each file is read up to `limit`;
    /// a mount past it is unknown, so not trusted.
    public static func seen(by pid: Int32) -> MountTypes {
        let theirs = ProcFile.read(pid: pid, "mountinfo", limit: limit) ?? []
        let ours = ProcFile.read(pid: getpid(), "mountinfo", limit: limit) ?? []
        return MountTypes(mountinfo: Self.completeLines(theirs) + Self.completeLines(ours))
    }

    /// `bytes` up to its last newline.
    private static func completeLines(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes[..<((bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1)]
    }

    /// Whether the file `descriptor` refers to (an `O_PATH` one will do) lies
    /// on a mount of a type in `servedByTheKernel`. Its mount id comes from
    /// /proc/self/fdinfo, which asks the filesystem nothing.
    public func isServedByTheKernel(_ descriptor: Int32) -> Bool {
        guard let id = Self.mountID(of: descriptor), let type = types[id] else { return false }
        return Self.servedByTheKernel.contains(type)
    }

    /// The `mnt_id:` of /proc/self/fdinfo/`descriptor`.
    static func mountID(of descriptor: Int32) -> Int? {
        DescriptorInfo.of(descriptor)?.mountID
    }
}
