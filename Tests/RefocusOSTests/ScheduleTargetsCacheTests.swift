import Dispatch
import RefocusCore
import RefocusOS
import Synchronization
import Testing

/// `ScheduleTargetsCache` over a lookup in memory that a test can stall (a
/// directory that never answers, which no test can cause for real): the
/// answers are kept between refreshes, looked up again only when stale or
/// expired, and a lookup past the deadline keeps the previous answer, as
/// does a refresh while the stalled worker is still out.
@Suite struct ScheduleTargetsCacheTests {
    /// A directory in memory: login names, groups' members, and a gate every lookup waits on while `stalled`.
    final class Directory: Sendable {
        let table = Mutex<(users: [String: UInt32], groups: [String: [UInt32]], lookups: Int)>(
            (["kid": 1001], ["children": [1001, 1002]], 0))
        let stalled = Mutex(false)
        let gate = DispatchSemaphore(value: 0)

        var targets: ScheduleTargets {
            ScheduleTargets(
                uid: { name in
                    if self.stalled.withLock({ $0 }) { self.gate.wait() }
                    return self.table.withLock {
                        $0.lookups += 1
                        return $0.users[name]
                    }
                },
                members: { name in self.table.withLock { $0.groups[name] ?? [] } })
        }
    }

    @Test func answersAreKeptUntilStaleOrExpired() {
        let directory = Directory()
        let cache = ScheduleTargetsCache(lookup: directory.targets, deadline: .seconds(2))
        #expect(cache.targets.uid("kid") == nil, "nothing before the first refresh")
        #expect(
            cache.refreshIfStale(users: ["kid", "kid"], groups: ["children"], sinceBoot: .seconds(100)) == .resolved)
        #expect(cache.targets.uid("kid") == 1001 && cache.targets.members("children") == [1001, 1002])
        #expect(cache.targets.uid("bob") == nil && cache.targets.members("parents").isEmpty)
        #expect(directory.table.withLock { $0.lookups } == 1, "a name given twice is looked up once")

        directory.table.withLock { $0.groups["children"] = [1001, 1002, 1003] }
        let later = Duration.seconds(100) + ScheduleTargetsCache.maximumAge - .seconds(1)
        #expect(cache.refreshIfStale(users: ["kid"], groups: ["children"], sinceBoot: later) == nil)
        #expect(cache.targets.members("children") == [1001, 1002], "not looked up at every reconcile")
        #expect(directory.table.withLock { $0.lookups } == 1)
        let stale = Duration.seconds(100) + ScheduleTargetsCache.maximumAge
        #expect(cache.refreshIfStale(users: ["kid"], groups: ["children"], sinceBoot: stale) == .resolved)
        #expect(cache.targets.members("children") == [1001, 1002, 1003], "a member added is seen")

        cache.expire()
        directory.table.withLock { $0.users["kid"] = 1005 }
        #expect(cache.refreshIfStale(users: ["kid"], groups: [], sinceBoot: stale) == .resolved, "a reload expired it")
        #expect(cache.targets.uid("kid") == 1005)
        #expect(cache.targets.members("children").isEmpty, "a group no schedule names any more reaches nobody")
    }

    @Test func aStalledLookupKeepsThePreviousAnswerPastTheDeadline() async throws {
        let directory = Directory()
        let cache = ScheduleTargetsCache(lookup: directory.targets, deadline: .milliseconds(200))
        #expect(cache.refresh(users: ["kid"], groups: [], sinceBoot: .seconds(1)) == .resolved)

        directory.stalled.withLock { $0 = true }
        directory.table.withLock { $0.users["kid"] = 1005 }
        let clock = ContinuousClock()
        let started = clock.now
        #expect(cache.refresh(users: ["kid"], groups: [], sinceBoot: .seconds(2)) == .late)
        let waited = clock.now - started
        #expect(waited >= .milliseconds(200) && waited < .seconds(2), "\(waited)")
        #expect(cache.targets.uid("kid") == 1001, "the previous answer")
        #expect(cache.refresh(users: ["kid"], groups: [], sinceBoot: .seconds(3)) == .busy, "one worker at a time")
        #expect(cache.targets.uid("kid") == 1001)

        directory.stalled.withLock { $0 = false }
        directory.gate.signal()
        var outcome = ScheduleTargetsCache.Refresh.busy
        for _ in 0..<100 where outcome == .busy {
            try await Task.sleep(for: .milliseconds(20))
            outcome = cache.refresh(users: ["kid"], groups: [], sinceBoot: .seconds(4))
        }
        #expect(outcome == .resolved && cache.targets.uid("kid") == 1005, "the directory answers again")
    }
}
