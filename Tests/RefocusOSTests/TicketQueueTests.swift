import Foundation
import Glibc
import Synchronization
import Testing
@testable import RefocusOS
import RefocusTestSupport

/// `TicketQueue`: waiters are let through in the order they took their
/// tickets, each once the one before it ended or stopped; a deadline
/// bounds every wait.
@Suite struct TicketQueueTests {
    @Test func waitersAreServedInTheOrderTheyCame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.path + "/queue"
        var first = try TicketQueue.wait(directory: directory, deadline: .now + .seconds(5))
        #expect(first?.ticket == 0)
        let order = Mutex<[Int]>([])
        let done = DispatchGroup()
        // Each waiter takes its ticket before the next starts, then waits in line.
        for waiter in 1...3 {
            done.enter()
            Thread {
                let place = try? TicketQueue.wait(directory: directory, deadline: .now + .seconds(20))
                order.withLock { $0.append(waiter) }
                usleep(20_000)
                withExtendedLifetime(place) {}
                done.leave()
            }.start()
            #expect(Self.counter(in: directory, reaches: waiter + 1), "waiter \(waiter) took its ticket")
        }
        usleep(100_000)
        #expect(order.withLock { $0 }.isEmpty, "nobody passes the first while it is in line")
        first = nil
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(order.withLock { $0 } == [1, 2, 3])
    }

    /// Whether the queue's counter says `number` within 5 s: that many tickets were taken.
    static func counter(in directory: String, reaches number: Int) -> Bool {
        for _ in 0..<500 {
            if (try? String(contentsOfFile: directory + "/counter", encoding: .utf8)) == "\(number)\n" { return true }
            usleep(10_000)
        }
        return false
    }

    @Test func aWaitAheadBoundsNoOneBeyondTheDeadline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.path + "/queue"
        let first = try TicketQueue.wait(directory: directory, deadline: .now + .seconds(5))
        let started = ContinuousClock.now
        #expect(try TicketQueue.wait(directory: directory, deadline: .now + .milliseconds(200)) == nil)
        #expect(ContinuousClock.now - started < .seconds(2))
        withExtendedLifetime(first) {}
    }

    /// A member who suspends their own run cannot hold the line: a waiter
    /// ahead whose process is stopped is passed.
    @Test func aStoppedWaiterAheadIsPassed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.path + "/queue"
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        defer { kill(sleeper.processIdentifier, SIGKILL); sleeper.waitUntilExit() }
        kill(sleeper.processIdentifier, SIGSTOP)
        var stopped = false
        for _ in 0..<200 where !stopped {
            stopped = TicketQueue.isStopped(sleeper.processIdentifier)
            if !stopped { usleep(10_000) }
        }
        #expect(stopped)
        // Ticket 0, held here, but naming the stopped process as its holder.
        let first = try #require(try TicketQueue.wait(directory: directory, deadline: .now + .seconds(5)))
        let pid = Array("\(sleeper.processIdentifier)\n".utf8)
        let fd = open(first.path, O_WRONLY | O_TRUNC)
        _ = pid.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let started = ContinuousClock.now
        let second = try TicketQueue.wait(directory: directory, deadline: .now + .seconds(10))
        #expect(second?.ticket == 1)
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(!TicketQueue.isStopped(getpid()))
        withExtendedLifetime(first) {}
    }
}
