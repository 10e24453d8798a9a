import RefocusCore
import RefocusOS

/// The machine folders of the remote branch's areas, read from the tree as
/// last fetched (`refresh()` fetches): each blob's size is known from the
/// tree before it is read, so a larger one is refused unread; links and
/// submodules are refused too. Publishing commits the files and pushes,
/// fetching again when the remote moved on (each machine writes only its
/// own folder, so there is nothing to merge).
extension GitTransport: SyncStoreFiles {
    /// How often a publish is tried when the remote keeps moving.
    static let publishAttempts = 3

    public func files(in area: SyncStoreArea, limit: Int, skipping: SyncStoreSkip) throws -> [SyncStoreFile] {
        guard let tip = try remoteTip(try branchName()) else { return [] }
        let tree = try checked(["ls-tree", "-r", "-z", "-l", "--full-tree", tip, "--", area.rawValue + "/"])
        var found: [SyncStoreFile] = []
        var byMachine: [String: [String: GitTreeEntry]] = [:]
        for entry in GitTreeEntry.parse(tree.output) {
            let steps = entry.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let machine = steps.count > 1 ? steps[1] : "", name = steps.last ?? ""
            guard steps.count == 3, SessionIntent.isMachineName(machine), !name.isEmpty else {
                found.append(SyncStoreFile(machine: machine, name: name, contents: .failure(.badPlace)))
                continue
            }
            if name.hasPrefix(".") || machine == skipping.machine { continue }
            byMachine[machine, default: [:]][name] = entry
        }
        if byMachine.count > area.maximumMachines {
            let over = byMachine.count - area.maximumMachines
            found.append(SyncStoreFile(machine: "", name: "", contents: .failure(.tooMany(over))))
        }
        for machine in byMachine.keys.sorted().prefix(area.maximumMachines) {
            let entries = byMachine[machine] ?? [:]
            let (names, over) = skipping.kept(area, machine: machine, names: Array(entries.keys))
            if over > 0 { found.append(SyncStoreFile(machine: machine, name: "", contents: .failure(.tooMany(over)))) }
            for name in names {
                if skipping.unwanted(name) {
                    found.append(SyncStoreFile(machine: machine, name: name, contents: .failure(.notRead)))
                } else if let entry = entries[name] {
                    found.append(try read(entry, machine: machine, name: name, limit: limit))
                }
            }
        }
        return found.sorted { ($0.machine, $0.name) < ($1.machine, $1.name) }
    }

    /// One blob of the tree, when it is a plain file no larger than `limit`.
    private func read(_ entry: GitTreeEntry, machine: String, name: String, limit: Int) throws -> SyncStoreFile {
        guard entry.isFile else {
            return SyncStoreFile(machine: machine, name: name, contents: .failure(.notPlainFile))
        }
        guard let size = entry.size, size <= limit else {
            return SyncStoreFile(machine: machine, name: name, contents: .failure(.tooLarge(entry.size ?? 0)))
        }
        let blob = try checked(["cat-file", "blob", entry.object])
        return SyncStoreFile(machine: machine, name: name, contents: .success(blob.output))
    }

    public func publish(_ files: [String: [UInt8]?], message: String) throws {
        for _ in 0..<Self.publishAttempts {
            try fetch()
            if try push(files: files, message: message) == .pushed { return }
        }
        throw SyncError.raced(attempts: Self.publishAttempts)
    }

    /// Fetches the remote.
    public func refresh() throws {
        try fetch()
    }
}
