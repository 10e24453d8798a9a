import Foundation
import Glibc

/// A session that follows its user (issue 32): an intent landing in the
/// shared folder to the session enforced on this machine, and its stop to
/// the session lifted, with `refocus sync --watch` running as the user (the
/// real CLI, through the real `sudo -n` and helper, in `StartStopBench`'s
/// set-up: its user, its list of 50 names, dnsmasq, the running daemon).
/// Each intent is written as a sync engine writes one, under a hidden name
/// and renamed into place; the clock runs from the rename until /etc/hosts
/// holds (or no longer holds) the list's names. The reference is
/// `refocus start` to enforced in the same namespaces (`StartStopBench`):
/// following costs that plus the watcher's wake-up. Target: under 2 s.
enum FollowBench {
    static func run(folder: String, runs: Int, startMedian: Double) throws {
        let shared = folder + "/shared"
        try Measure.shell(
            """
            set -e
            install -d -o refocus-bench -g refocus-bench '\(shared)' '\(shared)/sessions' '\(shared)/sessions/laptop'
            """)
        let user = [
            "/usr/bin/setpriv", "--reuid=refocus-bench", "--regid=refocus-bench", "--init-groups",
            "/usr/bin/env", "-i", "HOME=\(folder)/home", "USER=refocus-bench", "PATH=/usr/bin:/bin",
            "REFOCUS_HELPER=\(folder)/bin/refocus-helper", "\(folder)/bin/refocus",
        ]
        let initialise = try TimedSpawn(
            user[0], Array(user.dropFirst()) + ["sync", "init", "-q", "--dir", shared, "--machine", "here"]
        ).run()
        guard initialise.status == 0 else {
            throw BenchError.referenceFailed("refocus sync init: \(initialise.status)")
        }
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: user[0])
        watcher.arguments = Array(user.dropFirst()) + ["sync", "--watch", "-q"]
        watcher.standardOutput = FileHandle.nullDevice
        try watcher.run()
        defer { watcher.terminate() }
        let lock = folder + "/home/.local/state/refocus/sync/watch.lock"
        try waitFor(seconds: 5, "the watcher's lock") { FileManager.default.fileExists(atPath: lock) }
        let owner = try FileManager.default.attributesOfItem(atPath: shared)[.ownerAccountID] as? NSNumber
        var follows: [Double] = [], stops: [Double] = []
        for _ in 0..<runs {
            let start = id(), now = Date()
            try land(
                intent(start, "\"action\":\"start\",\"lists\":[\"start\"],\"end\":\"\(stamp(now + 1800))\""),
                in: shared, owner: owner?.uint32Value ?? 0)
            let landed = ContinuousClock.now
            try waitFor(seconds: 10, "the followed session enforced") { enforced() }
            follows.append(Samples.seconds(ContinuousClock.now - landed))
            try land(
                intent(id(), "\"action\":\"stop\",\"target\":\"\(start)\""), in: shared, owner: owner?.uint32Value ?? 0)
            let stopped = ContinuousClock.now
            try waitFor(seconds: 10, "the followed session lifted") { !enforced() }
            stops.append(Samples.seconds(ContinuousClock.now - stopped))
        }
        let (followTimes, stopTimes) = (Samples(follows), Samples(stops))
        print(
            "  intent landed -> enforced, by refocus sync --watch through sudo: \(followTimes.medianAndRange) over "
                + "\(runs), \(String(format: "%.1f", followTimes.median / startMedian))x refocus start (target < 2 s)")
        print("  stop intent landed -> lifted: \(stopTimes.medianAndRange)")
    }

    /// Whether the hosts section holds the list's last name.
    private static func enforced() -> Bool {
        ((try? String(contentsOfFile: "/etc/hosts", encoding: .utf8)) ?? "").contains(" start-49.test\n")
    }

    /// An intent of machine `laptop` with `fields` (JSON members after the common ones).
    private static func intent(_ id: String, _ fields: String) -> String {
        "{\"version\":1,\"id\":\"\(id)\",\"machine\":\"laptop\",\(fields),\"createdAt\":\"\(stamp(Date()))\"}\n"
    }

    /// Writes `text` as a sync engine does: a hidden name, the user's, renamed into place.
    private static func land(_ text: String, in shared: String, owner: UInt32) throws {
        let id = text.split(separator: "\"")[5]
        let folder = shared + "/sessions/laptop", hidden = "\(folder)/.\(id).tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: hidden))
        guard chown(hidden, owner, gid_t(owner == 0 ? 0 : getgrnam("refocus-bench")?.pointee.gr_gid ?? 0)) == 0,
            rename(hidden, "\(folder)/\(id).json") == 0
        else { throw BenchError.referenceFailed("writing an intent into \(folder)") }
    }

    private static func id() -> String {
        (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    private static func waitFor(seconds: Double, _ what: String, _ done: () -> Bool) throws {
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !done() {
            guard ContinuousClock.now < end else { throw BenchError.checkFailed("\(what): not within \(seconds) s") }
            usleep(1000)
        }
    }
}
