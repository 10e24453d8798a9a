import Foundation
import Glibc
import Testing

@testable import RefocusHelperCommands

/// The first pull's three links, in a folder of the test's own standing for
/// /etc/refocus: made all together, and when any one of their renames fails
/// (a fault that cannot be caused for real, through the rename seam), the
/// folder is left exactly as it was: the same file (by inode) with the same
/// bytes, the folder of lists with its file, the empty folder with its
/// mode, and no hidden or kept name left behind.
struct FleetLinksTests {
    /// A folder holding a policy file, a folder of lists with one file, an empty schedules folder (0750), and
    /// `fleet/current` pointing at a generation with the managed paths.
    static func makeEtc() throws -> String {
        let etc = NSTemporaryDirectory() + "refocus-links-" + UUID().uuidString
        let manager = FileManager.default
        for folder in ["lists", "schedules.d", "fleet/g-1/lists", "fleet/g-1/schedules.d"] {
            try manager.createDirectory(atPath: etc + "/" + folder, withIntermediateDirectories: true)
        }
        chmod(etc + "/schedules.d", 0o750)
        try Data("max_session = \"24h\"\n".utf8).write(to: URL(fileURLWithPath: etc + "/policy.toml"))
        try Data("mine.test\n".utf8).write(to: URL(fileURLWithPath: etc + "/lists/mine.domains"))
        try Data("max_session = \"1h\"\n".utf8).write(to: URL(fileURLWithPath: etc + "/fleet/g-1/policy.toml"))
        try manager.createSymbolicLink(atPath: etc + "/fleet/current", withDestinationPath: "g-1")
        return etc
    }

    /// Every name in `etc` but `fleet`, with what it is: a file's inode and bytes, a link's target, a folder's
    /// mode and names.
    static func snapshot(_ etc: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: etc).sorted().filter { $0 != "fleet" }.map { name in
            let path = etc + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { return "\(name): cannot stat" }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                return "\(name): file \(status.st_ino) \(try String(contentsOfFile: path, encoding: .utf8))"
            case S_IFLNK: return "\(name): link to \(try FileManager.default.destinationOfSymbolicLink(atPath: path))"
            case S_IFDIR:
                let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
                return "\(name): folder \(String(status.st_mode & 0o7777, radix: 8)) \(names)"
            default: return "\(name): other"
            }
        }
    }

    /// The renames of one first pull, in order: policy.toml's link; lists set aside, its link; schedules.d's link.
    @Test(arguments: 1...4) func aFailedRenameLeavesTheOldStateWhole(failing: Int) throws {
        let etc = try Self.makeEtc()
        defer { try? FileManager.default.removeItem(atPath: etc) }
        let before = try Self.snapshot(etc)
        var links = FleetLinks(etc: etc)
        var renames = 0
        links.renameIntoPlace = { from, to in
            renames += 1
            guard renames != failing else {
                errno = EIO
                return -1
            }
            return rename(from, to)
        }
        let error = #expect(throws: (any Error).self) { _ = try links.linkAll() }
        #expect("\(error.map { "\($0)" } ?? "")".contains("Input/output error"), "\(String(describing: error))")
        #expect(renames == failing)
        #expect(try Self.snapshot(etc) == before)
    }

    @Test func withoutAFaultAllThreeAreLinkedAndWhatWasThereKept() throws {
        let etc = try Self.makeEtc()
        defer { try? FileManager.default.removeItem(atPath: etc) }
        let notes = try FleetLinks(etc: etc).linkAll()
        #expect(
            try Self.snapshot(etc) == [
                "lists: link to fleet/current/lists", #"lists.before-fleet: folder 755 ["mine.domains"]"#,
                "policy.toml: link to fleet/current/policy.toml",
                "policy.toml.before-fleet: file \(try Self.inode(etc + "/policy.toml.before-fleet")) "
                    + "max_session = \"24h\"\n",
                "schedules.d: link to fleet/current/schedules.d",
            ])
        #expect(notes.count == 2)
        #expect(try String(contentsOfFile: etc + "/policy.toml", encoding: .utf8) == "max_session = \"1h\"\n")
        // Done once: a second run finds every link in place.
        #expect(try FleetLinks(etc: etc).linkAll() == [])
    }

    static func inode(_ path: String) throws -> UInt {
        var status = stat()
        try #require(lstat(path, &status) == 0)
        return UInt(status.st_ino)
    }
}
