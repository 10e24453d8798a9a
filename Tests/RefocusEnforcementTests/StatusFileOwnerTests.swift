import Foundation
import Glibc
import RefocusCore
import Testing
@testable import RefocusEnforcement
import RefocusOS
import RefocusTestSupport
@testable import RefocusProtocol

/// status.json has its group from the instant it appears: the group is set
/// on the temporary file, before the rename (AtomicFile's `owner`), so a
/// member polling the file never finds it root's alone. Shown with the
/// inotify events of the folder, which the kernel queues in order: every
/// change of attributes precedes the rename, none follows it.
@Suite(.enabled(if: getuid() == 0, "needs root to give a file to another group (CI runs as root)"))
struct StatusFileOwnerTests {
    /// One event of a folder's inotify watch.
    struct Event: Equatable {
        let attributes: Bool
        let movedIn: Bool
        let name: String
    }

    @Test func theGroupIsGivenBeforeTheRename() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/status.json"
        let nogroup = try #require(getgrnam("nogroup")).pointee.gr_gid
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        try #require(watch >= 0)
        defer { close(watch) }
        try #require(inotify_add_watch(watch, folder.path, UInt32(IN_ATTRIB | IN_MOVED_TO)) >= 0)

        let file = StatusFile(path: path, groupName: "nogroup")
        for sessions in [0, 1] {
            let snapshot = StatusSnapshot(
                sessions: [],
                counts: StatusSnapshot.Counts(
                    names: sessions, addresses: 0, programs: 0, programBlocking: .none))
            #expect(try file.publish(snapshot))
            var status = stat()
            #expect(stat(path, &status) == 0)
            #expect(status.st_uid == 0 && status.st_gid == nogroup && status.st_mode & 0o7777 == 0o640)
        }

        let events = Self.read(watch)
        let renames = events.indices.filter { events[$0].movedIn && events[$0].name == "status.json" }
        #expect(renames.count == 2, "\(events)")
        for (index, rename) in renames.enumerated() {
            let start = index == 0 ? 0 : renames[index - 1] + 1
            let before = events[start..<rename]
            #expect(
                before.contains { $0.attributes && $0.name.hasPrefix("status.json.refocus-") },
                "the temporary file got its owner and mode: \(events)")
        }
        #expect(
            !events.contains { $0.attributes && $0.name == "status.json" },
            "nothing changed status.json's attributes after it appeared: \(events)")
    }

    static func read(_ watch: Int32) -> [Event] {
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(watch, $0.baseAddress, $0.count) }
            guard count > 0 else { return events }
            events += FileWatch.events(in: buffer[..<count]).map {
                Event(
                    attributes: $0.mask & UInt32(IN_ATTRIB) != 0, movedIn: $0.mask & UInt32(IN_MOVED_TO) != 0,
                    name: String(decoding: $0.name, as: UTF8.self))
            }
        }
    }
}
