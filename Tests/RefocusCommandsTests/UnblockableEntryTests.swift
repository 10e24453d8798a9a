import Foundation
import Glibc
import RefocusCore
import RefocusTestSupport
import Testing

/// Entries that no session may block (issue 27, item 7), run for real:
/// `list add` and `list edit` refuse them with the reason (65), `list
/// import` skips and counts them, and `start` leaves them out of a list
/// saved before, with one note, instead of the helper refusing the whole
/// start. Built-in protections only: the machine's policy is not the test's.
@Suite struct UnblockableEntryTests {
    /// Writes `text` as the list file `name.domains`, as a list saved before this check would be.
    static func writeList(_ refocus: Binary, _ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: refocus.listsFolder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: refocus.listsFolder + "/\(name).domains"))
    }

    @Test func listAddRefusesThemWithTheReasonAndAddsNothing() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let refused = try refocus("list", "add", "work", "a.example", "0.0.0.1", "::1")
        #expect(refused.status == 65)
        #expect(
            refused.stderr == """
                refocus: 0.0.0.1 can never be blocked: it is in 0.0.0.0/8 (this network); leave it out
                refocus: ::1 can never be blocked: it is ::1 (loopback); leave it out
                refocus: nothing was changed: 2 entries can never be blocked (see above)

                """)
        #expect(refocus.listFile("work.domains") == nil, "no list was created")

        #expect(try refocus("list", "add", "work", "a.example").status == 0)
        let range = try refocus("list", "add", "work", "169.254.0.0/24")
        #expect(
            range.status == 65
                && range.stderr.contains("169.254.0.0/24 can never be blocked: it is in 169.254.0.0/16 (link-local)"))
        #expect(refocus.listFile("work.domains") == "a.example\n")

        // A list from before keeps working: such an entry can be removed.
        try Self.writeList(refocus, "old", "0.0.0.1\nb.example\n")
        #expect(try refocus("list", "remove", "old", "0.0.0.1").status == 0)
        #expect(refocus.listFile("old.domains") == "b.example\n")
    }

    static let adblock =
        "[Adblock Plus 2.0]\n||0.0.0.1^\n||a.example^\n0.0.0.0 b.example\n||127.0.0.1^$document\n||a.example^\n"

    @Test func listImportSkipsThemAndCountsThemInItsReport() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let path = try refocus.write(Self.adblock, to: "easylist.txt")
        let run = try refocus("list", "import", "ads", path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasSuffix(
                "Imported into ads: 2 added, 1 skipped as duplicates, 2 skipped as never blockable, 0 rejected.\n"),
            "\(run.stdout)")
        #expect(
            run.stderr == """
                2 skipped, since no session may block them:
                  0.0.0.1: it is in 0.0.0.0/8 (this network)
                  127.0.0.1: it is in 127.0.0.0/8 (loopback)

                """)
        #expect(refocus.listFile("ads.domains") == "a.example\nb.example\n")

        let json = try refocus("list", "import", "more", "-", "--json", input: Self.adblock)
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["added"] as? Int == 2 && report["duplicates"] as? Int == 1)
        let skipped = try #require(report["unblockable"] as? [[String: String]], "\(json.stdout)")
        #expect(
            skipped == [
                ["entry": "0.0.0.1", "reason": "it is in 0.0.0.0/8 (this network)"],
                ["entry": "127.0.0.1", "reason": "it is in 127.0.0.0/8 (loopback)"],
            ])
    }

    @Test func listEditRefusesThemWithTheirLineNumbers() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        try refocus("list", "add", "work", "a.example")
        let editor = try refocus.writeProgram("#!/bin/sh\nprintf '0.0.0.1\\nb.example\\n' >> \"$1\"\n", to: "editor.sh")
        let refused = try refocus("list", "edit", "work", environment: ["VISUAL": editor])
        #expect(refused.status == 65)
        #expect(
            refused.stderr.contains(
                ":2: 0.0.0.1 can never be blocked: it is in 0.0.0.0/8 (this network); remove the line\n"),
            "\(refused.stderr)")
        #expect(refocus.listFile("work.domains") == "a.example\n", "list unchanged")

        // A list from before that holds one is not refused when it is left as it was.
        try Self.writeList(refocus, "old", "0.0.0.1\nb.example\n")
        let untouched = try refocus("list", "edit", "old", environment: ["VISUAL": "true"])
        #expect(untouched.status == 0 && untouched.stdout.contains("No changes"), "\(untouched.stderr)")
    }

    @Test(
        .enabled(
            if: getuid() == 0, "needs root: the CLI runs a stand-in helper directly only as root, else through sudo"))
    func startLeavesThemOutOfAListFromBeforeWithOneNote() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let helper = try HistoryCommandTests.standIn(refocus, answering: QuietTests.answer)
        let helpersNote = "refocus: 1 names did not resolve in time; they are blocked through /etc/hosts only\n"
        try Self.writeList(refocus, "old", "0.0.0.1\na.example\n198.51.100.7\n")
        let one = try refocus("start", "--list", "old", "25m", environment: ["REFOCUS_HELPER": helper])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(
            one.stderr == "refocus: note: list old: 0.0.0.1 is skipped: it is in 0.0.0.0/8 (this network), which no "
                + "session may block; the rest of the list applies ('refocus list remove old 0.0.0.1' removes it)\n"
                + helpersNote)
        #expect(one.stdout.hasPrefix("Blocking 2 entries and 0 programs"), "\(one.stdout)")
        #expect(
            try PomodoroStartTests.request(helper).lists.flatMap(\.entries).map(\.description).sorted()
                == ["198.51.100.7", "a.example"])

        try Self.writeList(refocus, "old", "0.0.0.1\na.example\n127.0.0.1\nff02::1\n169.254.1.1\n")
        let many = try refocus("start", "--list", "old", "25m", environment: ["REFOCUS_HELPER": helper])
        #expect(many.status == 0, "\(many.stderr)")
        #expect(
            many.stderr == "refocus: note: list old: 4 entries are skipped, since no session may block them (0.0.0.1: "
                + "it is in 0.0.0.0/8 (this network); 127.0.0.1: it is in 127.0.0.0/8 (loopback); 169.254.1.1: it is in "
                + "169.254.0.0/16 (link-local); and 1 more); the rest of the list applies ('refocus list edit old' removes them)\n"
                + helpersNote)
        #expect(try PomodoroStartTests.request(helper).lists.flatMap(\.entries).map(\.description) == ["a.example"])
    }

    @Test func startRefusesAListWithNothingASessionMayBlockBeforeAskingTheHelper() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        try Self.writeList(refocus, "old", "0.0.0.1\n::1\n")
        let run = try refocus(
            "start", "--list", "old", "25m", environment: ["REFOCUS_HELPER": "/nonexistent/refocus-helper"])
        #expect(run.status == 65)
        #expect(
            run.stderr == "refocus: list old has nothing a session may block: 0.0.0.1: it is in 0.0.0.0/8 (this "
                + "network); ::1: it is ::1 (loopback); add entries that can be blocked ('refocus list add old example.com'), "
                + "or start without it\n")
    }
}
