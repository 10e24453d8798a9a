import Foundation
import Glibc
import Testing
@testable import RefocusOS
import RefocusTestSupport

/// The daemon's log never waits: on a full pipe lines are dropped and
/// counted, and the count comes before the next line that gets through; on
/// a socket and a file lines are written whole.
@Suite struct NonBlockingLogTests {
    /// Both ends of a pipe, or of a socket pair, closed at the end.
    struct Ends {
        let read: Int32
        let write: Int32

        static func pipe() throws -> Ends {
            var ends: [Int32] = [-1, -1]
            try #require(Glibc.pipe(&ends) == 0)
            return Ends(read: ends[0], write: ends[1])
        }

        static func socketPair() throws -> Ends {
            var ends: [Int32] = [-1, -1]
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
            return Ends(read: ends[0], write: ends[1])
        }

        func close() {
            Glibc.close(read)
            Glibc.close(write)
        }

        /// Everything waiting at the read end.
        func drain() -> String {
            var text: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                var ready = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 0) == 1 else { break }
                let count = buffer.withUnsafeMutableBytes { Glibc.read(read, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                text += buffer.prefix(count)
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// Fills the pipe at `ends` without blocking; returns the bytes written.
    static func fill(_ ends: Ends) -> Int {
        let fd = open("/proc/self/fd/\(ends.write)", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        defer { close(fd) }
        var total = 0
        for size in [4096, 1] {
            let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: size)
            while case let written = bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }), written > 0 {
                total += written
            }
        }
        return total
    }

    @Test func aFullPipeDropsAndCountsLinesWithoutBlocking() throws {
        let ends = try Ends.pipe()
        defer { ends.close() }
        let log = NonBlockingLog(prefix: "daemon: ", descriptor: ends.write)
        #expect(Self.fill(ends) > 0)
        let start = ContinuousClock.now
        for index in 0..<1000 { log.write("line \(index)") }
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(log.dropped == 1000)
        #expect(ends.drain().allSatisfy { $0 == "x" })
        log.write("after")
        #expect(ends.drain() == "daemon: (1000 log lines dropped)\ndaemon: after\n")
        log.write("again")
        #expect(ends.drain() == "daemon: again\n")
        #expect(fcntl(ends.write, F_GETFL) & O_NONBLOCK == 0, "the shared descriptor stays blocking")
    }

    @Test func aSocketGetsWholeLines() throws {
        let ends = try Ends.socketPair()
        defer { ends.close() }
        let log = NonBlockingLog(prefix: "d: ", descriptor: ends.write)
        log.write("one")
        log.write("two")
        #expect(ends.drain() == "d: one\nd: two\n")
        #expect(log.dropped == 0)
    }

    @Test func aFileGetsEveryLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fd = open(folder.path + "/log", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        let log = NonBlockingLog(prefix: "", descriptor: fd)
        for index in 0..<3 { log.write("line \(index)") }
        #expect(try FileReader.readIfPresent(folder.path + "/log") == Array("line 0\nline 1\nline 2\n".utf8))
    }

    @Test func aClosedDescriptorDropsEverything() {
        let log = NonBlockingLog(prefix: "", descriptor: 1_000_000)
        log.write("lost")
        #expect(log.dropped == 1)
    }
}
