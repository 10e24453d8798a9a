import Dispatch
import Glibc
import RefocusOS
import Synchronization
import Testing
@testable import RefocusEnforcement

/// The deadline on reads of processes' arguments and environments: a read
/// that does not answer is given up at the deadline and its user's
/// processes are not read again for a while, while other users' are; the
/// stuck workers are capped. The reads here are fakes that wait on a
/// semaphore (a stuck kernel read cannot be made without root: the
/// privileged `ProcessMemoryStallTests` makes one for real).
@Suite struct ProcessMemoryReadersTests {
    /// A read function whose pid 666 waits until `release`, counting the reads it was asked for.
    final class StallingReads: Sendable {
        let stalled = DispatchSemaphore(value: 0)
        let calls = Mutex<[Int32]>([])
        static let stallingPID: Int32 = 666

        func read(pid: Int32, name: String, limit: Int, terminator: UInt8?) -> [UInt8]? {
            calls.withLock { $0.append(pid) }
            if pid == Self.stallingPID { stalled.wait() }
            return Array("\(name) of \(pid)".utf8)
        }
    }

    private static func milliseconds(_ body: () -> Void) -> Int64 {
        let start = ContinuousClock.now
        body()
        return (ContinuousClock.now - start).roundedUpMilliseconds
    }

    @Test func aReadPastTheDeadlineIsGivenUpAndItsUserIsNotReadAgainForAWhile() async throws {
        let reads = StallingReads()
        // A distrust no test run outlasts: CI once held this test between
        // its steps for more than ten minutes (its awaits wait for the
        // cooperative pool, which the long suites hold on two cores).
        let readers = ProcessMemoryReaders(
            deadline: .milliseconds(200), distrust: .seconds(30 * 86_400), lateness: .zero,
            reading: { reads.read(pid: $0, name: $1, limit: $2, terminator: $3) })
        #expect(readers.read(pid: 10, "cmdline", owner: 1000, limit: 64) == Array("cmdline of 10".utf8))
        var stalled: [UInt8]? = []
        let waited = Self.milliseconds {
            stalled = readers.read(pid: StallingReads.stallingPID, "cmdline", owner: 1000, limit: 64)
        }
        #expect(stalled == nil)
        #expect(waited >= 190 && waited < 2000, "given up at the deadline: \(waited) ms")
        #expect(readers.stuckWorkers == 1 && readers.isDistrusted(1000) && !readers.isDistrusted(1001))
        // The same user: refused at once, without a read. Another user: read.
        let callsBefore = reads.calls.withLock { $0.count }
        var refused: [UInt8]? = []
        #expect(Self.milliseconds { refused = readers.read(pid: 11, "environ", owner: 1000, limit: 64) } < 100)
        #expect(refused == nil)
        #expect(reads.calls.withLock { $0.count } == callsBefore, "no read for a distrusted user")
        #expect(readers.read(pid: 12, "environ", owner: 1001, limit: 64) == Array("environ of 12".utf8))
        // The stuck read comes back: the worker is free again, the user still distrusted until the time is up.
        reads.stalled.signal()
        for _ in 0..<500 where readers.stuckWorkers > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(readers.stuckWorkers == 0)
        #expect(readers.isDistrusted(1000) && readers.read(pid: 13, "cmdline", owner: 1000, limit: 64) == nil)
    }

    /// When the distrust is over, the user's processes are read again.
    @Test func aDistrustedUserIsReadAgainWhenTheTimeIsUp() async throws {
        let reads = StallingReads()
        let readers = ProcessMemoryReaders(
            deadline: .milliseconds(50), distrust: .milliseconds(300), lateness: .zero,
            reading: { reads.read(pid: $0, name: $1, limit: $2, terminator: $3) })
        #expect(readers.read(pid: StallingReads.stallingPID, "cmdline", owner: 1000, limit: 64) == nil)
        #expect(readers.isDistrusted(1000))
        reads.stalled.signal()
        for _ in 0..<500 where readers.stuckWorkers > 0 { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(400))
        #expect(!readers.isDistrusted(1000))
        #expect(readers.read(pid: 13, "cmdline", owner: 1000, limit: 64) == Array("cmdline of 13".utf8))
    }

    /// A read that comes back soon after its deadline (a worker a loaded
    /// machine did not schedule in time) leaves its user trusted.
    @Test func aReadBackSoonAfterItsDeadlineIsForgiven() async throws {
        let reads = StallingReads()
        let readers = ProcessMemoryReaders(
            deadline: .milliseconds(50), distrust: .seconds(60), lateness: .seconds(5),
            reading: { reads.read(pid: $0, name: $1, limit: $2, terminator: $3) })
        #expect(readers.read(pid: StallingReads.stallingPID, "cmdline", owner: 1000, limit: 64) == nil)
        #expect(readers.isDistrusted(1000), "distrusted while the read is out")
        reads.stalled.signal()
        for _ in 0..<500 where readers.stuckWorkers > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!readers.isDistrusted(1000))
        #expect(readers.read(pid: 14, "cmdline", owner: 1000, limit: 64) == Array("cmdline of 14".utf8))
    }

    @Test func stuckWorkersAreCappedAndPastTheCapNothingIsRead() {
        let reads = StallingReads()
        let readers = ProcessMemoryReaders(
            deadline: .milliseconds(50), distrust: .seconds(60), stuckLimit: 2,
            reading: { reads.read(pid: $0, name: $1, limit: $2, terminator: $3) })
        defer { for _ in 0..<2 { reads.stalled.signal() } }
        #expect(readers.read(pid: StallingReads.stallingPID, "cmdline", owner: 1000, limit: 64) == nil)
        #expect(readers.read(pid: StallingReads.stallingPID, "cmdline", owner: 1001, limit: 64) == nil)
        #expect(readers.stuckWorkers == 2)
        let callsBefore = reads.calls.withLock { $0.count }
        #expect(readers.read(pid: 20, "cmdline", owner: 1002, limit: 64) == nil, "past the cap, nothing is read")
        #expect(reads.calls.withLock { $0.count } == callsBefore)
    }

    @Test func theRealFilesAreReadWhole() throws {
        let direct = try #require(ProcFile.read(pid: getpid(), "cmdline", limit: 64 * 1024))
        #expect(ProcessMemoryRead.read(.arguments, of: getpid(), limit: 64 * 1024) == direct)
        let environment = try #require(
            ProcessMemoryRead.read(.environment, of: getpid(), owner: getuid(), limit: 256 * 1024))
        #expect(environment == ProcFile.read(pid: getpid(), "environ", limit: 256 * 1024))
        #expect(ProcessMemoryRead.read(.arguments, of: Int32.max, limit: 64) == nil, "no such process")
    }
}
