import Foundation

/// Dispatches to the benchmarks named on the command line.
enum BenchMain {
    /// Options after the names: `--check` makes a benchmark a short run
    /// (fewer sizes or runs) that shows it works; its timings mean little.
    struct Options: Sendable {
        var checkOnly = false
    }

    static let benchmarks: [String: @Sendable (Options) throws -> Void] = [
        "hosts": { _ in
            try HostsBench.run(); try HostsWriteBench.run()
        },
        "hosts-budget": HostsBudgetBench.run,
        "domains": { _ in try DomainBench.run() },
        "exec-kill": ExecKillBench.run,
        "exec-permission": ExecPermissionBench.run,
        "nft": NftBench.run,
        "resolve": { _ in try ResolveBench.run() },
        "resolver": ResolverBench.run,
        "names-index": NameIndexWriteBench.runAlone,
        "stats": StatsBench.run,
        "stats-figures": StatsFiguresBench.run,
        "sync": SyncBench.run,
        "fleet": FleetBench.run,
        "daemon": { options in try DaemonBench.run(idleSeconds: options.checkOnly ? 2 : 60) },
        "sizes": SizesBench.run,
        "toml": TOMLBench.run,
        "ui": UIBench.run,
    ]

    /// Not a benchmark: all of them, written into BENCHMARKS.md.
    static let report = "report"

    static func run(_ arguments: [String]) {
        // The resolver benchmark's child: not a benchmark of its own.
        if arguments.first == "resolver-probe" { ResolverProbe.run(Array(arguments.dropFirst())) }
        // The exec permission benchmark's guard, in a process of its own.
        if arguments.first == ExecGuardHolder.command { ExecGuardHolder.run(Array(arguments.dropFirst())) }
        var options = Options()
        var names: [String] = []
        for argument in arguments {
            switch argument {
            case "--check": options.checkOnly = true
            case let option where option.hasPrefix("-"):
                fail("refocus-bench: unknown option '\(option)'; the only option is --check", status: 64)
            default: names.append(argument)
            }
        }
        if names.isEmpty || names == ["all"] {
            names = benchmarks.keys.sorted()
            if geteuid() != 0 {
                names.removeAll {
                    [
                        "nft", "resolve", "resolver", "hosts-budget", "daemon", "exec-kill", "exec-permission",
                        "stats", "names-index", "fleet",
                    ].contains($0)
                }
                print(
                    "nft, resolve, resolver, hosts-budget, daemon, exec-kill, exec-permission, stats, names-index, fleet: "
                        + "skipped, they need root (sudo refocus-bench nft resolve resolver hosts-budget daemon exec-kill "
                        + "exec-permission stats names-index fleet)"
                )
            }
        }
        if names.contains("nft"),
            ProcessInfo.processInfo.environment[DaemonBench.insideVariable] == nil
        {
            // exec-kill opens its process connector back in the namespace this process starts in.
            _ = ExecKillBench.initialNetwork
            // Before any other thread exists: threads started later inherit the namespace.
            NftBench.enterPrivateNetworkNamespace()
        }
        if names == [report] {
            do { try BenchReport.run(options) } catch { fail("refocus-bench: report failed: \(error)", status: 1) }
            return
        }
        for name in names {
            guard let benchmark = benchmarks[name] else {
                fail(
                    "refocus-bench: no benchmark '\(name)'; choose from: all, report, \(benchmarks.keys.sorted().joined(separator: ", "))",
                    status: 64)
            }
            do {
                try benchmark(options)
            } catch {
                fail("refocus-bench: \(name) failed: \(error)", status: 1)
            }
        }
    }

    /// Prints `message` on stderr and exits with `status`.
    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}

/// Timing and reference-tool helpers shared by the benchmarks.
enum Measure {
    /// The median wall time of `runs` runs of `body`, in seconds; with
    /// `settle` seconds, the process sleeps that long before each run, untimed.
    static func median(runs: Int = 7, settle: Double = 0, _ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<runs {
            if settle > 0 { Thread.sleep(forTimeInterval: settle) }
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
    case checkFailed(String)
}
