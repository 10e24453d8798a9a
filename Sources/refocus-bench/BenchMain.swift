import Foundation

/// Dispatches to the benchmarks named on the command line.
enum BenchMain {
    static let benchmarks: [String: @Sendable () throws -> Void] = [
        "hosts": HostsBench.run,
        "domains": DomainBench.run,
        "resolve": ResolveBench.run,
    ]

    static func run(_ arguments: [String]) {
        let names = arguments.isEmpty || arguments == ["all"] ? benchmarks.keys.sorted() : arguments
        for name in names {
            guard let benchmark = benchmarks[name] else {
                FileHandle.standardError.write(Data("refocus-bench: no benchmark '\(name)'; choose from: all, \(benchmarks.keys.sorted().joined(separator: ", "))\n".utf8))
                exit(64)
            }
            do {
                try benchmark()
            } catch {
                FileHandle.standardError.write(Data("refocus-bench: \(name) failed: \(error)\n".utf8))
                exit(1)
            }
        }
    }
}

/// Timing and reference-tool helpers shared by the benchmarks.
enum Measure {
    /// The median wall time of `runs` runs of `body`, in seconds.
    static func median(runs: Int = 7, _ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<runs {
            let elapsed = try clock.measure(body)
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return times.sorted()[times.count / 2]
    }

    /// Runs a shell command, failing when it exits non-zero.
    static func shell(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError.referenceFailed(command) }
    }

    /// Whether a program is on PATH.
    static func has(_ program: String) -> Bool {
        (try? shell("command -v \(program) >/dev/null")) != nil
    }

    /// `12.3 ms`.
    static func format(_ seconds: Double) -> String {
        seconds < 1e-3 ? String(format: "%.1f µs", seconds * 1e6) : String(format: "%.2f ms", seconds * 1e3)
    }
}

enum BenchError: Error {
    case referenceFailed(String)
}
