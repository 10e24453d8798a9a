import Testing
@testable import RefocusHelperCommands

/// `ReadOnce`, which keeps the administrator's schedules for a helper run:
/// nothing is read until the first use, and every use after it gets what
/// that one read, also through a copy of the struct that holds it.
@Suite struct ReadOnceTests {
    /// Counts its reads; each read answers the count so far.
    final class Reader {
        var reads = 0
        func read() -> Int {
            reads += 1
            return reads
        }
    }

    @Test func readsAtTheFirstUseOnly() {
        let reader = Reader()
        let once = ReadOnce(reader.read)
        #expect(reader.reads == 0, "not read before it is used")
        #expect(once.value == 1)
        let shared = once
        #expect(shared.value == 1 && once.value == 1)
        #expect(reader.reads == 1)
    }
}
