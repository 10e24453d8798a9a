import Foundation
import Glibc
import RefocusOS
import Testing

/// `StartedBefore` on real processes: a copy of sleep under a unique name,
/// and a file changed before and after it started.
@Suite struct StartedBeforeTests {
    /// A running copy of /bin/sleep named `name` in `folder`; killed by `stop`.
    private struct Sleeper {
        let process: Process

        init(named name: String, in folder: URL) throws {
            let copy = folder.appendingPathComponent(name)
            try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: copy.path)
            process = Process()
            process.executableURL = copy
            process.arguments = ["60"]
            try process.run()
        }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("started-before-\(getpid())-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Sets the change time of `path` to `secondsAgo` before now.
    private static func touch(_ path: String, secondsAgo: Int) {
        var times = [
            timespec(tv_sec: time(nil) - secondsAgo, tv_nsec: 0), timespec(tv_sec: time(nil) - secondsAgo, tv_nsec: 0),
        ]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func aProgramStartedBeforeTheFileChangedIsFound() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "rf-ff-\(getpid())"
        let sleeper = try Sleeper(named: name, in: folder)
        defer { sleeper.stop() }
        let policy = folder.appendingPathComponent("policies.json").path
        usleep(50_000)
        #expect(FileManager.default.createFile(atPath: policy, contents: Data("{}".utf8)))
        let missing = folder.appendingPathComponent("absent.json").path

        #expect(StartedBefore.programs([name, "other"], ofUser: getuid(), before: [missing, policy]) == [name])
        // Another user's processes never count; nor do other names.
        #expect(StartedBefore.programs([name], ofUser: getuid() &+ 4242, before: [policy]).isEmpty)
        #expect(StartedBefore.programs(["rf-not-running"], ofUser: getuid(), before: [policy]).isEmpty)
    }

    @Test func aProgramStartedAfterTheFileChangedOrWithoutAFileIsNot() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "rf-ff2-\(getpid())"
        let policy = folder.appendingPathComponent("policies.json").path
        #expect(FileManager.default.createFile(atPath: policy, contents: Data("{}".utf8)))
        Self.touch(policy, secondsAgo: 5)
        let sleeper = try Sleeper(named: name, in: folder)
        defer { sleeper.stop() }

        #expect(StartedBefore.programs([name], ofUser: getuid(), before: [policy]).isEmpty)
        #expect(
            StartedBefore.programs([name], ofUser: getuid(), before: [folder.appendingPathComponent("none").path])
                .isEmpty)
        // The newest of several files decides.
        let newer = folder.appendingPathComponent("newer.json").path
        usleep(50_000)
        #expect(FileManager.default.createFile(atPath: newer, contents: Data("{}".utf8)))
        #expect(StartedBefore.programs([name], ofUser: getuid(), before: [policy, newer]) == [name])
    }
}
