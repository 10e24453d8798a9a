import Foundation
import Glibc
import RefocusCore
import RefocusFeatures
import RefocusOS
import RefocusTestSupport
import Testing

/// A shared folder's machine folders (`sessions/MACHINE/NAME`, issue 32) as
/// someone else writing to the folder could lay them out: a linked machine
/// folder, a linked file, a FIFO (which would park a blocking open), a file
/// over the limit, another user's file, a machine folder that is no plain
/// name, each refused with its reason and nothing read through it; hidden
/// names passed over; a missing area read as empty, a missing folder as
/// missing. Publishing makes the folders, writes through hidden temporaries,
/// removes with nil, and refuses a machine folder that is a link elsewhere.
@Suite struct FolderStoreFilesTests {
    static let id = "0123456789abcdef0123456789abcdef"
    static let intent = Array("{\"an\":\"intent\"}\n".utf8)

    /// A store folder in a temporary folder, with `elsewhere` beside it (outside the store).
    struct Store {
        let folder: TemporaryFolder
        var path: String { folder.path + "/store" }
        var elsewhere: String { folder.path + "/elsewhere" }
        var transport: FolderTransport { FolderTransport(directory: path) }

        init() throws {
            folder = try TemporaryFolder()
            for made in [path, elsewhere] {
                try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
            }
        }

        /// Writes `bytes` at `relative` (below the store unless it starts with `/`), making its folders.
        func write(_ bytes: [UInt8], at relative: String) throws {
            let full = relative.hasPrefix("/") ? relative : path + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: full))
        }

        func sessions(limit: Int = SessionIntent.maximumBytes) throws -> [SyncStoreFile] {
            try transport.files(in: .sessions, limit: limit)
        }
    }

    static func file(_ machine: String, _ name: String, _ contents: Result<[UInt8], SyncStoreFile.Refusal>)
        -> SyncStoreFile
    {
        SyncStoreFile(machine: machine, name: name, contents: contents)
    }

    @Test func aMissingFolderIsMissingAMissingAreaIsEmpty() throws {
        let store = try Store()
        defer { store.folder.remove() }
        #expect(try store.sessions().isEmpty)
        #expect(try store.transport.files(in: .history, limit: 1024).isEmpty)
        let missing = FolderTransport(directory: store.folder.path + "/unmounted")
        #expect(throws: SyncError.folderMissing(store.folder.path + "/unmounted")) {
            try missing.files(in: .sessions, limit: 1024)
        }
    }

    @Test func eachMachinesPlainFilesAreReadAndHiddenNamesPassedOver() throws {
        let store = try Store()
        defer { store.folder.remove() }
        try store.write(Self.intent, at: "sessions/laptop/\(Self.id).json")
        try store.write(Self.intent, at: "sessions/desk-1/b.json")
        try store.write(Self.intent, at: "sessions/laptop/.\(Self.id).json.syncthing.tmp")
        try store.write(Self.intent, at: "sessions/.stversions/laptop.json")
        try store.write(Self.intent, at: "history/laptop/2027-01.jsonl")
        #expect(
            try store.sessions() == [
                Self.file("desk-1", "b.json", .success(Self.intent)),
                Self.file("laptop", "\(Self.id).json", .success(Self.intent)),
            ])
        #expect(
            try store.transport.files(in: .history, limit: 1024) == [
                Self.file("laptop", "2027-01.jsonl", .success(Self.intent))
            ])
    }

    @Test func linksAreRefusedAndNothingIsReadThroughThem() throws {
        let store = try Store()
        defer { store.folder.remove() }
        try store.write(Self.intent, at: store.elsewhere + "/\(Self.id).json")
        try FileManager.default.createDirectory(
            atPath: store.path + "/sessions/laptop", withIntermediateDirectories: true)
        #expect(symlink(store.elsewhere, store.path + "/sessions/linked") == 0)
        #expect(symlink(store.elsewhere + "/\(Self.id).json", store.path + "/sessions/laptop/\(Self.id).json") == 0)
        #expect(
            try store.sessions() == [
                Self.file("laptop", "\(Self.id).json", .failure(.notPlainFile)),
                Self.file("linked", "", .failure(.notPlainFile)),
            ])
        // A linked area is not read at all.
        let other = try Store()
        defer { other.folder.remove() }
        try other.write(Self.intent, at: other.elsewhere + "/laptop/\(Self.id).json")
        #expect(symlink(other.elsewhere, other.path + "/sessions") == 0)
        #expect(throws: SystemError.self) { try other.sessions() }
    }

    @Test func aFIFOIsRefusedAtOnceWithoutWaitingForAWriter() throws {
        let store = try Store()
        defer { store.folder.remove() }
        try FileManager.default.createDirectory(
            atPath: store.path + "/sessions/evil", withIntermediateDirectories: true)
        let fifo = store.path + "/sessions/evil/\(Self.id).json"
        try #require(mkfifo(fifo, 0o644) == 0)
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Result<[SyncStoreFile], any Error>?>(nil)
        let directory = store.path
        DispatchQueue.global().async {
            result.set(Result { try FolderTransport(directory: directory).files(in: .sessions, limit: 1024) })
            done.signal()
        }
        if done.wait(timeout: .now() + 5) == .timedOut {
            // Let the parked open go, so that the test ends.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            done.wait()
            Issue.record("reading the sessions waited on a FIFO for more than 5 s")
        }
        #expect(try result.get()?.get() == [Self.file("evil", "\(Self.id).json", .failure(.notPlainFile))])
    }

    @Test func aFileOverTheLimitIsRefusedWithItsSize() throws {
        let store = try Store()
        defer { store.folder.remove() }
        try store.write([UInt8](repeating: 0x20, count: 101), at: "sessions/evil/big.json")
        try store.write([UInt8](repeating: 0x20, count: 100), at: "sessions/evil/fits.json")
        #expect(
            try store.sessions(limit: 100) == [
                Self.file("evil", "big.json", .failure(.tooLarge(101))),
                Self.file("evil", "fits.json", .success([UInt8](repeating: 0x20, count: 100))),
            ])
    }

    @Test func aMachineFolderThatIsNoPlainNameOrNoFolderIsRefused() throws {
        let store = try Store()
        defer { store.folder.remove() }
        let long = String(repeating: "m", count: 65)
        for machine in ["bad name", long, "caf\u{E9}"] {
            try store.write(Self.intent, at: "sessions/\(machine)/\(Self.id).json")
        }
        try store.write(Self.intent, at: "sessions/stray.json")
        #expect(
            try store.sessions() == [
                Self.file("bad name", "", .failure(.badPlace)),
                Self.file("caf\u{E9}", "", .failure(.badPlace)),
                Self.file(long, "", .failure(.badPlace)),
                Self.file("stray.json", "", .failure(.notPlainFile)),
            ])
    }

    @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
    func anotherUsersFileIsRefusedUnread() throws {
        let store = try Store()
        defer { store.folder.remove() }
        try store.write(Self.intent, at: "sessions/evil/\(Self.id).json")
        try #require(chown(store.path + "/sessions/evil/\(Self.id).json", 65534, 65534) == 0)
        #expect(try store.sessions() == [Self.file("evil", "\(Self.id).json", .failure(.otherOwner(65534)))])
    }

    @Test func publishMakesTheFoldersWritesWholeFilesAndRemovesWithNil() throws {
        let store = try Store()
        defer { store.folder.remove() }
        let path = "sessions/desk/\(Self.id).json"
        try store.transport.publish([path: Self.intent, "history/desk/2027-01.jsonl": [0x0A]], message: "ignored")
        #expect(FileManager.default.contents(atPath: store.path + "/" + path) == Data(Self.intent))
        var status = stat()
        #expect(stat(store.path + "/" + path, &status) == 0 && status.st_mode & 0o7777 == 0o644)
        #expect(try store.folder.files("/store/sessions/desk") == ["\(Self.id).json"], "no temporary left")
        #expect(try store.sessions() == [Self.file("desk", "\(Self.id).json", .success(Self.intent))])
        try store.transport.publish([path: nil, "sessions/desk/never-written.json": nil], message: "ignored")
        #expect(try store.sessions().isEmpty)
        #expect(try store.folder.files("/store/history/desk") == ["2027-01.jsonl"])
    }

    @Test func publishRefusesAMachineFolderThatIsALinkElsewhere() throws {
        let store = try Store()
        defer { store.folder.remove() }
        try FileManager.default.createDirectory(atPath: store.path + "/sessions", withIntermediateDirectories: true)
        #expect(symlink(store.elsewhere, store.path + "/sessions/desk") == 0)
        #expect(throws: SystemError.self) {
            try store.transport.publish(["sessions/desk/\(Self.id).json": Self.intent], message: "ignored")
        }
        #expect(try store.folder.files("/elsewhere").isEmpty, "nothing written through the link")
        // A linked area is refused the same way.
        let other = try Store()
        defer { other.folder.remove() }
        #expect(symlink(other.elsewhere, other.path + "/sessions") == 0)
        #expect(throws: SystemError.self) {
            try other.transport.publish(["sessions/desk/\(Self.id).json": Self.intent], message: "ignored")
        }
        #expect(try other.folder.files("/elsewhere").isEmpty, "nothing written through the link")
    }

    @Test func removingRemovesNothingThroughALinkedMachineFolder() throws {
        let store = try Store()
        defer { store.folder.remove() }
        try store.write(Self.intent, at: store.elsewhere + "/\(Self.id).json")
        try FileManager.default.createDirectory(atPath: store.path + "/sessions", withIntermediateDirectories: true)
        #expect(symlink(store.elsewhere, store.path + "/sessions/desk") == 0)
        let removal = Result { try store.transport.publish(["sessions/desk/\(Self.id).json": nil], message: "ignored") }
        #expect(
            try store.folder.files("/elsewhere") == ["\(Self.id).json"], "removed through the link (\(removal))")
    }
}

/// A value one thread sets and another reads.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func set(_ new: Value) { lock.withLock { value = new } }
    func get() -> Value { lock.withLock { value } }
}
