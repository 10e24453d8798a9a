/// A file as the kernel knows it: its filesystem's device number and its
/// inode number. Every name (hard link, symbolic link, bind mount) of one
/// executable has the same identity, so a blocked program found at
/// /usr/bin/discord is recognised when it is run as /opt/x/anything.
public struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The device of the filesystem that holds the file (`st_dev`).
    public let device: UInt64
    /// The file's inode number on it (`st_ino`).
    public let inode: UInt64

    /// The identity of the file with `inode` on `device`.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// `device:inode`, in decimal.
    public var description: String { "\(device):\(inode)" }
}
