import Foundation
import RefocusTestSupport

/// The harness: kills `scenario`'s writer at random instants, `iterations`
/// times, and checks after each kill that the file is the old or the new
/// one (bytes, mode and owner) and that the next run converges.
struct CrashLoop {
    let scenario: CrashScenario
    let iterations: Int
    let seed: UInt64

    /// What the runs found, for the summary line.
    private struct Tally {
        var old = 0
        var new = 0
        var leftovers = 0
        var recovered = 0
        var finished = 0
    }

    /// Runs the loop; returns the summary line, or throws the first violation.
    func run() throws -> String {
        var random = SeededGenerator(seed: seed)
        var before: [Direction: FileSnapshot] = [:]
        var after: [Direction: FileSnapshot] = [:]
        var window: [Direction: Double] = [:]
        for direction in scenario.directions {
            // Unkilled runs: the new file, and how long a write takes (the kills fall within 1.2 times the median).
            var times: [Double] = []
            for _ in 0..<5 {
                try scenario.prepare(direction)
                before[direction] = try scenario.snapshot()
                let run = try child(direction).run(killingAfter: nil)
                guard run.end == .finished(0) else {
                    throw HarnessError("\(scenario.name) \(direction.rawValue): the writer failed: \(run.end)")
                }
                after[direction] = try scenario.snapshot()
                times.append(run.seconds)
            }
            guard before[direction] != after[direction] else {
                throw HarnessError("\(scenario.name) \(direction.rawValue): the writer changed nothing")
            }
            window[direction] = times.sorted()[times.count / 2] * 1.2
        }
        var tally = Tally()
        let clock = ContinuousClock()
        let began = clock.now
        for iteration in 0..<iterations {
            let direction = scenario.directions[iteration % scenario.directions.count]
            guard let old = before[direction], let new = after[direction], let span = window[direction] else {
                continue
            }
            try scenario.prepare(direction)
            let delay = Double.random(in: 0...span, using: &random)
            let run = try child(direction).run(killingAfter: delay)
            if case .finished(let status) = run.end {
                guard status == 0 else {
                    throw HarnessError("iteration \(iteration): the writer exited with \(status)")
                }
                tally.finished += 1
            }
            if !scenario.leftovers().isEmpty { tally.leftovers += 1 }
            if try scenario.recover() { tally.recovered += 1 }
            let found = try scenario.snapshot()
            if found == old {
                tally.old += 1
            } else if found == new {
                tally.new += 1
            } else {
                throw violation(iteration, direction, delay, found: found, old: old, new: new)
            }
            if let converged = try scenario.converge(direction, expected: new) {
                let now = try scenario.snapshot()
                guard now == converged else {
                    throw HarnessError(
                        "iteration \(iteration) (\(direction.rawValue), killed after \(delay) s): "
                            + "the next run left \(now), not \(converged)")
                }
            }
            let left = scenario.leftovers()
            guard left.isEmpty else {
                throw HarnessError("iteration \(iteration): the next run left \(left.joined(separator: ", "))")
            }
        }
        let windows = scenario.directions.map { "\($0.rawValue) \(String(format: "%.2f", (window[$0] ?? 0) * 1e3)) ms" }
        return "\(scenario.name): \(iterations) kills (seed \(seed); within \(windows.joined(separator: ", "))): "
            + "old \(tally.old), new \(tally.new), mixed 0; leftovers \(tally.leftovers), recovered \(tally.recovered), "
            + "finished before the kill \(tally.finished); converged \(iterations); "
            + "\((clock.now - began).components.seconds) s"
    }

    private func child(_ direction: Direction) -> KilledChild {
        KilledChild(work: scenario.work(direction))
    }

    /// The failure for a file that is neither: its bytes are kept beside it for a person to read.
    private func violation(
        _ iteration: Int, _ direction: Direction, _ delay: Double,
        found: FileSnapshot, old: FileSnapshot, new: FileSnapshot
    ) -> HarnessError {
        let kept = scenario.file + ".mixed"
        if let bytes = found.bytes { try? Data(bytes).write(to: URL(fileURLWithPath: kept)) }
        return HarnessError(
            "iteration \(iteration) (\(direction.rawValue), seed \(seed), killed after \(delay) s): "
                + "\(scenario.file) is neither the old file (\(old)) nor the new (\(new)) but \(found), "
                + "first different from the old at byte \(found.firstDifference(from: old).map(String.init) ?? "-"), "
                + "from the new at \(found.firstDifference(from: new).map(String.init) ?? "-"); kept in \(kept)")
    }
}
