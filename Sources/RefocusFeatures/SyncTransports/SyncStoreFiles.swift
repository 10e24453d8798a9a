/// The files of the sync store beside the lists: each machine's own folder
/// in an area (`sessions/MACHINE/ID.json`, `history/MACHINE/YYYY-MM.jsonl`),
/// written only by that machine, so that nothing there ever needs a merge.
///
/// Read from a folder or a remote that others may write, so a transport
/// reads no file larger than the caller's limit, follows no link, opens no
/// FIFO or device, and reports what it refused instead of failing.
public protocol SyncStoreFiles {
    /// Brings the store up to date where it is remote (a git fetch); nothing for a folder.
    func refresh() throws
    /// Every file at `AREA/MACHINE/NAME`, read up to `limit` bytes each,
    /// but those `skipping` leaves out (unread); at most the area's
    /// `maximumMachines` machines and `maximumFilesPerMachine` files each, the rest reported
    /// as one `.tooMany` refusal per machine or area (caps of `SyncStoreArea`).
    func files(in area: SyncStoreArea, limit: Int, skipping: SyncStoreSkip) throws -> [SyncStoreFile]
    /// Writes each file (nil removes it) at its path in the store and
    /// publishes them together with `message` (a git commit's message).
    func publish(_ files: [String: [UInt8]?], message: String) throws
}

extension SyncStoreFiles {
    /// Every file of `area`, none skipped.
    public func files(in area: SyncStoreArea, limit: Int) throws -> [SyncStoreFile] {
        try files(in: area, limit: limit, skipping: SyncStoreSkip())
    }
}

/// What a read of the store leaves out: a machine's folder (this machine's
/// own), files already dealt with (by their paths in the store), and the
/// bytes of files whose names the reader would not use (`unwanted`: they
/// come back as `.notRead`, so a folder of huge misnamed files costs nothing).
public struct SyncStoreSkip: Sendable {
    public var machine: String?
    public var paths: Set<String>
    public var unwanted: @Sendable (String) -> Bool

    /// Skips `machine`'s folder and the files at `paths`, and reads no file `unwanted` names.
    public init(
        machine: String? = nil, paths: Set<String> = [], unwanted: @escaping @Sendable (String) -> Bool = { _ in false }
    ) {
        self.machine = machine
        self.paths = paths
        self.unwanted = unwanted
    }

    /// Whether the read leaves the file `name` of `machine` in `area` out.
    public func skips(_ area: SyncStoreArea, machine: String, name: String) -> Bool {
        machine == self.machine || paths.contains("\(area.rawValue)/\(machine)/\(name)")
    }

    /// The names of `all` (sorted) that a read of `machine`'s folder takes, and how many more there were.
    public func kept(_ area: SyncStoreArea, machine: String, names all: [String]) -> (names: [String], over: Int) {
        let names = all.filter { !skips(area, machine: machine, name: $0) }.sorted()
        let cap = area.maximumFilesPerMachine
        return (Array(names.prefix(cap)), max(0, names.count - cap))
    }
}

/// A top-level folder of the sync store that holds one folder per machine.
public enum SyncStoreArea: String, Sendable, CaseIterable {
    /// Session intents (`SessionIntent`).
    case sessions
    /// Ended sessions, one file per machine and month.
    case history

    /// The most machine folders a read takes: more is someone filling the store.
    public var maximumMachines: Int {
        switch self {
        case .sessions: 16
        case .history: 64
        }
    }

    /// The most files of one machine's folder a read takes (a machine removes its intents after 60 days,
    /// and publishes 13 months of history).
    public var maximumFilesPerMachine: Int {
        switch self {
        case .sessions: 1024
        case .history: 64
        }
    }
}

/// One file of an area as a transport found it: its bytes, or why it was not read.
public struct SyncStoreFile: Sendable, Equatable {
    /// The machine folder it is in (checked by `SessionIntent.isMachineName` before it is read).
    public let machine: String
    /// Its name in that folder.
    public let name: String
    /// What it holds, or why it was refused (too large, a link, not a plain file, another owner's).
    public let contents: Result<[UInt8], Refusal>

    /// Why a file of the store was not read.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case tooLarge(Int)
        case notPlainFile
        case otherOwner(UInt32)
        case badPlace
        case unreadable(String)
        /// Not read: its name is none the reader uses.
        case notRead
        /// More files than a read takes (`count` left out).
        case tooMany(Int)

        public var description: String {
            switch self {
            case .tooLarge(let bytes): "too large (\(bytes) bytes)"
            case .notPlainFile: "not a plain file (a link, a folder, a FIFO or a device)"
            case .otherOwner(let uid): "owned by another user (uid \(uid)), not by you"
            case .badPlace: "not at AREA/MACHINE/NAME with a plain machine name"
            case .unreadable(let reason): "unreadable: \(reason)"
            case .notRead: "not read: no file of that name is used"
            case .tooMany(let count): "\(count) more files than a sync reads; they were left unread"
            }
        }
    }

    /// A file and what became of it.
    public init(machine: String, name: String, contents: Result<[UInt8], Refusal>) {
        self.machine = machine
        self.name = name
        self.contents = contents
    }

    /// Its path in the store, relative to the store's root.
    public func path(in area: SyncStoreArea) -> String { "\(area.rawValue)/\(machine)/\(name)" }
}
