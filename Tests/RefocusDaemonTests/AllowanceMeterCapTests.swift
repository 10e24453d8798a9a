import Foundation
import Glibc
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusTestSupport
import Testing

@testable import RefocusDaemon

/// The allowance meter watches each counted process through a pidfd, a
/// descriptor of root's daemon: one owner's burst of launches is watched up
/// to the meter's cap, never beyond. Against the real kernel (the process
/// connector and /proc, in the initial namespaces), with processes this test
/// starts from a uniquely named copy of sleep, as nobody (root's processes
/// are never counted nor killed), and kills.
@Suite struct AllowanceMeterCapTests {
    /// Whether the process connector answers here (root, in the initial network and PID namespaces).
    static let connectorWorks: Bool = {
        guard getuid() == 0, let connector = try? ProcessConnector() else { return false }
        connector.close()
        return true
    }()

    @Test(
        .enabled(
            if: connectorWorks && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "needs root in the initial namespaces (the process connector; CI runs there as root) and setpriv"))
    func oneOwnersProcessesAreWatchedUpToTheCap() throws {
        let owner: UInt32 = 65534
        let folder = NSTemporaryDirectory() + "refocus-meter-cap-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = "rf-cap-" + UUID().uuidString.prefix(8).lowercased()
        try ProgramFile.copyAsAnotherProgram("/bin/sleep", to: folder + "/" + name)
        var running: [Process] = []
        defer {
            for process in running where process.isRunning { kill(process.processIdentifier, SIGKILL) }
            for process in running { process.waitUntilExit() }
        }
        for _ in 0..<5 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = [
                "--reuid=\(owner)", "--regid=\(owner)", "--clear-groups", "--", folder + "/" + name, "30",
            ]
            try process.run()
            running.append(process)
        }
        // Each runs the copy once setpriv has executed it: found in /proc by the meter's first look.
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline, !running.allSatisfy({ Self.comm($0.processIdentifier) == name }) {
            usleep(10_000)
        }
        #expect(running.allSatisfy { Self.comm($0.processIdentifier) == name }, "the 5 processes run the copy")
        let loop = try EventLoop()
        let store = try SessionStore(path: folder + "/store.sqlite")
        let meter = try AllowanceMeter(
            loop: loop, store: store, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            tell: { _, _, _ in }, maximumWatchedPerOwner: 3)
        defer { meter.stopWatching() }
        let list = BlockList(name: try BlockListName("cap"), programs: [try ProgramName(name)])
        let stored = StoredAllowance(
            owner: owner, list: list, allowance: try DailyAllowance(list: list.name, dailySeconds: 3600))
        let reading = SystemClock.read()
        let day = AllowanceDay(stored, at: reading.wall, zone: .fixed(name: "UTC", offsetSeconds: 0), usedSeconds: 0)
        _ = meter.update([day], at: reading, siteStep: .seconds(60))
        #expect(meter.unavailable == nil, "the connector: \(meter.unavailable ?? "")")
        #expect(meter.handles.count == 3, "5 running, 3 watched: \(meter.handles.keys.sorted())")
        #expect(Set(meter.owners.values) == [owner])
        #expect(!meter.countingKeys.isEmpty, "the allowance counts while they run")
    }

    /// The command name of process `pid`, without its newline.
    static func comm(_ pid: Int32) -> String {
        ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
    }
}
