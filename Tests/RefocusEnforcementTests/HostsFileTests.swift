import Foundation
import RefocusCore
import Testing
@testable import RefocusEnforcement
import RefocusTestSupport
@testable import RefocusPlanning

/// The hosts file in a temporary folder: written through a symlink, leftovers
/// of a crash removed, the journal replayed only over the file it was written
/// against, an oversized section refused.
@Suite struct HostsFileTests {
    static let original = "127.0.0.1 localhost\n::1 localhost\n"

    static func body(_ names: [String]) throws -> SectionBody {
        HostsSection.body(domains: try names.map { try DomainName(validating: $0) }, subdomains: [])
    }

    static func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    @Test func aSymlinkedFileIsWrittenThroughAndStaysALink() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: true)
        try Data(Self.original.utf8).write(to: URL(fileURLWithPath: folder.path + "/real/hosts"))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/hosts", withDestinationPath: "real/hosts")
        let hosts = HostsFile(path: folder.path + "/hosts", journalPath: folder.path + "/state/hosts.journal")
        #expect(try hosts.apply(body: try Self.body(["a.example"])).changed)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/hosts") == "real/hosts")
        #expect(try Self.read(folder.path + "/real/hosts").contains("192.0.2.1 a.example\n100::1 a.example\n"))
        #expect(try hosts.apply(body: nil).changed)
        #expect(try Self.read(folder.path + "/real/hosts") == Self.original)
        #expect(try folder.files("/real") == ["hosts"], "no temporary file left in the target's folder")
    }

    @Test func temporaryFilesACrashLeftAreRemovedAndNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data(Self.original.utf8).write(to: URL(fileURLWithPath: folder.path + "/hosts"))
        for name in ["hosts.refocus-AbCdEf012345", "hosts.refocus-short", "other.refocus-AbCdEf012345"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path + "/" + name))
        }
        let hosts = HostsFile(path: folder.path + "/hosts", journalPath: folder.path + "/state/hosts.journal")
        let outcome = try hosts.apply(body: nil)
        #expect(!outcome.changed)
        #expect(outcome.notes == ["removed 1 temporary file a crash left: \(folder.path)/hosts.refocus-AbCdEf012345"])
        #expect(try folder.files() == ["hosts", "hosts.refocus-short", "other.refocus-AbCdEf012345", "state"])
    }

    @Test func theJournalIsReplayedOverTheOldFileOrATornMixOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/hosts"
        let journalPath = folder.path + "/state/hosts.journal"
        try FileManager.default.createDirectory(atPath: folder.path + "/state", withIntermediateDirectories: true)
        let hosts = HostsFile(path: path, journalPath: journalPath)
        let old = Array(Self.original.utf8)
        let new = old + Array("# BEGIN refocus\n192.0.2.1 a.example\n100::1 a.example\n# END refocus\n".utf8)
        // Interrupted after the journal was saved and part of the new bytes written.
        try Data(RewriteJournal(old: old, new: new).bytes).write(to: URL(fileURLWithPath: journalPath))
        try Data(new.prefix(old.count + 10)).write(to: URL(fileURLWithPath: path))
        #expect(try hosts.currentBody() == nil, "the torn file has no whole section yet")
        #expect(try hosts.apply(body: try Self.body(["a.example"])).notes.isEmpty)
        #expect(try Self.read(path) == String(decoding: new, as: UTF8.self))
        #expect(!FileManager.default.fileExists(atPath: journalPath))
        // Interrupted, then a container runtime wrote a file of its own: kept, the journal discarded.
        let runtime = Self.original + "172.17.0.9 web\n"
        try Data(RewriteJournal(old: old, new: new).bytes).write(to: URL(fileURLWithPath: journalPath))
        try Data(runtime.utf8).write(to: URL(fileURLWithPath: path))
        let outcome = try hosts.apply(body: nil)
        #expect(
            outcome.notes == [
                "\(journalPath) was not replayed: \(path) changed since the interrupted rewrite it "
                    + "records; the file was kept as it is"
            ])
        #expect(try Self.read(path) == runtime)
        #expect(!FileManager.default.fileExists(atPath: journalPath))
    }

    @Test func aSectionOverItsLimitIsRefusedAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data(Self.original.utf8).write(to: URL(fileURLWithPath: folder.path + "/hosts"))
        let hosts = HostsFile(path: folder.path + "/hosts", journalPath: folder.path + "/state/hosts.journal")
        let line = String(repeating: "a", count: 1000)
        let huge = try SectionBody(lines: [String](repeating: line, count: 67 << 10))
        #expect(throws: HostsFileError.self) { try hosts.apply(body: huge) }
        #expect(try Self.read(folder.path + "/hosts") == Self.original)
    }

    @Test func salvageRemovesADamagedSectionAndKeepsTheRest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let damaged = Self.original + "# BEGIN refocus\n192.0.2.1 a.example\n100::1 a.example\n172.17.0.9 web\n"
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: folder.path + "/hosts"))
        let hosts = HostsFile(path: folder.path + "/hosts", journalPath: folder.path + "/state/hosts.journal")
        #expect(throws: HostsFileError.self) { try hosts.apply(body: nil) }
        #expect(try hosts.salvage() == "removed the damaged section of \(folder.path)/hosts: 3 lines, from line 3")
        #expect(try Self.read(folder.path + "/hosts") == Self.original + "172.17.0.9 web\n")
        #expect(try hosts.salvage() == nil, "an intact file is left alone")
    }
}
