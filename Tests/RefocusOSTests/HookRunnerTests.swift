import Foundation
import Glibc
import RefocusCore
import RefocusOS
import RefocusTestSupport
import SystemPackage
import Testing
import RefocusHooks
import RefocusProtocol

/// The hook runner as any user runs it, in a temporary home: a missing
/// hook leaves no trace, a safe one runs with its output in the log, an
/// unsafe one is refused with the reason in the log, a full log is moved
/// aside, and the time limit kills the hook's whole process group.
@Suite struct HookRunnerTests {
    /// A home folder with an empty hooks folder (0700), and a runner for this process's user there.
    struct Home {
        let folder: TemporaryFolder
        let paths: HookPaths
        let runner: HookRunner

        init(timeLimit: Duration = HookRunner.timeLimit) throws {
            folder = try TemporaryFolder()
            paths = HookPaths(home: folder.path)
            try FileManager.default.createDirectory(atPath: paths.folder, withIntermediateDirectories: true)
            chmod(paths.folder, 0o700)
            let account = UserAccount(uid: getuid(), gid: getgid(), name: "tester", home: folder.path, shell: "/bin/sh")
            runner = HookRunner(account: account, timeLimit: timeLimit)
        }

        /// Writes `script` as `event`'s hook with `mode` (`ProgramFile`: no ETXTBSY).
        func hook(_ event: HookEvent, _ script: String, mode: mode_t = 0o700) throws {
            try ProgramFile.write(script.utf8, to: paths.hook(event), mode: mode)
        }

        /// The log with each line's time replaced by `TIME`.
        var log: String {
            let text = (try? String(contentsOfFile: paths.log, encoding: .utf8)) ?? ""
            return text.replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/, with: "TIME")
        }
    }

    @Test func aMissingHookIsNoErrorAndLeavesNoTrace() throws {
        let home = try Home()
        defer { home.folder.remove() }
        #expect(home.runner.run(.start, passed: [:]) == .none)
        try FileManager.default.removeItem(atPath: home.paths.folder)
        #expect(home.runner.run(.start, passed: [:]) == .none, "no folder either")
        #expect(!FileManager.default.fileExists(atPath: home.folder.path + "/.local"), "no log made")
    }

    @Test func aSafeHookRunsWithItsOutputBetweenTheLogsLines() throws {
        let home = try Home()
        defer { home.folder.remove() }
        try home.hook(.workStart, "#!/bin/sh\necho \"$REFOCUS_EVENT $REFOCUS_LABEL $HOME\"\necho oops >&2\nexit 4\n")
        let outcome = home.runner.run(.workStart, passed: ["REFOCUS_LABEL": "thesis", "REFOCUS_PHASE": "lunch"])
        #expect(outcome == .failed(.exit(4)))
        #expect(
            home.log.hasPrefix(
                """
                TIME work-start: ignored REFOCUS_PHASE: not a value the daemon writes
                TIME work-start: running \(home.paths.hook(.workStart))
                work-start thesis \(home.folder.path)
                oops
                TIME work-start: exit 4 after 0.
                """), "\(home.log)")
        for (path, mode) in [
            (home.folder.path + "/.local", 0o700), (home.folder.path + "/.local/state", 0o700),
            (home.folder.path + "/.local/state/refocus", 0o700), (home.paths.log, 0o600),
        ] {
            var status = stat()
            #expect(lstat(path, &status) == 0 && status.st_mode & 0o7777 == mode, "\(path)")
        }
    }

    @Test(arguments: [
        (mode_t(0o720), mode_t(0o700), "is writable by its group or others (mode 0720)"),
        (0o702, 0o700, "is writable by its group or others (mode 0702)"),
        (0o600, 0o700, "is not executable; make it so: chmod u+x"),
        (0o700, 0o770, "the folder"),
    ])
    func aHookOthersCouldChangeIsRefused(fileMode: mode_t, folderMode: mode_t, reason: String) throws {
        let home = try Home()
        defer { home.folder.remove() }
        try home.hook(.end, "#!/bin/sh\ntouch \"$HOME/ran\"\n", mode: fileMode)
        chmod(home.paths.folder, folderMode)
        #expect(home.runner.run(.end, passed: [:]) == .refused)
        #expect(!FileManager.default.fileExists(atPath: home.folder.path + "/ran"), "it did not run")
        #expect(home.log.hasPrefix("TIME end: refused: ") && home.log.contains(reason), "\(home.log)")
    }

    @Test func aLinkOrAFolderInTheHooksPlaceIsRefused() throws {
        let home = try Home()
        defer { home.folder.remove() }
        try home.hook(.start, "#!/bin/sh\n")
        symlink(home.paths.hook(.start), home.paths.hook(.end))
        #expect(home.runner.run(.end, passed: [:]) == .refused)
        mkdir(home.paths.hook(.breakEnd), 0o700)
        #expect(home.runner.run(.breakEnd, passed: [:]) == .refused)
        #expect(
            home.log.contains("end: refused: \(home.paths.hook(.end)) is a symbolic link; put the executable itself in")
        )
        #expect(home.log.contains("break-end: refused: \(home.paths.hook(.breakEnd)) is not a regular file"))
    }

    @Test func aFullLogIsMovedAsideBeforeTheRun() throws {
        let home = try Home()
        defer { home.folder.remove() }
        try home.hook(.start, "#!/bin/sh\necho fresh\n")
        #expect(home.runner.run(.start, passed: [:]) == .ran, "\(home.log)")
        let full = Data(repeating: UInt8(ascii: "x"), count: Int(HookLog.sizeLimit) + 1)
        try full.write(to: URL(fileURLWithPath: home.paths.log))
        #expect(home.runner.run(.start, passed: [:]) == .ran)
        #expect(FileManager.default.contents(atPath: home.paths.previousLog) == full)
        #expect(
            home.log.hasPrefix("TIME start: running") && home.log.contains("fresh\n") && home.log.count < 200,
            "\(home.log)")
        #expect(home.runner.run(.start, passed: [:]) == .ran, "below the limit, it appends")
        #expect(home.log.components(separatedBy: "fresh\n").count == 3)
    }

    @Test func theTimeLimitKillsTheHooksProcessGroup() throws {
        let home = try Home(timeLimit: .milliseconds(500))
        defer { home.folder.remove() }
        try home.hook(.start, "#!/bin/sh\nsleep 60 &\necho $! > \"$HOME/child\"\nsleep 60\n")
        let started = ContinuousClock.now
        #expect(home.runner.run(.start, passed: [:]) == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(10))
        let child = try #require(
            Int32(
                String(contentsOfFile: home.folder.path + "/child", encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
        // The child was killed; once its new parent reaps it, it is gone.
        var dead = false
        for _ in 0..<200 where !dead {
            let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: " ")[2]
            dead = state == nil || state == "Z"
            if !dead { usleep(10_000) }
        }
        #expect(dead, "the background child died with the group")
        #expect(home.log.contains("start: killed after 0.5 s\n"), "\(home.log)")
    }
}
