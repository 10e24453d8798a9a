import Foundation
import RefocusTestSupport
import Testing

/// `refocus list import` and `refocus list edit`, run for real.
@Suite struct ImportAndEditTests {
    static let hostsFile = """
        # StevenBlack-style hosts file
        127.0.0.1 localhost
        ::1 localhost ip6-localhost
        127.0.1.1 mybox

        0.0.0.0 ads.example.com
        0.0.0.0 tracker.example.net metrics.example.net # two on a line
        127.0.0.1 ads.example.com
        0.0.0.0 co.uk
        some junk line here
        ||adblock.example.org^

        """

    @Test func importsAHostsFileAndReportsEveryRejection() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let path = try refocus.write(Self.hostsFile, to: "hosts.txt")
        try refocus("list", "add", "ads", "metrics.example.net")
        let result = try refocus("list", "import", "ads", path)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Imported into ads: 3 added, 2 skipped as duplicates, 6 rejected."))
        for line in [2, 3, 4, 9, 10] { #expect(result.stderr.contains("hosts.txt:\(line): ")) }
        #expect(result.stderr.contains("× this machine's own name"))
        #expect(result.stderr.contains("1 × a public suffix\n"))
        #expect(result.stderr.contains("1 × a hosts line with an address that does not block\n"))
        #expect(
            refocus.listFile("ads.domains")
                == "metrics.example.net\nadblock.example.org\nads.example.com\ntracker.example.net\n")
    }

    /// An EasyList-shaped input: a count and three lines per reason, every line with --verbose.
    @Test func theReportSumsRejectionsUpByReason() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        var lines = ["[Adblock Plus 2.0]", "||site.example^", "||site.example/promo/", "/?view=ad"]
        for index in 0..<30 { lines.append("example\(index).com##.ad") }
        for index in 0..<4 { lines.append("/ads\(index)/*") }
        let input = lines.joined(separator: "\n") + "\n"
        let result = try refocus("list", "import", "ads", "-", input: input)
        #expect(result.status == 0)
        #expect(result.stdout.contains("2 added"))
        #expect(refocus.listFile("ads.domains") == "site.example\nsite.example/promo\n")
        let stderr = result.stderr.split(separator: "\n")
        #expect(stderr.count == 1 + 2 * 5, "\(result.stderr)")
        #expect(stderr.first == "35 rejected, by reason (--verbose lists each one):")
        #expect(stderr[1] == "  30 × a cosmetic filter (##)")
        #expect(stderr[2] == "    stdin:5: example0.com##.ad")
        #expect(stderr[6] == "  5 × a URL pattern for any site")
        #expect(stderr[7] == "    stdin:4: /?view=ad")
        #expect(!result.stderr.contains("empty entry"))

        let verbose = try refocus("list", "import", "ads", "-", "--verbose", input: input)
        #expect(verbose.stderr.split(separator: "\n").count == 35)
        #expect(verbose.stderr.contains("stdin:34: a cosmetic filter"))
    }

    @Test func importsFromStandardInputAsJSON() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let result = try refocus("list", "import", "ads", "-", "--json", input: "||a.example^\n!c\n@@||b.example^\n")
        #expect(result.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(report?["added"] as? Int == 1)
        #expect(report?["duplicates"] as? Int == 0)
        let rejected = report?["rejected"] as? [[String: Any]]
        #expect(rejected?.first?["line"] as? Int == 3)
        #expect(rejected?.first?["kind"] as? String == "an exception rule (@@)")
        #expect(try refocus("list", "import", "ads", refocus.home + "/absent").status == 66)
    }

    /// An editor script that runs `command` on the file it is given.
    func editor(_ refocus: Binary, _ command: String) throws -> String {
        try refocus.writeProgram("#!/bin/sh\n\(command)\n", to: "editor-\(UUID().uuidString).sh")
    }

    @Test func editValidatesBeforeSaving() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        try refocus("list", "add", "work", "a.example")

        let good = try editor(refocus, #"printf '# edited\nb.example\n' >> "$1""#)
        let saved = try refocus("list", "edit", "work", environment: ["EDITOR": good, "VISUAL": ""])
        #expect(saved.status == 0 && saved.stdout.contains("Saved work."))
        #expect(refocus.listFile("work.domains") == "a.example\n# edited\nb.example\n")

        let bad = try editor(refocus, #"printf 'co.uk\nexa mple.com\n' >> "$1""#)
        let refused = try refocus("list", "edit", "work", environment: ["VISUAL": bad])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains(":4: 'co.uk' is a public suffix"))
        #expect(refused.stderr.contains(":5: 'exa mple.com' contains a space"))
        #expect(refocus.listFile("work.domains") == "a.example\n# edited\nb.example\n", "list unchanged")
        // The edited copy is kept, with the user's work in it.
        let kept = try #require(refused.stderr.split(separator: "kept at ").last.map { String($0.dropLast()) })
        #expect(
            FileManager.default.contents(atPath: kept).map { String(decoding: $0, as: UTF8.self) }
                == "a.example\n# edited\nb.example\nco.uk\nexa mple.com\n")
    }

    @Test func editProgramsAndBuiltinsAndFailingEditors() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let append = try editor(refocus, #"echo heroic-launcher >> "$1""#)
        let saved = try refocus("list", "edit", "games", "--programs", environment: ["EDITOR": append])
        #expect(saved.status == 0 && saved.stdout.contains("Saved your copy of the built-in list games"))
        #expect(refocus.listFile("games.programs")?.hasSuffix("com.heroicgameslauncher.hgl\nheroic-launcher\n") == true)

        let untouched = try refocus("list", "edit", "news", environment: ["EDITOR": "true"])
        #expect(untouched.status == 0 && untouched.stdout.contains("No changes"))
        #expect(refocus.listFile("news.domains") == nil, "an unchanged built-in list is not copied")

        let failing = try refocus("list", "edit", "news", environment: ["EDITOR": "false"])
        #expect(failing.status == 71 && failing.stderr.contains("the editor 'false' failed"))
        #expect(try refocus("list", "edit", "nosuch", environment: ["EDITOR": "true"]).status == 66)
    }
}
