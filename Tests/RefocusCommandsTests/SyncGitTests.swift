import Foundation
import RefocusTestSupport
import Testing

/// Machines with their own XDG folders syncing through one bare git
/// repository with the real `refocus` and the real git: the must-shows,
/// the commit messages, syncs run at the same moment on two machines (a
/// push that races is pulled, merged and pushed again), and an unreachable
/// remote that leaves the lists alone. Git runs with no system or user
/// configuration (the commits take ReFocus's fallback identity).
@Suite(
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git (make test-deps installs it)")
)
struct SyncGitTests {
    /// A bare repository and two machines using it.
    struct World {
        let folder: TemporaryFolder
        let remote: String
        let a: SyncMachine, b: SyncMachine

        init() throws {
            folder = try TemporaryFolder()
            remote = folder.path + "/lists.git"
            let made = try Process.run(
                URL(fileURLWithPath: "/usr/bin/git"), arguments: ["init", "--quiet", "--bare", remote])
            made.waitUntilExit()
            (a, b) = (try SyncMachine(syncInit: ["--git", remote]), try SyncMachine(syncInit: ["--git", remote]))
        }

        func remove() {
            folder.remove()
            a.refocus.cleanUp()
            b.refocus.cleanUp()
        }

        /// The remote's commit subjects, newest first.
        func subjects() throws -> [String] {
            let pipe = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["--git-dir", remote, "log", "--all", "--format=%s"]
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }

    @Test func additionAndRemovalReachTheOtherMachineThroughGit() throws {
        let world = try World()
        defer { world.remove() }
        try world.b.run("list", "add", "social", "--program", "mytool")
        try world.a.run("list", "add", "social", "example.org")
        try world.a.run("list", "remove", "social", "reddit.com")
        #expect(try world.a.run("sync", "status").stdout.contains("to publish: social +example.org -reddit.com"))
        try world.a.run("sync")
        try world.b.run("sync")
        let social = try world.b.domains("social")
        #expect(social.contains("example.org") && !social.contains("reddit.com"), "\(social)")
        #expect(world.b.text("social.programs") == "mytool\n")
        #expect(try world.a.run("sync", "status").stdout.contains("in sync"))
        #expect(try world.b.run("sync", "status").stdout.contains("in sync"))
        let subjects = try world.subjects()
        #expect(subjects.contains { $0.hasSuffix(": social +example.org -reddit.com") }, "\(subjects)")
    }

    @Test func additionsOnBothMachinesBetweenSyncsEndOnBoth() throws {
        let world = try World()
        defer { world.remove() }
        try world.a.run("list", "add", "work", "a.example")
        try world.b.run("list", "add", "work", "b.example")
        try world.a.run("sync")
        try world.b.run("sync")
        try world.a.run("sync")
        #expect(try world.a.domains("work") == ["a.example", "b.example"])
        #expect(try world.b.domains("work") == ["b.example", "a.example"], "its own first: added entries are appended")
    }

    @Test func syncsAtTheSameMomentEndWithTheSameLists() throws {
        let world = try World()
        defer { world.remove() }
        try world.a.run("sync")
        for round in 1...4 {
            try world.a.run("list", "add", "work", "a\(round).example")
            try world.b.run("list", "add", "work", "b\(round).example")
            // Both at once: one of the pushes may find the remote moved, and is pulled, merged and pushed again.
            let processes = try [world.a, world.b].map { machine in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: Binary.buildDirectory + "/refocus")
                process.arguments = ["sync", "--quiet"]
                process.environment = ProcessInfo.processInfo.environment
                    .merging(["XDG_CONFIG_HOME": machine.refocus.home, "TMPDIR": machine.refocus.home]) { $1 }
                    .merging(machine.environment) { $1 }
                process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
                try process.run()
                return process
            }
            processes.forEach { $0.waitUntilExit() }
            let statuses = processes.map(\.terminationStatus)
            #expect(statuses == [0, 0], "round \(round)")
        }
        try world.a.run("sync")
        try world.b.run("sync")
        let expected = (1...4).flatMap { ["a\($0).example", "b\($0).example"] }.sorted()
        #expect(try world.a.domains("work").sorted() == expected)
        #expect(try world.b.domains("work").sorted() == expected)
    }

    @Test func anUnreachableRemoteLeavesTheListsAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let machine = try SyncMachine(syncInit: ["--git", "file://" + folder.path + "/missing.git"])
        defer { machine.refocus.cleanUp() }
        try machine.run("list", "add", "social", "example.org")
        let before = machine.text("social.domains")
        let run = try machine.run(["sync"], status: 71)
        #expect(run.stderr.contains("missing.git") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(machine.text("social.domains") == before)
    }
}
