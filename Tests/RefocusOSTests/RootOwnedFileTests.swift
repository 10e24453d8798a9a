import Foundation
import Glibc
import RefocusOS
import Testing

/// `RootOwnedFile`: fleet.toml and the allowed signers are read only when
/// they are plain files of root's that no one else may write.
@Suite(.enabled(if: geteuid() == 0, "the files' owner is root only when root writes them"))
struct RootOwnedFileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "refocus-root-owned-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String, mode: mode_t) throws -> String {
        let path = folder + "/" + name
        try Data("remote = \"/srv/f.git\"\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return path
    }

    @Test func aFileOfRootsAloneIsRead() throws {
        let path = try file("fleet.toml", mode: 0o644)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try RootOwnedFile.read(path, limit: 1024) == .success(Array("remote = \"/srv/f.git\"\n".utf8)))
        #expect(try RootOwnedFile.read(folder + "/missing", limit: 1024) == nil)
    }

    @Test func aFileOthersMayWriteAnotherUsersOrALinkIsNotRead() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try RootOwnedFile.read(try file("group", mode: 0o664), limit: 1024) == .failure(.writable(0o664)))
        #expect(try RootOwnedFile.read(try file("other", mode: 0o646), limit: 1024) == .failure(.writable(0o646)))
        let theirs = try file("theirs", mode: 0o644)
        chown(theirs, 65534, 65534)
        #expect(try RootOwnedFile.read(theirs, limit: 1024) == .failure(.owner(65534)))
        let link = folder + "/link"
        symlink(try file("target", mode: 0o644), link)
        #expect(try RootOwnedFile.read(link, limit: 1024) == .failure(.notRegular))
        #expect(try RootOwnedFile.read(folder, limit: 1024) == .failure(.notRegular))
    }
}
