import Foundation
import Glibc
import RefocusCore
import Testing
@testable import RefocusEnforcement
@testable import RefocusPlanning

/// The facts of real processes: a Steam launch found among the ancestors
/// (a process named `reaper` with `SteamLaunch AppId=620` in its command
/// line, as Steam starts games), the `APPIMAGE` variable, the cgroup.
@Suite struct AppFactsReaderTests {
    @Test func aChildOfSteamsReaperIsTheGameAndItsVariablesAreRead() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        // bash renamed reaper, with Steam's words, running a child sleep that carries APPIMAGE.
        process.arguments = [
            "-c", "exec -a reaper bash -c 'APPIMAGE=/opt/Fake-2.AppImage sleep 30 & wait' reaper SteamLaunch AppId=620",
        ]
        try process.run()
        defer { process.terminate() }
        var child: Int32?
        // The child, once it runs sleep (before its exec it is a fork of bash, without the variable).
        for _ in 0..<200 where child == nil {
            child = ProcessSnapshotChildren.of(process.processIdentifier).first {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/exe"))?.hasSuffix("/sleep")
                    == true
            }
            if child == nil { usleep(10_000) }
        }
        let sleeper = try #require(child)
        let facts = AppFactsReader.read(pid: sleeper)
        #expect(facts.steamApp == 620)
        #expect(facts.appImage == Array("/opt/Fake-2.AppImage".utf8))
        #expect(!facts.cgroup.isEmpty && facts.flatpakApp == nil)
        #expect(AppFactsReader.read(pid: getpid()).steamApp == nil, "the test itself is no game")
        // Only what the apps named need is read.
        let steamOnly = AppFactsReader.read(pid: sleeper, for: [.steamGame])
        #expect(steamOnly.steamApp == 620 && steamOnly.appImage == nil && steamOnly.cgroup.isEmpty)
        #expect(AppFactsReader.read(pid: sleeper, for: []) == AppFacts())
    }
}

/// The children of a process, from /proc/PID/task/PID/children.
enum ProcessSnapshotChildren {
    static func of(_ pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }
}
