import Foundation

/// The times of repeated runs of one thing, in seconds: median, percentiles
/// and spread. Never empty.
struct Samples {
    /// The times, shortest first.
    let sorted: [Double]

    init(_ times: [Double]) {
        precondition(!times.isEmpty, "no sample")
        sorted = times.sorted()
    }

    /// `runs` times of `body`.
    static func measure(runs: Int, _ body: () throws -> Void) rethrows -> Samples {
        try measure(runs: runs, prepare: {}, body)
    }

    /// `runs` times of `body`, each after an untimed `prepare`.
    static func measure(runs: Int, prepare: () throws -> Void, _ body: () throws -> Void) rethrows -> Samples {
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<runs {
            try prepare()
            times.append(seconds(try clock.measure(body)))
        }
        return Samples(times)
    }

    var median: Double { sorted[sorted.count / 2] }
    var minimum: Double { sorted[0] }
    var maximum: Double { sorted[sorted.count - 1] }

    /// The time that `fraction` of the runs took at most (nearest rank): 0.99 for p99.
    func percentile(_ fraction: Double) -> Double {
        sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))]
    }

    /// `12.34 ms (11.90–13.02 ms)`: the median and, in brackets, the range.
    var medianAndRange: String {
        "\(Measure.format(median)) (\(Measure.format(minimum))–\(Measure.format(maximum)))"
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
