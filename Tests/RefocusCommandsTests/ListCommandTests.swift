import Foundation
import RefocusTestSupport
import Testing

/// `refocus list …` run as a user would run it, on a fresh configuration folder.
@Suite struct ListCommandTests {
    @Test func addShowAndCanonicalForms() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let added = try refocus("list", "add", "work", "https://Ex-Ample.COM:8080/path?q=1")
        #expect(added.status == 0)
        #expect(added.stdout.contains("Created list work"))
        #expect(try refocus("list", "show", "work").stdout.contains("\nex-ample.com\n"))

        #expect(try refocus("list", "add", "work", "bücher.de").status == 0)
        #expect(refocus.listFile("work.domains") == "ex-ample.com\nxn--bcher-kva.de\n")

        let suffix = try refocus("list", "add", "work", "co.uk", "fine.example")
        #expect(suffix.status == 65)
        #expect(suffix.stderr.contains("'co.uk' is a public suffix"))
        #expect(refocus.listFile("work.domains") == "ex-ample.com\nxn--bcher-kva.de\n", "nothing added on error")

        let again = try refocus("list", "add", "work", "EX-AMPLE.com")
        #expect(again.status == 0 && again.stdout.contains("Already in work: ex-ample.com"))
    }

    @Test func builtinListsOnAFreshFolder() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let social = try refocus("list", "show", "social")
        #expect(social.status == 0)
        #expect(social.stdout.hasPrefix("# social (built-in): "))
        for domain in ["reddit.com", "redd.it", "redditmedia.com", "redditstatic.com"] {
            #expect(social.stdout.contains("\n\(domain)\n"))
        }
        let lists = try refocus("lists", "--json")
        let rows = try JSONSerialization.jsonObject(with: Data(lists.stdout.utf8)) as? [[String: Any]]
        #expect(rows?.compactMap { $0["name"] as? String } == ["chat", "games", "news", "shopping", "social", "video"])
        #expect(!FileManager.default.fileExists(atPath: refocus.listsFolder), "reading creates nothing")
    }

    @Test func changingABuiltinListCopiesItFirst() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let added = try refocus("list", "add", "chat", "--program", "weechat")
        #expect(added.status == 0 && added.stdout.contains("Copied the built-in list chat"))
        let programs = try #require(refocus.listFile("chat.programs"))
        #expect(programs.hasSuffix("weechat\n") && programs.hasPrefix("discord\n"))
        #expect(refocus.listFile("chat.domains")?.contains("\ndiscord.com\n") == true)
        #expect(try refocus("lists").stdout.contains("user (replaces built-in)"))

        let deleted = try refocus("list", "delete", "chat")
        #expect(deleted.status == 0 && deleted.stdout.contains("built-in list chat is used again"))
        let builtin = try refocus("list", "delete", "chat")
        #expect(builtin.status == 65 && builtin.stderr.contains("built-in list and cannot be deleted"))
    }

    @Test func createRemoveDeleteAndErrors() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        #expect(try refocus("list", "create", "work").status == 0)
        #expect(refocus.listFile("work.domains") == "")
        let exists = try refocus("list", "create", "work")
        #expect(exists.status == 65 && exists.stderr.contains("exists already"))

        try refocus("list", "add", "work", "a.example", "b.example", "192.0.2.0/24")
        let removed = try refocus("list", "remove", "work", "https://A.example/x", "missing.example")
        #expect(removed.status == 65)
        #expect(removed.stdout.contains("Removed from work: a.example"))
        #expect(removed.stderr.contains("not in list work: missing.example"))
        #expect(refocus.listFile("work.domains") == "b.example\n192.0.2.0/24\n")

        let missing = try refocus("list", "show", "nosuch")
        #expect(missing.status == 66 && missing.stderr.contains("refocus list create nosuch"))
        let badName = try refocus("list", "show", "../etc")
        #expect(badName.status == 64 && badName.stderr.contains("is not a list name"))
        let nothing = try refocus("list", "add", "work")
        #expect(nothing.status == 64 && nothing.stderr.contains("at least one entry"))

        #expect(try refocus("list", "delete", "work").status == 0)
        #expect(try refocus("list", "show", "work").status == 66)
    }

    @Test func aFileWithBadLinesIsNeverRewritten() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        try refocus("list", "create", "work")
        let damaged = "# mine\nok.example\nco.uk\n"
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: refocus.listsFolder + "/work.domains"))
        let add = try refocus("list", "add", "work", "new.example")
        #expect(add.status == 65)
        #expect(add.stderr.contains("work.domains:3: 'co.uk' is a public suffix"))
        #expect(add.stderr.contains("refocus list edit work"))
        #expect(refocus.listFile("work.domains") == damaged)
        #expect(try refocus("lists").stdout.contains("has bad lines: refocus list edit work"))
    }

    @Test func versionAndHelp() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        #expect(try refocus("--version").stdout == "0.1.0\n")
        for command in [
            ["--help"], ["list", "add", "--help"], ["list", "import", "--help"], ["list", "edit", "--help"],
            ["lists", "--help"], ["list", "show", "--help"], ["list", "remove", "--help"],
            ["list", "create", "--help"], ["list", "delete", "--help"],
        ] {
            let help = try refocus.run(command)
            #expect(help.status == 0)
            #expect(help.stdout.contains("Example"), "\(command) has an example")
        }
    }
}
