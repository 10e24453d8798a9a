import CLinux
import Glibc
import RefocusCore
import RefocusOS
import RefocusPlanning

/// Where blocked programs are installed: for each blocked name, the files
/// of that name in the folders programs are run from (the system's PATH
/// folders, Flatpak's and Snap's exported commands, games, the first level
/// of /opt, the owner's ~/.local/bin and ~/bin), by identity, following
/// symbolic links (`/usr/bin/firefox` is the file it points at). An exec of
/// any name of such a file is then refused, not only of that name, and of
/// any copy of it (its `ProgramFingerprint`). The owner's folders are
/// theirs to fill: looked up and read only through mounts the kernel serves
/// (`ProgramFileReader`), so a FUSE mount or a link into one there never
/// makes the daemon wait.
/// Found at each reconcile that changes the rules: a program installed
/// during a session is refused by its name until the next one.
public enum ProgramLocations {
    /// The folders searched for every owner.
    static let systemFolders = [
        "/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/games", "/usr/local/games",
        "/snap/bin", "/var/lib/flatpak/exports/bin",
    ]

    /// The dynamic loaders' usual paths: each is a symbolic link to the file
    /// glibc installs; where a path is absent, nothing is found there.
    public static let loaderPaths = [
        "/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1", "/lib/ld-linux-armhf.so.3", "/lib/ld-linux.so.2",
        "/lib64/ld64.so.2", "/lib/ld-linux-riscv64-lp64d.so.1",
    ]

    /// The rules for `names`: with the files found under them, by identity
    /// and fingerprint, and the machine's loaders.
    public static func rules(for names: ProgramRules) -> ExecRules {
        guard !names.isEmpty else { return .empty }
        let found = files(of: names)
        return ExecRules(
            names, identities: found.mapValues { $0.mapValues(\.program) },
            fingerprints: found.mapValues { files in
                Dictionary(files.values.compactMap { file in file.fingerprint.map { ($0, file.program) } }) {
                    first, _ in first
                }
            },
            loaders: loaders())
    }

    /// The machine's dynamic loaders, examined.
    public static func loaders() -> LoaderFiles {
        let found = loaderPaths.compactMap(ProgramFileReader.examineSystemFile(path:))
        return LoaderFiles(identities: Set(found.map(\.identity)), fingerprints: Set(found.compactMap(\.fingerprint)))
    }

    /// The identities of the files found under `rules`' names, per owner.
    public static func identities(of rules: ProgramRules) -> [UInt32: [FileIdentity: ProgramName]] {
        files(of: rules).mapValues { $0.mapValues(\.program) }
    }

    /// The files found under `rules`' names, per owner, by identity: each with its fingerprint and name.
    static func files(of rules: ProgramRules) -> [UInt32: [FileIdentity: (
        fingerprint: ProgramFingerprint?, program: ProgramName
    )]] {
        let optFolders = subfolders("/opt").flatMap { [$0, $0 + "/bin"] }
        let mounts = MountTypes.seen(by: getpid())
        var found: [UInt32: [FileIdentity: (fingerprint: ProgramFingerprint?, program: ProgramName)]] = [:]
        guard let slash = try? syscall({ open("/", ProgramFileReader.pathOnly | O_DIRECTORY | O_CLOEXEC) }).get() else {
            return [:]
        }
        defer { close(slash) }
        for (owner, names) in rules.programs {
            let home = UserAccount.lookup(uid: owner)?.home
            let homeFolder = home.flatMap { path in
                ProgramFileReader.find(Array(path.utf8), below: slash, root: slash, mounts: mounts)
            }
            defer { homeFolder?.close() }
            var owned: [FileIdentity: (fingerprint: ProgramFingerprint?, program: ProgramName)] = [:]
            for name in names.sorted() {
                for folder in systemFolders + optFolders {
                    let path = folder + "/" + name.rawValue
                    guard let identity = executable(path), owned[identity] == nil else { continue }
                    let examined = ProgramFileReader.examineSystemFile(path: path)
                    owned[identity] = (examined?.identity == identity ? examined?.fingerprint : nil, name)
                }
                // The owner's folders, which they control: every step on a mount the kernel serves.
                guard let homeFolder else { continue }
                for folder in [".local/bin/", "bin/"] {
                    guard
                        let candidate = ProgramFileReader.find(
                            Array((folder + name.rawValue).utf8), below: homeFolder.descriptor,
                            root: slash, mounts: mounts)
                    else { continue }
                    defer { candidate.close() }
                    guard candidate.isExecutable, owned[candidate.identity] == nil else { continue }
                    owned[candidate.identity] = (
                        ProgramFileReader.examine(candidate, mounts: mounts)?.fingerprint, name
                    )
                }
            }
            found[owner] = owned
        }
        return found
    }

    /// The identity of the executable regular file at `path`, through symbolic links; nil for anything else.
    static func executable(_ path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o111 != 0 else {
            return nil
        }
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
            if stat(path + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                folders.append(path + "/" + name)
            }
        }
        return folders.sorted()
    }
}
