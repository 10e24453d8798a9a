import Glibc
import RefocusCore
import SystemPackage
import RefocusOS

/// List sync through a plain folder that some engine (Syncthing, Nextcloud,
/// a network share) keeps in step between machines: one `NAME.domains` per
/// list, in the synced form.
///
/// Writes go to a hidden temporary name the engines do not carry
/// (`.NAME.domains.…refocus-tmp`) and are renamed into place. Conflict copies
/// the engines leave (`SyncFileName.conflictCopy`) are read as extra sides,
/// and removed by the next push that publishes their list. A half-written
/// file (no final newline) is reported and its list skipped for the round,
/// conflict copies included. Needs read and write permission on the folder.
public struct FolderTransport: SyncTransport {
    /// The shared folder.
    public let directory: String

    /// A transport through `directory`, which must exist.
    public init(directory: String) {
        self.directory = directory
    }

    /// Reads every list file and conflict copy of the folder.
    ///
    /// - Throws: `SyncError.folderMissing` when the folder is not there (an
    ///   unmounted share must not read as "every list deleted"), or the
    ///   `SystemError` of a file that cannot be read.
    public func pull() throws -> RemoteLists {
        var status = stat()
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw SyncError.folderMissing(directory)
        }
        var remote = RemoteLists(texts: [:])
        var halfWritten = Set<BlockListName>()
        for file in try Directories.names(in: directory).sorted() {
            let kind = SyncFileName(file)
            guard kind != .other, let bytes = try FileReader.readIfPresent(directory + "/" + file) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            switch kind {
            case .list(let name) where SyncedListText.isHalfWritten(text),
                .conflictCopy(let name) where SyncedListText.isHalfWritten(text):
                remote.skipped.append("\(file): half written (no newline at the end); \(name) is skipped this round")
                halfWritten.insert(name)
            case .list(let name):
                remote.texts[name] = text
            case .conflictCopy(let name):
                remote.conflictCopies[name, default: []].append((file: file, text: text))
            case .other:
                break
            }
        }
        for name in halfWritten {
            remote.texts[name] = nil
            remote.conflictCopies[name] = nil
        }
        remote.halfWritten = halfWritten
        return remote
    }

    /// Writes each changed list atomically (nil removes its file) and removes
    /// the conflict copies of every list it writes. Never races: always `.pushed`.
    public func push(_ changes: [BlockListName: String?], message: String) throws -> PushResult {
        let files = try Directories.names(in: directory)
        for (name, text) in changes.sorted(by: { $0.key < $1.key }) {
            let path = "\(directory)/\(name)\(SyncFileName.suffix)"
            if let text {
                try AtomicFile.write(Array(text.utf8), to: path, mode: 0o644, hiddenTemporary: true)
            } else {
                try Self.remove(path)
            }
            for file in files where SyncFileName(file) == .conflictCopy(name) {
                try Self.remove(directory + "/" + file)
            }
        }
        return .pushed
    }

    private static func remove(_ path: String) throws(SystemError) {
        switch syscall({ unlink(path) }) {
        case .success, .failure(.noSuchFileOrDirectory): return
        case .failure(let errno): throw SystemError("remove", path, errno)
        }
    }
}
