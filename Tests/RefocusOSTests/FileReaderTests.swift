import Foundation
import Glibc
import RefocusOS
import Testing

/// `FileReader` reads a regular file in place (its size and one byte
/// more reserved) and anything else in chunks: every byte arrives once, in
/// order, at any size, and past the cap the read fails.
@Suite struct FileReaderTests {
    /// A file of `count` bytes counting up, in a folder of its own.
    static func file(_ count: Int) throws -> (path: String, bytes: [UInt8]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-reader-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) }
        let path = folder.appendingPathComponent("data").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    @Test(arguments: [0, 1, 300, 4096, 65_535, 65_536, 65_537, 1 << 20])
    func aRegularFileIsReadWhole(size: Int) throws {
        let (path, bytes) = try Self.file(size)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(try FileReader.readIfPresent(path) == bytes)
    }

    @Test func aMissingFileIsNilAndALargerOneThanTheCapFails() throws {
        let (path, _) = try Self.file(5000)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(try FileReader.readIfPresent(path + ".missing") == nil)
        #expect(try FileReader.readIfPresent(path, limit: 5000)?.count == 5000)
        #expect(throws: SystemError.self) { try FileReader.readIfPresent(path, limit: 4999) }
    }

    /// A file of /proc says it is empty: it is read whole all the same.
    @Test func aFileOfProcIsReadWhole() throws {
        let mountinfo = try #require(try FileReader.readIfPresent("/proc/self/mountinfo"))
        #expect(mountinfo.count > 0 && mountinfo.last == UInt8(ascii: "\n"))
        let status = try #require(try FileReader.readIfPresent("/proc/self/status"))
        #expect(String(decoding: status, as: UTF8.self).contains("\nUid:"))
    }

    /// A pipe has no size: written in pieces larger and smaller than a chunk, read whole.
    @Test func aPipeIsReadInChunksUntilItsEnd() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 253) }
        let writer = Thread {
            var offset = 0
            for piece in [1, 70_000, 10, 65_536, 64_453] {
                let written = bytes[offset..<offset + piece].withUnsafeBytes { write(writeEnd, $0.baseAddress, piece) }
                precondition(written == piece)
                offset += piece
            }
            close(writeEnd)
        }
        writer.start()
        #expect(try FileReader.readAll(readEnd, path: "pipe") == bytes)
    }

    /// 20 MiB through a pipe against a cap of 16 MiB: refused once past the cap, read in chunks
    /// (each read's room zeroed is a chunk at most, not the array's growing spare room).
    @Test func aPipeLargerThanTheCapIsRefusedSoon() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let writer = Thread {
            let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
            for _ in 0..<20 where piece.withUnsafeBytes({ write(writeEnd, $0.baseAddress, piece.count) }) > 0 {}
            close(writeEnd)
        }
        writer.start()
        let started = ContinuousClock.now
        #expect(throws: SystemError.self) {
            try FileReader.readAll(readEnd, path: "pipe", limit: 16 << 20, deadline: .now + .seconds(20))
        }
        // Generous: the quadratic zeroing took over 10 s here; a chunked read takes milliseconds.
        #expect(ContinuousClock.now - started < .seconds(5))
        // The rest drained, so that the writer finishes rather than meeting a closed pipe.
        var rest = [UInt8](repeating: 0, count: 1 << 16)
        while rest.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
    }
}
