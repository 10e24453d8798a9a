import CLinux
import Foundation
import Glibc
import RefocusTestSupport
import Testing
@testable import RefocusOS

/// What a user could leave under a name root reads in their folder: only a
/// small regular file on a filesystem the kernel serves is read; a FIFO
/// (which would park a blocking open), a symbolic link, a folder or an
/// oversized file is refused at once, and so is any file on a mount whose
/// type is FUSE, an overlay or unknown.
@Suite struct UntrustedFileTests {
    @Test func onlyASmallRegularFileIsReadAndNothingWaits() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("[Application]\nname=org.example.App\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/info"))
        #expect(mkfifo(folder.path + "/fifo", 0o644) == 0)
        #expect(symlink(folder.path + "/info", folder.path + "/link") == 0)
        try FileManager.default.createDirectory(atPath: folder.path + "/folder", withIntermediateDirectories: false)
        try Data().write(to: URL(fileURLWithPath: folder.path + "/huge"))
        #expect(truncate(folder.path + "/huge", 1 << 30) == 0, "a sparse 1 GiB file")
        let descriptor = Glibc.open(folder.path, refocus_o_path | O_DIRECTORY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let mounts = MountTypes.seen(by: getpid())
        try #require(mounts.isServedByTheKernel(descriptor), "the test's temporary folder is on a local filesystem")
        let started = ContinuousClock.now
        #expect(
            UntrustedFile.read("info", in: descriptor, mounts: mounts, limit: 1024)
                == .success(Array("[Application]\nname=org.example.App\n".utf8)))
        #expect(UntrustedFile.read("fifo", in: descriptor, mounts: mounts, limit: 1024) == .failure(.notRegular))
        #expect(UntrustedFile.read("link", in: descriptor, mounts: mounts, limit: 1024) == .failure(.notRegular))
        #expect(UntrustedFile.read("folder", in: descriptor, mounts: mounts, limit: 1024) == .failure(.notRegular))
        #expect(UntrustedFile.read("huge", in: descriptor, mounts: mounts, limit: 1024) == .failure(.tooLarge))
        #expect(UntrustedFile.read("info", in: descriptor, mounts: mounts, limit: 8) == .failure(.tooLarge))
        #expect(UntrustedFile.read("missing", in: descriptor, mounts: mounts, limit: 1024) == .failure(.missing))
        #expect(UntrustedFile.read("../info", in: descriptor, mounts: mounts, limit: 1024) == .failure(.badName))
        #expect(ContinuousClock.now - started < .seconds(5), "nothing waited")
        // The same folder on a mount of another type is not trusted.
        let foreign = MountTypes(
            mountinfo: Array(mounts.types.map { "\($0.key) 1 0:1 / /x rw - fuse.sshfs x rw\n" }.joined().utf8))
        #expect(
            UntrustedFile.read("info", in: descriptor, mounts: foreign, limit: 1024) == .failure(.notServedByTheKernel))
    }

    /// A home folder's `.local/bin/NAME`: found through folders and a link
    /// on the same mount; a link to another mount (/proc here), an absolute
    /// path, or any folder on an untrusted mount is not followed.
    @Test func aPathBelowAFolderIsLookedUpOnItsMountOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/.local/bin", withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/.local/bin/tool"))
        #expect(symlink("tool", folder.path + "/.local/bin/alias") == 0)
        #expect(symlink("/proc/self/status", folder.path + "/.local/bin/elsewhere") == 0)
        let descriptor = Glibc.open(folder.path, refocus_o_path | O_DIRECTORY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let mounts = MountTypes.seen(by: getpid())
        let tool = try #require(UntrustedFile.status(of: ".local/bin/tool", below: descriptor, mounts: mounts))
        let alias = try #require(UntrustedFile.status(of: ".local/bin/alias", below: descriptor, mounts: mounts))
        #expect(tool.st_ino == alias.st_ino && tool.st_mode & S_IFMT == S_IFREG)
        #expect(UntrustedFile.status(of: ".local/bin/elsewhere", below: descriptor, mounts: mounts) == nil)
        #expect(UntrustedFile.status(of: ".local/bin/missing", below: descriptor, mounts: mounts) == nil)
        #expect(UntrustedFile.status(of: folder.path + "/.local/bin/tool", below: descriptor, mounts: mounts) == nil)
        #expect(
            UntrustedFile.status(of: ".local/bin/tool", below: descriptor, mounts: MountTypes(mountinfo: [])) == nil)
    }

    @Test func mountinfoGivesEachMountsTypeAndACutLastLineIsLeftOut() {
        let text = """
            22 27 0:21 / /proc rw,relatime - proc proc rw
            27 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
            63 43 0:39 / /home/ann/trap/.flatpak-info rw,relatime - fuse rf-stall rw,user_id=0
            64 27 0:40 / /var/lib/docker/x rw,relatime - overlay overlay rw,lowerdir=/a
            65 27 0:41 / /media/My\\040Disk rw - vfat /dev/sdb1 rw
            66 27 0:42 / /run/user/1000 rw - tmp
            """
        let mounts = MountTypes(mountinfo: Array(text.utf8))
        #expect(mounts.types == [22: "proc", 27: "ext4", 63: "fuse", 64: "overlay", 65: "vfat"])
        for (id, trusted) in [(22, false), (27, true), (63, false), (64, false), (65, true)] {
            #expect(MountTypes.servedByTheKernel.contains(mounts.types[id] ?? "") == trusted, "\(id)")
        }
    }
}
