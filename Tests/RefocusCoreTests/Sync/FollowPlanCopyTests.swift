import Foundation
import RefocusCore
import RefocusFeatures
import Testing

/// An intent's id is 128 random bits, so a second file with one (copied into
/// another machine's folder, or forged) is refused, and so is a file from
/// another machine than the one this machine already knows the id from;
/// a start that carries a delay is applied even when its stop arrives with
/// it (the stop waits for the delay there, so it must here too).
@Suite struct FollowPlanCopyTests {
    @Test func aSecondFileWithAnIdIsRefusedAndTheFirstApplied() throws {
        let original = try FollowPlanTests.start("a")
        var copy = original
        copy.machine = "phone"
        let steps = FollowPlanTests.steps([try FollowPlanTests.file(original), try FollowPlanTests.file(copy)])
        #expect(steps.count == 2, "\(steps)")
        #expect(
            steps.contains { if case .start(let intent, _, _, _) = $0 { intent.machine == "laptop" } else { false } })
        #expect(
            steps.contains(
                .refuseFile(
                    key: "sessions/phone/\(original.id).json", machine: "phone", reason: "its id is another intent's")))
    }

    @Test func anIdKnownFromOneMachineIsRefusedFromAnother() throws {
        var state = FollowState()
        state.outcomes[FollowPlanTests.id("a")] = .init(
            kind: .pending, machine: "laptop", action: .stop, at: FollowPlanTests.now)
        var forged = try FollowPlanTests.start("a")
        forged.machine = "phone"
        #expect(
            FollowPlanTests.steps([try FollowPlanTests.file(forged)], state: state) == [
                .refuseFile(
                    key: "sessions/phone/\(forged.id).json", machine: "phone", reason: "its id is another intent's")
            ])
    }

    @Test func aStartWithADelayIsAppliedThoughItsStopCameWithIt() throws {
        var start = try FollowPlanTests.start("a")
        start.delay = 300
        let stop = FollowPlanTests.change(.stop, "b", of: "a")
        let steps = FollowPlanTests.steps([try FollowPlanTests.file(start), try FollowPlanTests.file(stop)])
        #expect(steps.count == 2 && steps.last == .change(stop), "\(steps)")
        #expect(steps.first.map { if case .start = $0 { true } else { false } } == true, "\(steps)")
        var plain = try FollowPlanTests.start("c")
        plain.delay = nil
        let plainStop = FollowPlanTests.change(.stop, "d", of: "c")
        let skipped = FollowPlanTests.steps([try FollowPlanTests.file(plain), try FollowPlanTests.file(plainStop)])
        #expect(skipped.first == .ignore(plain, reason: "it was stopped before it arrived"), "\(skipped)")
    }
}
