import Foundation
import Glibc
import RefocusCore
import Testing
@testable import RefocusEnforcement
@testable import RefocusPlanning

/// Where blocked programs are found: executable regular files, through
/// symbolic links, by identity; `sh` is found where the system keeps it.
@Suite struct ProgramLocationsTests {
    @Test func anExecutableAndALinkToItHaveOneIdentityAndOtherFilesNone() throws {
        let folder = NSTemporaryDirectory() + "refocus-locations-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(
            FileManager.default.createFile(
                atPath: folder + "/tool", contents: Data("#!/bin/sh\n".utf8),
                attributes: [.posixPermissions: 0o755]))
        #expect(
            FileManager.default.createFile(
                atPath: folder + "/data", contents: Data(),
                attributes: [.posixPermissions: 0o644]))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/tool")
        let tool = try #require(ProgramLocations.executable(folder + "/tool"))
        #expect(ProgramLocations.executable(folder + "/link") == tool)
        #expect(ProgramLocations.executable(folder + "/data") == nil, "not executable")
        #expect(ProgramLocations.executable(folder) == nil, "a folder")
        #expect(ProgramLocations.executable(folder + "/missing") == nil)
    }

    @Test func aSystemProgramIsFoundByItsName() throws {
        let rules = ProgramRules([1000: [try ProgramName("sh")]])
        let found = ProgramLocations.identities(of: rules)[1000] ?? [:]
        var status = stat()
        #expect(stat("/bin/sh", &status) == 0)
        #expect(
            found[FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))]?.rawValue == "sh",
            "\(found)")
    }
}
