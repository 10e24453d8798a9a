import Foundation

/// Runs this benchmark program again inside fresh mount, net and pid
/// namespaces (loopback up), for the benchmarks that run the daemon or the
/// helper as root: their pid namespace ends the daemon with them, and the
/// mounts they make (an overlay on /etc, tmpfs on /var/lib and /run) leave
/// the host untouched.
enum BenchNamespaces {
    /// Runs `arguments` inside, with `environment` (this process's, by default); throws naming `benchmark`
    /// when the run inside fails.
    static func reenter(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        benchmark: String
    ) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        // Loopback comes up before the benchmark starts: Foundation needs it.
        process.arguments =
            [
                "--mount", "--net", "--pid", "--fork", "--mount-proc", "/bin/sh", "-c",
                #"ip link set lo up && exec "$0" "$@""#, CommandLine.arguments[0],
            ] + arguments
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError.referenceFailed(benchmark) }
    }
}
