import Foundation
import Glibc
import Testing
@testable import RefocusOS
import RefocusTestSupport

/// `RunSlot`: a fixed number of runs per key at once, refused at once
/// beyond it, given back as a holder ends; other keys are not counted.
@Suite struct RunSlotTests {
    @Test func theFifthOfFourIsRefusedAndAFreedSlotIsTakenAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.path + "/runs"
        var held = try (0..<4).map { _ in try RunSlot.take(key: "1000", count: 4, directory: directory) }
        #expect(held.allSatisfy { $0 != nil })
        #expect(Set(held.compactMap { $0?.path }).count == 4)
        let started = ContinuousClock.now
        #expect(try RunSlot.take(key: "1000", count: 4, directory: directory) == nil)
        #expect(ContinuousClock.now - started < .seconds(1), "refused at once")
        #expect(
            try RunSlot.take(key: "1001", count: 4, directory: directory) != nil, "another key has slots of its own")
        held.removeFirst()
        #expect(try RunSlot.take(key: "1000", count: 4, directory: directory) != nil, "a slot given back is free")
        withExtendedLifetime(held) {}
    }

    @Test(arguments: ["", "a/b", ".", ".."])
    func aKeyThatIsNotAFileNameIsRefused(key: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(throws: SystemError.self) { try RunSlot.take(key: key, count: 4, directory: folder.path + "/runs") }
    }
}
