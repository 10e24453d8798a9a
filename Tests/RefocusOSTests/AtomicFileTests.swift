import Foundation
import Glibc
import Testing
@testable import RefocusOS
import RefocusTestSupport

@Suite struct AtomicFileTests {
    @Test func createsReplacesAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/list.domains"
        try AtomicFile.write(Array("a.example\n".utf8), to: path, mode: 0o640)
        #expect(try FileReader.readIfPresent(path) == Array("a.example\n".utf8))
        try AtomicFile.write(Array("b.example\n".utf8), to: path)
        #expect(try FileReader.readIfPresent(path) == Array("b.example\n".utf8))
        #expect(try folder.files() == ["list.domains"])
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o640, "an existing file keeps its mode")
    }

    @Test func keepsTheModeOfAnExistingFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/hosts"
        try AtomicFile.write([1, 2, 3], to: path, mode: 0o600)
        chmod(path, 0o604)
        try AtomicFile.write([4], to: path)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o604)
    }

    @Test func failureNamesThePathAndLeavesTheOldFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(throws: SystemError("create a temporary file for", folder.path + "/missing/x", .noSuchFileOrDirectory))
        {
            try AtomicFile.write([1], to: folder.path + "/missing/x")
        }
        // A target that is a directory cannot be replaced; the directory survives and no temporary is left.
        try FileManager.default.createDirectory(atPath: folder.path + "/dir", withIntermediateDirectories: false)
        #expect(throws: SystemError.self) { try AtomicFile.write([1], to: folder.path + "/dir") }
        #expect(try folder.files() == ["dir"])
    }

    @Test func readerCapsTheSize() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/big"
        try AtomicFile.write([UInt8](repeating: 7, count: 1000), to: path)
        #expect(try FileReader.readIfPresent(path, limit: 1000)?.count == 1000)
        #expect(throws: SystemError("read", path, .fileTooLarge)) { try FileReader.readIfPresent(path, limit: 999) }
        #expect(try FileReader.readIfPresent(folder.path + "/absent") == nil)
    }

    @Test func temporaryFilesArePrivateAndUnique() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let environment = ["TMPDIR": folder.path]
        let first = try TemporaryFile.create(
            prefix: "t", suffix: ".domains", bytes: Array("x".utf8), environment: environment)
        let second = try TemporaryFile.create(prefix: "t", suffix: ".domains", bytes: [], environment: environment)
        #expect(first != second)
        #expect(first.hasPrefix(folder.path + "/t-") && first.hasSuffix(".domains"))
        var status = stat()
        #expect(stat(first, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(try FileReader.readIfPresent(first) == Array("x".utf8))
        TemporaryFile.remove(first)
        #expect(try FileReader.readIfPresent(first) == nil)
    }

    @Test(arguments: [("/etc/hosts", "/etc"), ("/hosts", "/"), ("hosts", "."), ("a/b", "a")])
    func parentDirectories(_ path: String, parent: String) {
        #expect(AtomicFile.parentDirectory(of: path) == parent)
    }
}
