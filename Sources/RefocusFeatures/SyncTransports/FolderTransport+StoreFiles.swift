import Glibc
import RefocusCore
import SystemPackage
import RefocusOS

/// The machine folders of a shared folder's areas. Each step of a path is
/// opened below the one before without following a link (`O_NOFOLLOW`), a
/// file with `O_NONBLOCK` (a FIFO there cannot park the sync) and read only
/// when it is a regular file of the caller's own, no larger than the limit:
/// on a folder another user can write, their files are refused, not read.
/// Hidden names (a sync engine's temporaries, ours) are passed over.
extension FolderTransport: SyncStoreFiles {
    /// Nothing: the folder is what the engine last brought.
    public func refresh() {}

    public func files(in area: SyncStoreArea, limit: Int, skipping: SyncStoreSkip) throws -> [SyncStoreFile] {
        var status = stat()
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw SyncError.folderMissing(directory)
        }
        let areaPath = directory + "/" + area.rawValue
        guard let areaFolder = try Self.openFolder(areaPath, at: AT_FDCWD) else { return [] }
        defer { close(areaFolder) }
        var found: [SyncStoreFile] = []
        let machines = try Self.visibleNames(areaFolder, path: areaPath).filter { $0 != skipping.machine }.sorted()
        if machines.count > area.maximumMachines {
            let over = machines.count - area.maximumMachines
            found.append(SyncStoreFile(machine: "", name: "", contents: .failure(.tooMany(over))))
        }
        for machine in machines.prefix(area.maximumMachines) {
            guard SessionIntent.isMachineName(machine) else {
                found.append(SyncStoreFile(machine: machine, name: "", contents: .failure(.badPlace)))
                continue
            }
            let machinePath = areaPath + "/" + machine
            let machineFolder: Int32
            do {
                guard let opened = try Self.openFolder(machine, at: areaFolder, path: machinePath) else { continue }
                machineFolder = opened
            } catch {
                found.append(SyncStoreFile(machine: machine, name: "", contents: .failure(.notPlainFile)))
                continue
            }
            defer { close(machineFolder) }
            let (names, over) = skipping.kept(
                area, machine: machine, names: try Self.visibleNames(machineFolder, path: machinePath))
            if over > 0 { found.append(SyncStoreFile(machine: machine, name: "", contents: .failure(.tooMany(over)))) }
            for name in names {
                found.append(
                    SyncStoreFile(
                        machine: machine, name: name,
                        contents: skipping.unwanted(name)
                            ? .failure(.notRead) : Self.read(name, in: machineFolder, limit: limit)))
            }
        }
        return found
    }

    /// Writes each file atomically through a hidden temporary name (nil removes it), making its folders.
    public func publish(_ files: [String: [UInt8]?], message: String) throws {
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let full = directory + "/" + path
            // Each folder below the shared one must be the caller's own, not a link another planted,
            // for a removal as for a write.
            var folder = directory
            for step in path.split(separator: "/").dropLast() {
                folder += "/" + step
                try Directories.prepare(folder, mode: 0o755)
            }
            if let bytes {
                try AtomicFile.write(bytes, to: full, mode: 0o644, hiddenTemporary: true)
            } else if case .failure(let errno) = syscall({ unlink(full) }), errno != .noSuchFileOrDirectory {
                throw SystemError("remove", full, errno)
            }
        }
    }

    /// A folder opened below `parent` without following a link; nil when it is not there.
    /// Throws when the name is something else (a link, a file).
    private static func openFolder(_ name: String, at parent: Int32, path: String? = nil) throws(SystemError) -> Int32?
    {
        switch syscall({ openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }) {
        case .success(let folder): return folder
        case .failure(.noSuchFileOrDirectory): return nil
        case .failure(let errno): throw SystemError("open the folder", path ?? name, errno)
        }
    }

    /// The names in a folder that do not start with `.`.
    private static func visibleNames(_ folder: Int32, path: String) throws(SystemError) -> [String] {
        try Directories.names(inOpen: folder, path: path).filter { !$0.hasPrefix(".") }
    }

    /// The bytes of the plain file `name` in `folder`, when it is the caller's and at most `limit` long.
    private static func read(_ name: String, in folder: Int32, limit: Int) -> Result<[UInt8], SyncStoreFile.Refusal> {
        let file: Int32
        switch syscall({ openat(folder, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC) }) {
        case .success(let opened): file = opened
        case .failure(.tooManySymbolicLinkLevels): return .failure(.notPlainFile)
        case .failure(let errno): return .failure(.unreadable("\(errno)"))
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .failure(.notPlainFile) }
        guard status.st_uid == geteuid() else { return .failure(.otherOwner(status.st_uid)) }
        guard status.st_size <= limit else { return .failure(.tooLarge(Int(status.st_size))) }
        do {
            return .success(try FileReader.readAll(file, path: name, limit: limit))
        } catch {
            return .failure(.unreadable("\(error)"))
        }
    }
}
