import Glibc

/// The mounts a program can be run from, read from /proc/self/mountinfo:
/// every mount without `noexec` whose filesystem holds files (not proc,
/// sysfs, cgroup and the like), for the exec permission marks. FUSE
/// filesystems are left out: an exec permission event on a FUSE file makes
/// the daemon open it, which waits on the FUSE server, which may be the
/// very process waiting for the answer.
public struct ExecutableMounts: Sendable, Equatable {
    /// One mount: where it is and which filesystem it shows.
    public struct Mount: Sendable, Equatable {
        /// The mount point, as this mount namespace sees it.
        public let path: String
        /// The filesystem's device number, `major:minor` (one superblock).
        public let device: String
        /// The filesystem type (`ext4`, `tmpfs`, `overlay`).
        public let type: String
    }

    /// The filesystem types that hold no programs.
    static let pseudoTypes: Set<String> = [
        "proc", "sysfs", "cgroup", "cgroup2", "devpts", "mqueue", "debugfs", "tracefs", "securityfs", "pstore",
        "bpf", "configfs", "fusectl", "hugetlbfs", "autofs", "binfmt_misc", "efivarfs", "nsfs", "rpc_pipefs",
        "selinuxfs", "ramfs",
    ]

    /// The mounts, in the order of the file.
    public let mounts: [Mount]

    /// The mounts of `mountinfo` (the text of /proc/self/mountinfo) a program can be run from.
    public init(mountinfo: String) {
        mounts = mountinfo.split(separator: "\n").compactMap(Self.mount)
    }

    /// The mounts of this process's mount namespace; none when /proc cannot be read.
    public static func current() -> ExecutableMounts {
        let bytes = (try? FileReader.readIfPresent("/proc/self/mountinfo", limit: 4 << 20)) ?? nil
        return ExecutableMounts(mountinfo: String(decoding: bytes ?? [], as: UTF8.self))
    }

    /// One line: `id parent major:minor root mountpoint options [optional…] - type source superoptions`.
    private static func mount(_ line: Substring) -> Mount? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count >= 10, let dash = fields.firstIndex(of: "-"), dash >= 6, dash + 1 < fields.count else {
            return nil
        }
        let options = fields[5].split(separator: ",")
        let type = String(fields[dash + 1])
        guard !options.contains("noexec"), !pseudoTypes.contains(type), type != "fuse", !type.hasPrefix("fuse.") else {
            return nil
        }
        return Mount(path: unescaped(fields[4]), device: String(fields[2]), type: type)
    }

    /// A mountinfo path with its octal escapes (`\040` for a space) decoded.
    static func unescaped(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let first = rest.first {
            if first == UInt8(ascii: "\\"), rest.count >= 4,
                let value = UInt8(String(decoding: rest.dropFirst().prefix(3), as: UTF8.self), radix: 8)
            {
                bytes.append(value)
                rest = rest.dropFirst(4)
            } else {
                bytes.append(first)
                rest = rest.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
