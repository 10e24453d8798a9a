import Foundation
import Glibc
import RefocusCore
import RefocusEnforcement
import RefocusTestSupport
import Testing

/// nsswitch.conf in a temporary folder: the service added and removed byte
/// for byte, through a symlink, keeping the mode, without a write when
/// nothing changes; a missing file; a file ReFocus will not edit; and where
/// the resolver module's library is found.
@Suite struct NsswitchFileTests {
    static let original = "passwd: files systemd\n\nhosts:\tfiles mdns4_minimal [NOTFOUND=return] dns myhostname   \n"

    static func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    static func status(_ path: String) -> stat {
        var status = stat()
        stat(path, &status)
        return status
    }

    @Test func addAndRemoveKeepEveryOtherByteTheModeAndTheLink() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: true)
        let real = folder.path + "/real/nsswitch.conf"
        try Data(Self.original.utf8).write(to: URL(fileURLWithPath: real))
        chmod(real, 0o640)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/nsswitch.conf", withDestinationPath: "real/nsswitch.conf")
        let file = NsswitchFile(
            path: folder.path + "/nsswitch.conf", journalPath: folder.path + "/state/nsswitch.journal")
        #expect(try file.add().changed)
        #expect(try Self.read(real) == Self.original.replacingOccurrences(of: "] dns", with: "] refocus dns"))
        #expect(try file.read().hostsServices == ["files", "mdns4_minimal", "refocus", "dns", "myhostname"])
        #expect(Self.status(real).st_mode & 0o7777 == 0o640, "the mode is kept")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/nsswitch.conf")
                == "real/nsswitch.conf")
        let inode = Self.status(real).st_ino
        #expect(try !file.add().changed)
        #expect(Self.status(real).st_ino == inode, "an unchanged file is not written")
        #expect(try file.remove().changed)
        #expect(try Self.read(real) == Self.original)
        #expect(try !file.remove().changed)
        #expect(try folder.files("/real") == ["nsswitch.conf"], "no temporary file left in the target's folder")
        #expect(try folder.files("/state") == ["nsswitch.lock"], "no journal left")
    }

    @Test func aMissingFileIsMadeWithTheSectionAndRemovedAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/nsswitch.conf"
        let file = NsswitchFile(path: path, journalPath: folder.path + "/state/nsswitch.journal")
        #expect(try file.read().hostsServices == ["files", "dns"])
        #expect(try file.add().changed)
        #expect(try Self.read(path) == "# BEGIN refocus\nhosts: files refocus dns\n# END refocus\n")
        #expect(Self.status(path).st_mode & 0o7777 == 0o644)
        #expect(try file.remove().changed)
        #expect(
            !FileManager.default.fileExists(atPath: path),
            "a file left empty is removed: glibc reads none as it reads an empty one")
    }

    @Test func aFileGlibcCannotReadIsLeftAsItIs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/nsswitch.conf"
        let broken = "hosts: files [NOTFOUND=stop] dns\n"
        try Data(broken.utf8).write(to: URL(fileURLWithPath: path))
        let file = NsswitchFile(path: path, journalPath: folder.path + "/state/nsswitch.journal")
        #expect(
            throws: NsswitchFileError.refused(
                path: path,
                .unreadable(
                    line: 1, column: 24,
                    reason: "an unknown action in an action block"))
        ) {
            try file.add()
        }
        #expect(try Self.read(path) == broken)
        #expect(try !file.remove().changed)
        let message = NsswitchFileError.refused(path: path, .cutShort(line: 2, column: 8)).description
        #expect(
            message == "\(path) line 2, column 8: glibc stops reading the hosts services at an action block that "
                + "follows no service; give it its service or remove it, then try again; nothing was changed")
    }

    @Test func theLibraryIsFoundInTheFirstFolderThatHoldsIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = folder.path + "/usr-lib"
        let second = folder.path + "/lib"
        try FileManager.default.createDirectory(atPath: first, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: second + "/" + ResolverModule.libraryName, withIntermediateDirectories: true)
        #expect(ResolverModule.installedLibrary(in: [first, second]) == nil, "a folder of that name is no library")
        try Data().write(to: URL(fileURLWithPath: first + "/" + ResolverModule.libraryName))
        #expect(ResolverModule.installedLibrary(in: [first, second]) == first + "/libnss_refocus.so.2")
        #expect(
            ResolverModule.libraryDirectories == [
                "/usr/lib/\(ResolverModule.multiarch)", "/lib/\(ResolverModule.multiarch)",
            ])
        #expect(ResolverModule.isNamed(in: Array("hosts: files dns refocus\n".utf8)))
        #expect(!ResolverModule.precedesResolvers(in: Array("hosts: files dns refocus\n".utf8)))
        #expect(ResolverModule.precedesResolvers(in: Array("hosts: files refocus dns\n".utf8)))
    }

    @Test func inForceNeedsTheLibraryAndTheServiceBeforeTheResolvers() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let nsswitch = NsswitchFile(
            path: folder.path + "/nsswitch.conf", journalPath: folder.path + "/state/nsswitch.journal")
        let directories = [folder.path]
        #expect(!ResolverModule.isInForce(nsswitch: nsswitch, libraryIn: directories), "neither")
        try Data("hosts: files dns\n".utf8).write(to: URL(fileURLWithPath: nsswitch.path))
        try nsswitch.add()
        #expect(!ResolverModule.isInForce(nsswitch: nsswitch, libraryIn: directories), "no library")
        try Data().write(to: URL(fileURLWithPath: folder.path + "/" + ResolverModule.libraryName))
        #expect(ResolverModule.isInForce(nsswitch: nsswitch, libraryIn: directories))
        try nsswitch.remove()
        #expect(!ResolverModule.isInForce(nsswitch: nsswitch, libraryIn: directories), "not named")
    }

    /// The Makefile installs the library in /usr/lib/$(MULTIARCH), asking the C compiler first.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/cc"), "needs cc (gcc)"))
    func theMultiarchTupleIsTheCompilers() throws {
        let run = try Binary.execute("/usr/bin/cc", ["-print-multiarch"])
        let tuple = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        if !tuple.isEmpty { #expect(tuple == ResolverModule.multiarch) }
    }
}
