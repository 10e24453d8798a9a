import Foundation
import Glibc
import RefocusCore
import RefocusOS
import RefocusPolicy
import Testing

/// The administrator's folders read from disk, in a temporary folder made
/// to look like /etc/refocus: files and folders not root's, writable by
/// others, links, FIFOs, oversized or not UTF-8 are refused naming the
/// path and the fix; hidden files and backups are passed over; schedule
/// files are read in name order. Root is needed to give files away (chown).
@Suite(.enabled(if: getuid() == 0, "needs root: files owned by root, and chown to give one away"))
final class AdministratorFoldersTests {
    let root: String
    var lists: String { root + "/lists" }
    var schedules: String { root + "/schedules.d" }

    init() throws {
        var template = Array("/tmp/refocus-admin-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        root = String(cString: made)
        for folder in [lists, schedules] { try Self.run(mkdir(folder, 0o755)) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    static func run(_ result: Int32) throws {
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    func write(_ text: String, _ path: String, mode: mode_t = 0o644) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try Self.run(chmod(path, mode))
    }

    func loadLists() throws(AdministrationError) -> [BlockListName: BlockList] {
        try AdministratorLists.load(folder: lists)
    }

    static let schedule =
        "[[schedule]]\nname = \"%@\"\nusers = [\"kid\"]\nlists = [\"games\"]\nwhen = \"20:00-07:00\"\n"

    @Test func listsAndSchedulesAreReadPassingOverBackupsAndHiddenFiles() throws {
        try write("minecraft.net\n", lists + "/games.domains")
        try write("supertux2\n", lists + "/games.programs")
        try write("not a domain\n", lists + "/games.domains~")
        try write("not a domain\n", lists + "/.games.domains")
        try write("not a domain\n", lists + "/games.domains.dpkg-old")
        try write("a note\n", lists + "/README")
        let read = try loadLists()
        #expect(read.keys.map(\.rawValue) == ["games"])
        #expect(read.values.first?.programs.map(\.description) == ["supertux2"])
        try write(String(format: Self.schedule, "b"), schedules + "/20-b.toml")
        try write(String(format: Self.schedule, "a"), schedules + "/10-a.toml")
        try write("broken", schedules + "/10-a.toml.dpkg-dist")
        try write("broken", schedules + "/notes.txt")
        let loaded = try AdministratorScheduleFiles.load(folder: schedules, lists: read)
        #expect(loaded.schedules.map(\.name.rawValue) == ["a", "b"])
        #expect(loaded.schedules.map(\.file) == ["10-a.toml", "20-b.toml"])
    }

    @Test func missingFoldersAreNothingConfigured() throws {
        #expect(try AdministratorLists.load(folder: root + "/none").isEmpty)
        #expect(try AdministratorScheduleFiles.load(folder: root + "/none", lists: [:]).schedules.isEmpty)
    }

    /// The refusal of `load`, which must be `.unsafe`.
    func refusal(_ load: () throws -> Void) -> RootFileRefusal? {
        do {
            try load()
            Issue.record("read")
        } catch let error as AdministrationError {
            guard case let .unsafe(refusal) = error else {
                Issue.record("not unsafe: \(error)")
                return nil
            }
            return refusal
        } catch {
            Issue.record("not an AdministrationError: \(error)")
        }
        return nil
    }

    @Test func aFileOfAnotherUserIsRefusedWithChown() throws {
        try write("minecraft.net\n", lists + "/games.domains")
        try Self.run(chown(lists + "/games.domains", 65534, 65534))
        let refusal = refusal { _ = try loadLists() }
        #expect(refusal == .notOwnedByRoot(path: lists + "/games.domains", uid: 65534))
        #expect(refusal?.description.contains("chown root:root '\(lists)/games.domains'") == true)
    }

    @Test(arguments: [0o664 as mode_t, 0o646])
    func aFileOthersMayWriteIsRefusedWithChmod(mode: mode_t) throws {
        try write(String(format: Self.schedule, "a"), schedules + "/a.toml", mode: mode)
        let refusal = refusal { _ = try AdministratorScheduleFiles.load(folder: schedules, lists: [:]) }
        #expect(refusal == .writableByOthers(path: schedules + "/a.toml", mode: UInt32(mode)))
        #expect(refusal?.description.contains("chmod go-w") == true)
    }

    @Test func aFolderOthersMayWriteOrAnotherOwnsIsRefused() throws {
        try Self.run(chmod(lists, 0o777))
        #expect(refusal { _ = try loadLists() } == .writableByOthers(path: lists, mode: 0o777))
        try Self.run(chmod(lists, 0o755))
        try Self.run(chown(schedules, 65534, 0))
        #expect(
            refusal { _ = try AdministratorScheduleFiles.load(folder: schedules, lists: [:]) }
                == .notOwnedByRoot(path: schedules, uid: 65534))
    }

    @Test func linksAreRefusedFileAndFolder() throws {
        try write("minecraft.net\n", root + "/elsewhere.domains")
        try Self.run(symlink(root + "/elsewhere.domains", lists + "/games.domains"))
        #expect(refusal { _ = try loadLists() } == .symbolicLink(path: lists + "/games.domains"))
        try Self.run(symlink(lists, root + "/linked"))
        #expect(
            refusal { _ = try AdministratorLists.load(folder: root + "/linked") }
                == .symbolicLink(path: root + "/linked"))
    }

    @Test func aFolderLinkBelowItsParentIsFollowedAsAFleetMakesIt() throws {
        // /etc/refocus/lists -> fleet/current/lists, and current -> g-COMMIT: both relative, below the parent.
        try Self.run(mkdir(root + "/fleet", 0o755))
        try Self.run(mkdir(root + "/fleet/g-1", 0o755))
        try Self.run(mkdir(root + "/fleet/g-1/lists", 0o755))
        try Self.run(symlink("g-1", root + "/fleet/current"))
        try write("minecraft.net\n", root + "/fleet/g-1/lists/games.domains")
        try Self.run(symlink("fleet/current/lists", root + "/linked"))
        #expect(try AdministratorLists.load(folder: root + "/linked").keys.map(\.rawValue) == ["games"])
        // Out of the parent by `..`, or a link another user owns: refused.
        try Self.run(symlink("../" + URL(fileURLWithPath: root).lastPathComponent + "/lists", root + "/out"))
        #expect(
            refusal { _ = try AdministratorLists.load(folder: root + "/out") } == .symbolicLink(path: root + "/out"))
        try Self.run(lchown(root + "/linked", 65534, 65534))
        #expect(
            refusal { _ = try AdministratorLists.load(folder: root + "/linked") }
                == .symbolicLink(path: root + "/linked"))
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        try Self.run(mkfifo(schedules + "/a.toml", 0o644))
        #expect(
            refusal { _ = try AdministratorScheduleFiles.load(folder: schedules, lists: [:]) }
                == .wrongType(path: schedules + "/a.toml", expected: "a regular file"))
    }

    @Test func aFileOverTheCapIsRefused() throws {
        let line = String(repeating: "a", count: 60) + ".example\n"
        let count = AdministratorLists.maximumFileBytes / line.utf8.count + 1
        try write(String(repeating: line, count: count), lists + "/big.domains")
        #expect(
            refusal { _ = try loadLists() }
                == .tooLarge(path: lists + "/big.domains", limit: AdministratorLists.maximumFileBytes))
        let schedule = "# " + String(repeating: "x", count: AdministratorScheduleFiles.maximumFileBytes) + "\n"
        try write(schedule, schedules + "/a.toml")
        #expect(
            refusal { _ = try AdministratorScheduleFiles.load(folder: schedules, lists: [:]) }
                == .tooLarge(path: schedules + "/a.toml", limit: AdministratorScheduleFiles.maximumFileBytes))
    }

    @Test func bytesThatAreNotUTF8AreRefused() throws {
        try Data([0x6D, 0xFF, 0x2E, 0x6E, 0x65, 0x74, 0x0A]).write(to: URL(fileURLWithPath: lists + "/games.domains"))
        #expect(refusal { _ = try loadLists() } == .notText(path: lists + "/games.domains"))
    }

    @Test func aListFileWhoseNameIsNoListNameIsRefused() throws {
        try write("minecraft.net\n", lists + "/Games.domains")
        #expect(
            throws: AdministrationError.invalid(
                path: lists + "/Games.domains", key: nil,
                reason: "not a list name; name it with 1 to 64 lower-case letters, digits, '-' or '_', "
                    + "starting with a letter or digit, such as games.domains")
        ) { try self.loadLists() }
    }

    @Test func aScheduleNamingAListTheFolderLacksIsRefused() throws {
        try write("minecraft.net\n", lists + "/video.domains")
        try write(String(format: Self.schedule, "a"), schedules + "/a.toml")
        let error = #expect(throws: AdministrationError.self) {
            try AdministratorScheduleFiles.load(folder: self.schedules, lists: try self.loadLists())
        }
        #expect(
            error?.description.contains(
                "schedules.d/a.toml: schedule[1].lists: there is no administrator list \"games\"") == true)
    }

    /// The family setup of docs/administration.md, its schedule file taken from the document itself.
    @Test func theDocumentedFamilySetupStopsTheChildrensGamesAt20OnSchoolNights() throws {
        let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/administration.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        let start = try #require(text.range(of: "family.toml <<'TOML'\n"))
        let end = try #require(text.range(of: "\nTOML\n", range: start.upperBound..<text.endIndex))
        try write("minecraft.net\nroblox.com\n", lists + "/games.domains")
        try write("supertux2\nsteam\n", lists + "/games.programs")
        try write(String(text[start.upperBound..<end.lowerBound]) + "\n", schedules + "/family.toml")
        let loaded = try AdministratorScheduleFiles.load(folder: schedules, lists: try loadLists())
        let zone = LocalZone(try #require(TimeZone(identifier: "Europe/Berlin")))
        let family = ScheduleTargets(
            uid: { ["kid": 1001, "parent": 1000][$0] }, members: { $0 == "children" ? [1001] : [] })
        func blocked(_ instant: String) throws -> [UInt32] {
            loaded.inForce(at: try Date(instant, strategy: .iso8601), zone: zone, targets: family).flatMap(\.uids)
        }
        // Wednesday 1 July 2026 (UTC+2): 19:59 free, 20:00 to Thursday 06:59 blocked for kid alone, 07:00 free.
        #expect(try blocked("2026-07-01T17:59:00Z").isEmpty)
        #expect(try blocked("2026-07-01T18:00:00Z") == [1001])
        #expect(try blocked("2026-07-02T04:59:00Z") == [1001])
        #expect(try blocked("2026-07-02T05:00:00Z").isEmpty)
        // Friday night is free.
        #expect(try blocked("2026-07-03T18:30:00Z").isEmpty)
        let session = try #require(
            loaded.inForce(at: try Date("2026-07-01T18:00:00Z", strategy: .iso8601), zone: zone, targets: family).first)
        #expect(session.lock && session.lists.first?.programs.map(\.description).sorted() == ["steam", "supertux2"])
    }
}
