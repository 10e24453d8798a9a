import Foundation
import Glibc
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusTestSupport
import Testing
import RefocusPlanning

/// Program files examined as the blocker does: a real program's build id is
/// the one binutils' readelf prints, a copy has the original's fingerprint,
/// a script its content hash, and what is not a regular file (a FIFO, a
/// folder, a device) is examined without waiting and gives nothing; a walk
/// follows links by hand and never goes above its root.
@Suite struct ProgramFileReaderTests {
    static let mounts = MountTypes.seen(by: getpid())

    /// `path` examined by a walk from `/`.
    static func walk(_ path: String, below folder: String = "/", root: String = "/") -> ExaminedFile? {
        let start = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC),
            top = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(start); close(top) }
        return ProgramFileReader.examine(path: Array(path.utf8), below: start, root: top, mounts: mounts)
    }

    /// `Build ID: HEX` from `readelf -n`.
    static func readelfBuildID(_ path: String) throws -> String? {
        let run = try Binary.execute("/usr/bin/readelf", ["-n", path])
        return run.stdout.split(separator: "\n").lazy.compactMap { line in
            line.range(of: "Build ID: ").map { String(line[$0.upperBound...]).trimmingCharacters(in: .whitespaces) }
        }.first
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf"), "needs readelf (binutils)"))
    func aProgramsBuildIDIsReadelfs() throws {
        let examined = try #require(ProgramFileReader.examineSystemFile(path: "/bin/sleep"))
        #expect(Self.walk("/bin/sleep") == examined, "a walk through /bin (a link to usr/bin) finds the same")
        let expected = try #require(try Self.readelfBuildID("/bin/sleep"))
        #expect(examined.fingerprint?.description == "build-id:" + expected)
    }

    @Test func aCopyHasTheOriginalsFingerprintAndAnotherFileNot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try ProgramFile.copy("/bin/sleep", to: folder.path + "/notsleep")
        try ProgramFile.write("#!/bin/sh\nexec sleep 30\n".utf8, to: folder.path + "/script")
        try ProgramFile.copy(folder.path + "/script", to: folder.path + "/script-copy")
        try ProgramFile.write("#!/bin/sh\nexec sleep 31\n".utf8, to: folder.path + "/other")
        let original = try #require(ProgramFileReader.examineSystemFile(path: "/bin/sleep"))
        let copy = try #require(Self.walk(folder.path + "/notsleep"))
        #expect(copy.fingerprint == original.fingerprint && copy.identity != original.identity)
        let script = try #require(Self.walk(folder.path + "/script"))
        guard case .content(let size, _) = script.fingerprint else {
            Issue.record("\(String(describing: script.fingerprint))"); return
        }
        #expect(size == 24)
        #expect(Self.walk(folder.path + "/script-copy")?.fingerprint == script.fingerprint)
        #expect(Self.walk(folder.path + "/other")?.fingerprint != script.fingerprint)
    }

    @Test func whatIsNotARegularFileIsExaminedWithoutWaiting() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(mkfifo(folder.path + "/fifo", 0o644) == 0)
        // A blocking open of a FIFO without a writer would never return: this one must.
        #expect(Self.walk(folder.path + "/fifo") == nil)
        #expect(Self.walk(folder.path) == nil)
        #expect(Self.walk("/dev/null") == nil)
        #expect(ProgramFileReader.examineSystemFile(path: folder.path + "/fifo") == nil)
        #expect(Self.walk(folder.path + "/absent") == nil)
        let slash = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(slash) }
        #expect(
            ProgramFileReader.examine(path: Array("/bin/sleep".utf8) + [0], below: slash, mounts: Self.mounts) == nil,
            "a NUL in a path")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/lib64/ld-linux-x86-64.so.2"), "an x86-64 loader"))
    func theLoaderAndACopyOfItAreKnown() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try ProgramFile.copy("/lib64/ld-linux-x86-64.so.2", to: folder.path + "/myld")
        let loaders = ProgramLocations.loaders()
        #expect(
            loaders.contains(try #require(ProgramFileReader.examineSystemFile(path: "/lib64/ld-linux-x86-64.so.2"))))
        #expect(loaders.contains(try #require(Self.walk(folder.path + "/myld"))))
        #expect(!loaders.contains(try #require(ProgramFileReader.examineSystemFile(path: "/bin/sleep"))))
    }

    /// Links are followed by hand (relative, absolute from the walk's root,
    /// a loop given up), and `..` never leaves the root: a chrooted process's
    /// `../x` is its own `/x`.
    @Test func aWalkFollowsLinksAndStaysBelowItsRoot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let jail = folder.path + "/jail"
        try FileManager.default.createDirectory(atPath: jail + "/bin", withIntermediateDirectories: true)
        try ProgramFile.copy("/bin/sleep", to: jail + "/bin/inside")
        try ProgramFile.write("#!/bin/sh\n".utf8, to: folder.path + "/bin-outside")
        try FileManager.default.createSymbolicLink(atPath: jail + "/relative", withDestinationPath: "bin/inside")
        try FileManager.default.createSymbolicLink(atPath: jail + "/absolute", withDestinationPath: "/bin/inside")
        try FileManager.default.createSymbolicLink(atPath: jail + "/loop", withDestinationPath: "loop")
        let inside = try #require(Self.walk("bin/inside", below: jail, root: jail))
        #expect(Self.walk("relative", below: jail, root: jail) == inside)
        #expect(
            Self.walk("absolute", below: jail, root: jail) == inside, "an absolute link restarts at the walk's root")
        #expect(Self.walk("/bin/inside", below: jail + "/bin", root: jail) == inside)
        #expect(Self.walk("../../../bin/inside", below: jail + "/bin", root: jail) == inside, "no .. above the root")
        #expect(Self.walk("loop", below: jail, root: jail) == nil, "a loop is given up")
    }
}
