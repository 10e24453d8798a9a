import CLinux
import Glibc
import RefocusCore
import RefocusOS

/// Where blocked programs are installed: for each blocked name, the files
/// of that name in the folders programs are run from (the system's PATH
/// folders, Flatpak's and Snap's exported commands, games, the first level
/// of /opt, the owner's ~/.local/bin and ~/bin), by identity, following
/// symbolic links (`/usr/bin/firefox` is the file it points at). An exec of
/// any name of such a file is then refused, not only of that name. The
/// owner's folders are theirs to fill: looked up only on their home's own
/// mount, and only where the kernel serves it (`UntrustedFile.status`), so a
/// FUSE mount or a link into one there never makes the daemon wait.
/// Found at each reconcile that changes the rules: a program installed
/// during a session is refused by its name until the next one.
public enum ProgramLocations {
    /// The folders searched for every owner.
    static let systemFolders = [
        "/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/games", "/usr/local/games",
        "/snap/bin", "/var/lib/flatpak/exports/bin",
    ]

    /// The identities of the files found under `rules`' names, per owner.
    public static func identities(of rules: ProgramRules) -> [UInt32: [FileIdentity: ProgramName]] {
        let optFolders = subfolders("/opt").flatMap { [$0, $0 + "/bin"] }
        let mounts = MountTypes.seen(by: getpid())
        var found: [UInt32: [FileIdentity: ProgramName]] = [:]
        for (owner, names) in rules.programs {
            let home = UserAccount.lookup(uid: owner)?.home
            let homeFolder = home.flatMap { path in try? syscall({ open(path, refocus_o_path | O_DIRECTORY | O_CLOEXEC) }).get() }
            defer { if let homeFolder { close(homeFolder) } }
            var owned: [FileIdentity: ProgramName] = [:]
            for name in names.sorted() {
                var identities = (systemFolders + optFolders).compactMap { executable($0 + "/" + name.rawValue) }
                // The owner's folders, which they control: looked up without leaving their home's mount.
                if let homeFolder {
                    identities += [".local/bin/", "bin/"].compactMap {
                        UntrustedFile.status(of: $0 + name.rawValue, below: homeFolder, mounts: mounts).flatMap(identity)
                    }
                }
                for identity in identities where owned[identity] == nil { owned[identity] = name }
            }
            found[owner] = owned
        }
        return found
    }

    /// The identity of the executable regular file at `path`, through symbolic links; nil for anything else.
    static func executable(_ path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return identity(status)
    }

    /// The identity of an executable regular file of this status; nil for anything else.
    private static func identity(_ status: stat) -> FileIdentity? {
        guard status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o111 != 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The folders directly in `path`, as paths.
    private static func subfolders(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            var status = stat()
            if stat(path + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { folders.append(path + "/" + name) }
        }
        return folders.sorted()
    }
}
