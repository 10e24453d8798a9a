import Glibc

/// What /proc/self/fdinfo says of an open descriptor: the mount it lies on
/// and its inode number, read from what the kernel keeps in memory (the
/// file's filesystem is asked nothing, so a FUSE server cannot hold the read).
public struct DescriptorInfo: Sendable, Hashable {
    /// The machine-wide id of the mount (`mnt_id:`), as mountinfo numbers it.
    public let mountID: Int
    /// The inode number (`ino:`); 0 on a kernel too old to print it.
    public let inode: UInt64

    /// The fdinfo of `descriptor` in this process; nil when it cannot be read or names no mount.
    public static func of(_ descriptor: Int32) -> DescriptorInfo? {
        guard let bytes = ProcFile.read(pid: getpid(), "fdinfo/\(descriptor)", singleRead: true) else { return nil }
        var mountID: Int?
        var inode: UInt64 = 0
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let value = String(
                decoding: line[(colon + 1)...].filter { $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: " ") },
                as: UTF8.self)
            switch String(decoding: line[..<colon], as: UTF8.self) {
            case "mnt_id": mountID = Int(value)
            case "ino": inode = UInt64(value) ?? 0
            default: continue
            }
        }
        return mountID.map { DescriptorInfo(mountID: $0, inode: inode) }
    }
}
