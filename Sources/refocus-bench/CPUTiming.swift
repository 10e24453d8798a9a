import Foundation

/// The median wall time of several runs, with the mean CPU time they took
/// in user space and in the kernel (of this process, or of its children).
struct CPUTiming: CustomStringConvertible {
    let wall: Double
    let user: Double
    let kernel: Double

    static func measure(
        runs: Int, of who: __rusage_who, settle: Double = 0,
        _ body: () throws -> Void
    ) rethrows -> CPUTiming {
        let before = usage(who)
        let wall = try Measure.median(runs: runs, settle: settle, body)
        let after = usage(who)
        return CPUTiming(
            wall: wall, user: (after.user - before.user) / Double(runs),
            kernel: (after.kernel - before.kernel) / Double(runs))
    }

    /// What `body` returns, and the CPU time this process spent in it in
    /// user space and in the kernel, divided by `runs` (the runs it makes).
    static func perRun<T>(_ runs: Int, _ body: () throws -> T) rethrows -> (result: T, user: Double, kernel: Double) {
        let before = usage(RUSAGE_SELF)
        let result = try body()
        let after = usage(RUSAGE_SELF)
        return (result, (after.user - before.user) / Double(runs), (after.kernel - before.kernel) / Double(runs))
    }

    private static func usage(_ who: __rusage_who) -> (user: Double, kernel: Double) {
        var usage = rusage()
        _ = getrusage(who.rawValue, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }

    /// `12.34 ms (user 1.00 ms, kernel 11.00 ms)`.
    var description: String {
        "\(Measure.format(wall)) (user \(Measure.format(user)), kernel \(Measure.format(kernel)))"
    }
}
