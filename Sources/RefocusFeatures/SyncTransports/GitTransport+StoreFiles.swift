import RefocusCore

/// The machine folders of the remote branch's areas, read from the tree as
/// last fetched (`refresh()` fetches): each blob's size is known from the
/// tree before it is read, so a larger one is refused unread; links and
/// submodules are refused too. Publishing commits the files and pushes,
/// fetching again when the remote moved on (each machine writes only its
/// own folder, so there is nothing to merge).
extension GitTransport: SyncStoreFiles {
    /// How often a publish is tried when the remote keeps moving.
    static let publishAttempts = 3

    public func files(in area: SyncStoreArea, limit: Int) throws -> [SyncStoreFile] {
        guard let tip = try remoteTip(try branchName()) else { return [] }
        let tree = try checked(["ls-tree", "-r", "-z", "-l", "--full-tree", tip, "--", area.rawValue + "/"])
        var found: [SyncStoreFile] = []
        for entry in GitTreeEntry.parse(tree.output) {
            let steps = entry.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let machine = steps.count > 1 ? steps[1] : "", name = steps.last ?? ""
            guard steps.count == 3, SessionIntent.isMachineName(machine), !name.isEmpty else {
                found.append(SyncStoreFile(machine: machine, name: name, contents: .failure(.badPlace)))
                continue
            }
            if name.hasPrefix(".") { continue }
            guard entry.isFile else {
                found.append(SyncStoreFile(machine: machine, name: name, contents: .failure(.notPlainFile)))
                continue
            }
            guard let size = entry.size, size <= limit else {
                found.append(
                    SyncStoreFile(machine: machine, name: name, contents: .failure(.tooLarge(entry.size ?? 0))))
                continue
            }
            let blob = try checked(["cat-file", "blob", entry.object])
            found.append(SyncStoreFile(machine: machine, name: name, contents: .success(blob.output)))
        }
        return found
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
