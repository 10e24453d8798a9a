import Foundation
import Glibc
import RefocusCore
import RefocusEnforcement
import RefocusTestSupport
import Testing

/// Program files examined as the blocker does: a real program's build id is
/// the one binutils' readelf prints, a copy has the original's fingerprint,
/// a script its content hash, and what is not a regular file (a FIFO, a
/// folder, a device) is examined without waiting and gives nothing.
@Suite struct ProgramFileReaderTests {
    /// `Build ID: HEX` from `readelf -n`.
    static func readelfBuildID(_ path: String) throws -> String? {
        let run = try Binary.execute("/usr/bin/readelf", ["-n", path])
        return run.stdout.split(separator: "\n").lazy.compactMap { line in
            line.range(of: "Build ID: ").map { String(line[$0.upperBound...]).trimmingCharacters(in: .whitespaces) }
        }.first
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf"), "needs readelf (binutils)"))
    func aProgramsBuildIDIsReadelfs() throws {
        let examined = try #require(ProgramFileReader.examine(path: "/bin/sleep"))
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
        let original = try #require(ProgramFileReader.examine(path: "/bin/sleep"))
        let copy = try #require(ProgramFileReader.examine(path: folder.path + "/notsleep"))
        #expect(copy.fingerprint == original.fingerprint && copy.identity != original.identity)
        let script = try #require(ProgramFileReader.examine(path: folder.path + "/script"))
        guard case .content(let size, _) = script.fingerprint else { Issue.record("\(String(describing: script.fingerprint))"); return }
        #expect(size == 24)
        #expect(ProgramFileReader.examine(path: folder.path + "/script-copy")?.fingerprint == script.fingerprint)
        #expect(ProgramFileReader.examine(path: folder.path + "/other")?.fingerprint != script.fingerprint)
    }

    @Test func whatIsNotARegularFileIsExaminedWithoutWaiting() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(mkfifo(folder.path + "/fifo", 0o644) == 0)
        // A blocking open of a FIFO without a writer would never return: this one must.
        #expect(ProgramFileReader.examine(path: folder.path + "/fifo") == nil)
        #expect(ProgramFileReader.examine(path: folder.path) == nil)
        #expect(ProgramFileReader.examine(path: "/dev/null") == nil)
        #expect(ProgramFileReader.examine(path: folder.path + "/absent") == nil)
        #expect(ProgramFileReader.examine(path: [UInt8]("/bin/sleep".utf8) + [0]) == nil, "a NUL in a path")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/lib64/ld-linux-x86-64.so.2"), "an x86-64 loader"))
    func theLoaderAndACopyOfItAreKnown() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try ProgramFile.copy("/lib64/ld-linux-x86-64.so.2", to: folder.path + "/myld")
        let loaders = ProgramLocations.loaders()
        #expect(loaders.contains(try #require(ProgramFileReader.examine(path: "/lib64/ld-linux-x86-64.so.2"))))
        #expect(loaders.contains(try #require(ProgramFileReader.examine(path: folder.path + "/myld"))))
        #expect(!loaders.contains(try #require(ProgramFileReader.examine(path: "/bin/sleep"))))
    }
}
