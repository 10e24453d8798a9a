import Foundation
import RefocusOS
import RefocusCore
import RefocusPolicy
import Testing

/// The tree-entry filter of a fleet pull: which entries of `git ls-tree -r
/// -l` a commit may hold, each within its cap by the size the tree lists
/// (nothing is read to decide), and the first entry that refuses the whole commit.
struct FleetTreeTests {
    static let blob = String(repeating: "a", count: 40)

    static func entry(_ path: String, size: Int? = 10, mode: String = "100644", type: String = "blob") -> GitTreeEntry {
        GitTreeEntry(mode: mode, type: type, object: blob, path: path, size: size)
    }

    @Test func theManagedFilesAreChosenWithTheirKinds() throws {
        let files = try FleetTree.files([
            Self.entry("policy.toml"), Self.entry("lists/games.domains"), Self.entry("lists/games.programs"),
            Self.entry("schedules.d/school-nights.toml", mode: "100755"),
        ])
        #expect(files.map(\.kind) == [.policy, .domains, .programs, .schedule])
        #expect(
            files.map(\.path) == [
                "policy.toml", "lists/games.domains", "lists/games.programs", "schedules.d/school-nights.toml",
            ])
    }

    @Test(arguments: [
        "README.md", "etc/passwd", "lists/games.txt", "lists/sub/games.domains", "schedules.d/kids.json",
        "lists/.hidden.domains", "lists/..domains", "lists/-rf.domains", "../policy.toml", "lists/../policy.toml",
        "policy.toml/x", "schedules.d/a b.toml", "lists/games.domains\n",
    ])
    func aPathOutsideTheManagedOnesRefusesTheCommit(path: String) {
        #expect(throws: FleetRefusal.outsideManagedPaths(path)) {
            try FleetTree.files([Self.entry("policy.toml"), Self.entry(path)])
        }
    }

    @Test(arguments: [("120000", "blob"), ("160000", "commit"), ("040000", "tree")])
    func aLinkASubmoduleOrAFolderEntryRefusesTheCommit(mode: String, type: String) {
        #expect(throws: FleetRefusal.notPlainFile("lists/games.domains", mode: mode)) {
            try FleetTree.files([Self.entry("lists/games.domains", mode: mode, type: type)])
        }
    }

    @Test func eachFileIsCappedByItsListedSize() throws {
        for (path, cap) in [("policy.toml", 1 << 20), ("lists/a.domains", 8 << 20), ("schedules.d/a.toml", 1 << 20)] {
            _ = try FleetTree.files([Self.entry(path, size: cap)])
            #expect(throws: FleetRefusal.tooLarge(path, size: cap + 1, cap: cap)) {
                try FleetTree.files([Self.entry(path, size: cap + 1)])
            }
        }
        #expect(throws: FleetRefusal.tooLarge("lists/huge.domains", size: 1 << 30, cap: 8 << 20)) {
            try FleetTree.files([Self.entry("lists/huge.domains", size: 1 << 30)])
        }
    }

    @Test func theWholeSetIsCapped() throws {
        let eight = (0..<8).map { Self.entry("lists/l\($0).domains", size: 8 << 20) }
        #expect(try FleetTree.files(eight).count == 8)
        #expect(throws: FleetRefusal.setTooLarge((64 << 20) + 1, cap: 64 << 20)) {
            try FleetTree.files(eight + [Self.entry("policy.toml", size: 1)])
        }
    }

    @Test func anEntryWithoutItsSizeRefusesTheCommit() {
        #expect(throws: FleetRefusal.notPlainFile("policy.toml", mode: "100644")) {
            try FleetTree.files([Self.entry("policy.toml", size: nil)])
        }
    }

    /// docs/examples/fleet: every file but its README is one a fleet applies, and its policy reads.
    @Test func theExampleRepositoryIsAFleetsLayout() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/examples/fleet").path
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root).filter { path in
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &folder) && !folder.boolValue
        }
        #expect(
            paths.sorted() == [
                "README.md", "lists/games.domains", "lists/games.programs", "policy.toml",
                "schedules.d/school-nights.toml",
            ])
        for path in paths where path != "README.md" {
            #expect(FleetTree.kind(of: path) != nil, "\(path)")
        }
        #expect(FleetTree.kind(of: "README.md") == nil)
        _ = try PolicyFile.load(path: root + "/policy.toml")
        _ = try TOMLTable(
            parsing: Array(try #require(FileManager.default.contents(atPath: root + "/schedules.d/school-nights.toml")))
        )
    }
}
