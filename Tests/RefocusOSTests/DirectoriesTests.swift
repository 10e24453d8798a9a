import Foundation
import Glibc
import Testing
@testable import RefocusOS
import RefocusTestSupport

/// `Directories.prepare`: a directory of this user with exactly the mode
/// asked, whatever the umask; never a link, a file or another's directory.
@Suite struct DirectoriesTests {
    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    // (The umask is the process's: tests run in parallel, so this one leaves it alone;
    // an existing directory with another mode is what a caller's umask 077 leaves.)
    @Test func createsWithTheModeAndCorrectsAnExistingOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/run/refocus"
        try Directories.prepare(path, mode: 0o755)
        #expect(Self.mode(path) == 0o755)
        chmod(path, 0o700)
        try Directories.prepare(path, mode: 0o755)
        #expect(Self.mode(path) == 0o755)
        try Directories.prepare(path, mode: 0o700)
        #expect(Self.mode(path) == 0o700)
    }

    @Test func refusesALinkOrAFileInItsPlace() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/elsewhere", withIntermediateDirectories: false)
        chmod(folder.path + "/elsewhere", 0o700)
        symlink(folder.path + "/elsewhere", folder.path + "/link")
        _ = FileManager.default.createFile(atPath: folder.path + "/file", contents: Data())
        for name in ["link", "file"] {
            #expect(
                throws: SystemError(
                    "use the directory", folder.path + "/\(name) (a link or a file is in its place: remove it)",
                    .notDirectory)
            ) {
                try Directories.prepare(folder.path + "/" + name, mode: 0o755)
            }
        }
        #expect(Self.mode(folder.path + "/elsewhere") == 0o700, "the link's target is untouched")
    }

    @Test(.enabled(if: getuid() == 0, "needs root to give a directory to another user"))
    func refusesAnotherUsersDirectory() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/theirs"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        chown(path, 65534, 65534)
        chmod(path, 0o777)
        #expect(
            throws: SystemError("use the directory", path + " (owned by uid 65534, not root: remove it)", .notPermitted)
        ) {
            try Directories.prepare(path, mode: 0o755)
        }
        #expect(Self.mode(path) == 0o777)
    }
}
