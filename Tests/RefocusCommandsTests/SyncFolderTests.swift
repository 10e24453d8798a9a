import Foundation
import RefocusTestSupport
import Testing

/// Three machines, each with its own XDG_CONFIG_HOME and XDG_STATE_HOME,
/// syncing their lists through one shared folder with the real `refocus`.
@Suite struct SyncFolderTests {
    /// A shared folder and three machines using it.
    struct World {
        let shared: TemporaryFolder
        let a: SyncMachine, b: SyncMachine, c: SyncMachine

        init() throws {
            shared = try TemporaryFolder()
            (a, b, c) = (
                try SyncMachine(folder: shared.path), try SyncMachine(folder: shared.path),
                try SyncMachine(folder: shared.path)
            )
        }

        func remove() {
            shared.remove()
            for machine in [a, b, c] { machine.refocus.cleanUp() }
        }

        /// Machine A creates the list `work` holding `entries` and syncs it to the folder.
        func aSharesWork(_ entries: String...) throws {
            try a.run("list", "create", "work")
            try a.run(["list", "add", "work"] + entries)
            try a.run("sync")
        }

        func remote(_ list: String) -> String? {
            try? String(contentsOfFile: "\(shared.path)/\(list).domains", encoding: .utf8)
        }
    }

    @Test func additionAndRemovalReachTheOtherMachineProgramsStay() throws {
        let world = try World()
        defer { world.remove() }
        try world.b.run("list", "add", "social", "--program", "mytool")
        let programs = world.b.text("social.programs")
        try world.a.run("list", "add", "social", "example.org")
        try world.a.run("list", "remove", "social", "reddit.com")
        #expect(try world.a.run("sync", "status").stdout.contains("to publish: social +example.org -reddit.com"))
        try world.a.run("sync")
        #expect(try world.b.run("sync", "status").stdout.contains("to merge: social +example.org -reddit.com"))
        try world.b.run("sync")
        let social = try world.b.domains("social")
        #expect(social.contains("example.org") && !social.contains("reddit.com"))
        #expect(world.b.text("social.programs") == programs && programs == "mytool\n")
        // The built-in list's comments stay on B: only the entries' lines changed.
        #expect(world.b.text("social.domains")?.contains("#") == true)
        #expect(try world.a.run("sync", "status").stdout.contains("in sync"))
        #expect(try world.b.run("sync", "status").stdout.contains("in sync"))
        // C never changed social: it takes the removal too.
        try world.c.run("sync")
        #expect(try !world.c.domains("social").contains("reddit.com"))
        #expect(world.c.text("social.programs") == nil)
        #expect(try world.shared.files().allSatisfy { $0.hasSuffix(".domains") && !$0.hasPrefix(".") })
    }

    @Test func concurrentAdditionsBetweenSyncsEndOnBoth() throws {
        let world = try World()
        defer { world.remove() }
        try world.aSharesWork("one.example")
        try world.b.run("sync")
        try world.a.write("work.programs", "slack\n")
        try world.a.run("list", "add", "work", "a-side.example")
        try world.b.run("list", "add", "work", "b-side.example")
        try world.a.run("sync")
        try world.b.run("sync")
        try world.a.run("sync")
        for machine in [world.a, world.b] {
            #expect(try machine.domains("work").sorted() == ["a-side.example", "b-side.example", "one.example"])
            #expect(try machine.run("sync", "status").stdout.contains("in sync"))
        }
        #expect(world.a.text("work.programs") == "slack\n" && world.b.text("work.programs") == nil)
        #expect(world.remote("work") == "a-side.example\nb-side.example\none.example\n")
    }

    @Test func commentsAndOrderStayWhenEntriesChange() throws {
        let world = try World()
        defer { world.remove() }
        try world.a.write("work.domains", "# mine\nzeta.example  # last\nalpha.example\n")
        try world.a.run("sync")
        try world.b.run("sync")
        try world.b.run("list", "add", "work", "new.example")
        try world.b.run("list", "remove", "work", "alpha.example")
        try world.b.run("sync")
        try world.a.run("sync")
        #expect(world.a.text("work.domains") == "# mine\nzeta.example  # last\nnew.example\n")
    }

    @Test func deletionAgainstAChangeKeepsTheListWithANote() throws {
        let world = try World()
        defer { world.remove() }
        try world.aSharesWork("one.example")
        try world.b.run("sync")
        try world.a.run("list", "delete", "work")
        try world.b.run("list", "add", "work", "two.example")
        try world.a.run("sync")
        let run = try world.b.run("sync")
        #expect(run.stderr.contains("deleted on one side and changed on another"))
        try world.a.run("sync")
        #expect(try world.a.domains("work").sorted() == ["one.example", "two.example"])
        // Deleted on one side and unchanged on the other: gone everywhere.
        try world.a.run("list", "delete", "work")
        try world.a.run("sync")
        try world.b.run("sync")
        #expect(world.b.text("work.domains") == nil && world.remote("work") == nil)
    }

    @Test func sameListCreatedOnTwoMachinesIsTheirUnion() throws {
        let world = try World()
        defer { world.remove() }
        try world.a.run("list", "create", "reading")
        try world.a.run("list", "add", "reading", "a.example", "both.example")
        try world.b.run("list", "create", "reading")
        try world.b.run("list", "add", "reading", "b.example", "both.example")
        try world.a.run("sync")
        try world.b.run("sync")
        try world.a.run("sync")
        for machine in [world.a, world.b] {
            #expect(try machine.domains("reading").sorted() == ["a.example", "b.example", "both.example"])
        }
    }

    @Test func conflictCopiesMergeInAndAreRemoved() throws {
        let world = try World()
        defer { world.remove() }
        try world.aSharesWork("one.example", "two.example")
        try "one.example\nthree.example\ntwo.example\n".write(
            toFile: world.shared.path + "/work.sync-conflict-20261123-101530-ABCDEFG.domains", atomically: true,
            encoding: .utf8)
        try "four.example\none.example\ntwo.example\n".write(
            toFile: world.shared.path + "/work (laptop's conflicted copy 2026-11-23).domains", atomically: true,
            encoding: .utf8)
        #expect(try world.a.run("sync", "status").stdout.contains("to merge: work"))
        try world.a.run("sync")
        #expect(
            try world.a.domains("work").sorted() == ["four.example", "one.example", "three.example", "two.example"])
        #expect(try world.shared.files() == ["work.domains"])
    }

    @Test func invalidRemoteLinesAreReportedAndSkipped() throws {
        let world = try World()
        defer { world.remove() }
        try world.aSharesWork("one.example")
        try "co.uk\nhttps://example.com/path\nbad_char!.example\none.example\nthree.example\n".write(
            toFile: world.shared.path + "/work.domains", atomically: true, encoding: .utf8)
        let run = try world.a.run("sync", status: 65)
        for line in ["work.domains:1:", "work.domains:2:", "work.domains:3:"] {
            #expect(run.stderr.contains(line), "\(run.stderr)")
        }
        #expect(try world.a.domains("work").sorted() == ["one.example", "three.example"])
    }

    @Test func halfWrittenFileIsSkippedAndDeletesNothing() throws {
        let world = try World()
        defer { world.remove() }
        try world.aSharesWork("one.example", "two.example")
        try "one.exa".write(toFile: world.shared.path + "/work.domains", atomically: true, encoding: .utf8)
        let run = try world.a.run("sync", status: 65)
        #expect(run.stderr.contains("work.domains: half written"))
        #expect(try world.a.domains("work").sorted() == ["one.example", "two.example"])
        #expect(world.remote("work") == "one.exa")
        // Once complete, the round goes through.
        try "one.example\n".write(toFile: world.shared.path + "/work.domains", atomically: true, encoding: .utf8)
        try world.a.run("sync")
        #expect(try world.a.domains("work") == ["one.example"])
    }

    @Test func missingFolderChangesNothing() throws {
        let world = try World()
        defer { world.remove() }
        try world.aSharesWork("one.example")
        world.shared.remove()
        let run = try world.a.run("sync", status: 66)
        #expect(run.stderr.contains("is not there"))
        #expect(try world.a.domains("work") == ["one.example"])
    }
}
