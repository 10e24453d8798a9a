import Foundation

/// `refocus start` to enforced and `refocus stop` to lifted, end to end as
/// a user would run them: a real user (made in the namespace's overlay of
/// /etc) runs the CLI, which asks the helper through the real `sudo -n`,
/// which asks the running daemon, which resolves the list's 50 names
/// against a local DNS server (dnsmasq on loopback) and writes the hosts
/// section and the table before the helper answers. Each run is timed from
/// the CLI's spawn to its exit; after each start, the section and the
/// table are checked (untimed), and after each stop their absence. Runs
/// inside `DaemonBench`'s namespaces. Target: a start under 150 ms.
enum StartStopBench {
    static let names = 50

    /// Runs it; the median of the starts (nil when skipped).
    @discardableResult
    static func run(products: String, folder: String, runs: Int) throws -> Double? {
        guard Measure.has("dnsmasq"), Measure.has("sudo") else {
            print(
                "  refocus start/stop through sudo: skipped, it needs dnsmasq and sudo (make test-deps installs them)")
            return nil
        }
        let addresses = (0..<names).map { "--address=/start-\($0).test/198.51.100.\($0 + 1)" }.joined(separator: " ")
        let domains = (0..<names).map { "start-\($0).test" }.joined(separator: "\n")
        try Measure.shell(
            """
            set -e
            dnsmasq --conf-file=/dev/null --listen-address=127.0.0.1 --bind-interfaces --no-resolv --no-hosts \
              --user=root --pid-file='\(folder)/dnsmasq.pid' \(addresses)
            install -d -m 755 '\(folder)/bin'
            install -m 755 '\(products)/refocus' '\(products)/refocus-helper' '\(folder)/bin/'
            chmod 755 '\(folder)'
            useradd --no-log-init --no-create-home --home-dir '\(folder)/home' --shell /bin/sh refocus-bench
            install -d -o refocus-bench -g refocus-bench -m 700 '\(folder)/home'
            echo 'refocus-bench ALL=(root) NOPASSWD: \(folder)/bin/refocus-helper' > /etc/sudoers.d/refocus-bench
            chmod 440 /etc/sudoers.d/refocus-bench
            install -d -o refocus-bench -g refocus-bench '\(folder)/home/.config' '\(folder)/home/.config/refocus' \
              '\(folder)/home/.config/refocus/lists'
            printf '%s\\n' '\(domains)' > '\(folder)/home/.config/refocus/lists/start.domains'
            chown refocus-bench: '\(folder)/home/.config/refocus/lists/start.domains'
            """)
        let user = [
            "/usr/bin/setpriv", "--reuid=refocus-bench", "--regid=refocus-bench", "--init-groups",
            "/usr/bin/env", "-i", "HOME=\(folder)/home", "USER=refocus-bench", "PATH=/usr/bin:/bin",
            "REFOCUS_HELPER=\(folder)/bin/refocus-helper", "\(folder)/bin/refocus",
        ]
        let start = TimedSpawn(user[0], Array(user.dropFirst()) + ["start", "-q", "--list", "start", "30m"])
        let stop = TimedSpawn(user[0], Array(user.dropFirst()) + ["stop", "-q"])
        var starts: [Double] = [], stops: [Double] = []
        for _ in 0..<runs {
            let started = try start.run()
            guard started.status == 0 else {
                throw BenchError.referenceFailed("refocus start exited with \(started.status)")
            }
            try check(enforced: true)
            starts.append(started.seconds)
            let stopped = try stop.run()
            guard stopped.status == 0 else {
                throw BenchError.referenceFailed("refocus stop exited with \(stopped.status)")
            }
            try check(enforced: false)
            stops.append(stopped.seconds)
        }
        let (startTimes, stopTimes) = (Samples(starts), Samples(stops))
        print(
            "  refocus start -> enforced, as a user through sudo, \(names) names from a local DNS server: "
                + "\(startTimes.medianAndRange) over \(runs) (target < 150 ms)")
        print("  refocus stop -> lifted: \(stopTimes.medianAndRange)")
        return startTimes.median
    }

    /// Whether the hosts section and the table's addresses are in place (or gone), as the CLI's exit promised.
    private static func check(enforced: Bool) throws {
        let hosts = try String(contentsOfFile: "/etc/hosts", encoding: .utf8)
        let inHosts = hosts.contains(" start-\(names - 1).test\n")
        let inTable =
            (try? Measure.shell("nft list set inet refocus v4 2> /dev/null | grep -q '198.51.100.\(names),'"))
            != nil
            || (try? Measure.shell(
                "nft list set inet refocus v4net 2> /dev/null | grep -q '198.51.100.1-198.51.100.\(names)'")) != nil
        guard inHosts == enforced, inTable == enforced else {
            throw BenchError.checkFailed(
                "after refocus \(enforced ? "start" : "stop"): hosts section \(inHosts), table \(inTable)")
        }
    }
}
