import Foundation
import RefocusCore
import RefocusTestSupport
import Testing

/// The man pages as `make man` builds them: generate-manual (the tool behind
/// the plugin) run on the built binaries, finished by `packaging/man/finish-page`
/// with the hand-written sections, rendered by groff without a warning. The
/// plugin itself is left to `make man`: it builds every product in release
/// mode first (minutes), and the test run already holds the build folder.
@Suite struct ManPageTests {
    /// One page: the binary, its section, and what it must show.
    struct Page: Sendable, CustomTestStringConvertible {
        let binary: String
        let section: Int
        let commands: [String]
        let files: [String]

        var fileName: String { "\(binary).\(section)" }
        var fragment: String { ManPageTests.packaging + "/man/\(fileName).roff" }
        var testDescription: String { fileName }
    }

    static let packaging = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("packaging").path
    static let finishPage = packaging + "/man/finish-page"
    /// Built by `make test` (`swift build --product generate-manual`) and by the plugin.
    static let generator = Binary.buildDirectory + "/generate-manual"
    static let groff = "/usr/bin/groff"

    static let pages = [
        Page(
            binary: "refocus", section: 1,
            commands: [
                "start", "stop", "next", "pause", "resume", "allow-daily", "status", "watch", "history", "stats",
                "lists", "list",
                "resolve",
                "show", "create", "delete", "add", "remove", "edit", "import", "schedule", "sync",
            ],
            files: [
                "~/.config/refocus/lists/NAME.domains", "~/.config/refocus/lists/NAME.programs",
                "~/.config/refocus/hooks/EVENT", "~/.local/state/refocus/hooks.log", "~/.local/state/refocus/sync/",
                "/var/spool/cron/crontabs/USER",
                "/usr/libexec/refocus/refocus-helper", "/etc/sudoers.d/refocus", "/etc/refocus/policy.toml",
                "/run/refocus/status.json", "/etc/hosts", "/var/lib/refocus/refocus.sqlite",
            ]),
        Page(
            binary: "refocus-helper", section: 8,
            commands: ["start", "stop", "status", "history", "focus", "reconcile", "clear", "nsswitch", "daemon"],
            files: [
                "/etc/sudoers.d/refocus", "/etc/refocus/policy.toml", "/var/lib/refocus/refocus.sqlite",
                "/etc/hosts", "/etc/nsswitch.conf", "/usr/lib/MULTIARCH/libnss_refocus.so.2",
                "/run/refocus/status.json", "/run/refocus/daemon.sock", "/run/refocus/daemon.lock",
                "~/.config/refocus/hooks/EVENT", "refocus.service",
            ]),
    ]

    /// The documented exit codes: every status but the generic failure, which no error maps to.
    static let exitCodes = ExitStatus.documented.map(\.rawValue)

    /// Runs finish-page on `generated` (a file) and returns the page, the status and stderr.
    static func finish(_ generated: String, fragment: String, footer: String = "ReFocus test") throws -> Binary.Run {
        try Binary.execute("/bin/sh", [finishPage, generated, fragment, footer])
    }

    /// groff's warnings for `page` (empty when clean) and the page as plain text, 250 columns wide.
    static func render(_ page: String, in folder: String) throws -> (warnings: String, text: String) {
        let path = folder + "/page"
        try Data(page.utf8).write(to: URL(fileURLWithPath: path))
        let check = try Binary.execute(groff, ["-mandoc", "-Tutf8", "-ww", "-z", path])
        let text = try Binary.execute(groff, ["-mandoc", "-Tutf8", "-P-cbou", "-rLL=250n", path])
        return (check.stdout + check.stderr, text.stdout)
    }

    /// The lines of `text` from the section header `title` to the next one.
    static func section(_ title: String, of text: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring(title)) else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { !$0.isEmpty && !$0.hasPrefix(" ") } ?? rest.endIndex
        return Array(rest[..<end])
    }

    static func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "refocus-man-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: ManPageTests.groff),
            "needs groff (apt-get install groff-base; make test installs it)"),
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: ManPageTests.generator),
            "needs generate-manual: swift build --product generate-manual (make test builds it)"),
        arguments: ManPageTests.pages)
    func theFinishedPageShowsTheCommandsExitStatusAndFiles(page: Page) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let generated = try Binary.execute(
            Self.generator,
            [
                Binary.buildDirectory + "/" + page.binary,
                "--section", "\(page.section)", "--output-directory", folder,
            ])
        #expect(generated.status == 0, "\(generated.stderr)")
        let finished = try Self.finish(folder + "/" + page.fileName, fragment: page.fragment)
        #expect(finished.status == 0 && finished.stderr.isEmpty, "\(finished.stderr)")
        let (warnings, text) = try Self.render(finished.stdout, in: folder)
        #expect(warnings.isEmpty, "groff warns: \(warnings)")

        let headers = text.split(separator: "\n").filter { $0.first?.isUppercase == true }.map(String.init)
        for header in ["NAME", "SYNOPSIS", "DESCRIPTION", "ENVIRONMENT", "FILES", "EXIT STATUS", "SEE ALSO"] {
            #expect(headers.contains(header), "\(header) in \(headers)")
        }
        #expect(headers.first?.hasPrefix(page.binary.uppercased() + "(\(page.section))") == true, "\(headers)")
        #expect(headers.last?.hasPrefix("ReFocus test") == true, "the footer names ReFocus: \(headers)")
        let description = Self.section("DESCRIPTION", of: text)
        for command in page.commands {
            #expect(
                description.contains { line in
                    let item = line.trimmingCharacters(in: .whitespaces)
                    return item == command || item.hasPrefix(command + " ")
                }, "the command \(command) is described")
        }
        let exitStatus = Self.section("EXIT STATUS", of: text).map { $0.trimmingCharacters(in: .whitespaces) }
        for code in Self.exitCodes {
            #expect(exitStatus.contains { $0.hasPrefix("\(code) ") }, "exit status \(code) is documented")
        }
        #expect(!text.contains("exits 0 on success"), "the generic exit status is replaced")
        let files = Self.section("FILES", of: text).map { $0.trimmingCharacters(in: .whitespaces) }
        for file in page.files {
            #expect(files.contains(file), "\(file) in FILES")
        }
        #expect(text.components(separatedBy: "Show the version.").count == 2, "--version is described once")
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: ManPageTests.groff),
            "needs groff (apt-get install groff-base; make test installs it)"))
    func theRefocusPageNamesTheFixForARefusedSudo() throws {
        let fragment = try String(contentsOfFile: Self.pages[0].fragment, encoding: .utf8)
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (warnings, text) = try Self.render(
            ".Dd January 1, 2026\n.Dt REFOCUS 1\n.Os\n.Sh NAME\n.Nm refocus\n.Nd x\n"
                + fragment, in: folder)
        #expect(warnings.isEmpty, "groff warns: \(warnings)")
        let exitStatus = Self.section("EXIT STATUS", of: text).joined(separator: " ")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(exitStatus.contains("sudo usermod -aG refocus $USER"), "\(exitStatus)")
        #expect(exitStatus.contains("Without a terminal (cron, scripts) refocus never asks for a password"))
        #expect(Self.section("EXAMPLES", of: text).contains { $0.contains("refocus start --quiet --list social") })
    }

    /// What generate-manual writes, in small: help text with a blank line, examples
    /// indented by two spaces, a line starting with an apostrophe, --version and
    /// --help under a subcommand (whose list is then empty), the generic exit status.
    static let generatedPage = """
        .Dd January 1, 2026
        .Dt TOOL 1
        .Os
        .Sh NAME
        .Nm tool
        .Nd "Does things."
        .Sh DESCRIPTION
        First paragraph.

        Examples:
          tool run 'a b'   # a comment
          tool stop
        'tool run' is quoted.
        .Bl -tag -width 6n
        .It Fl -version
        Show the version.
        .It Fl h , -help
        Show help information.
        .It Em run
        Runs.
        .Bl -tag -width 6n
        .It Fl -version
        Show the version.
        .It Fl h , -help
        Show help information.
        .El
        .El
        .Sh "EXIT STATUS"
        .Ex -std
        .Sh AUTHORS
        Someone.

        """

    @Test func finishPageReplacesTheExitStatusAndTidiesTheHelpText() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.generatedPage.utf8).write(to: URL(fileURLWithPath: folder + "/tool.1"))
        try Data(".Sh EXIT STATUS\n.Bl -tag -width Ds\n.It 64\nUsage.\n.El\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/tool.roff"))
        let run = try Self.finish(folder + "/tool.1", fragment: folder + "/tool.roff", footer: "Tool 1.0")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                .Dd January 1, 2026
                .Dt TOOL 1
                .Os Tool 1.0
                .Sh NAME
                .Nm tool
                .Nd "Does things."
                .Sh DESCRIPTION
                First paragraph.
                .Pp
                Examples:
                .Bd -literal -offset indent
                tool run 'a b'   # a comment
                tool stop
                .Ed
                \\&'tool run' is quoted.
                .Bl -tag -width 6n
                .It Fl -version
                Show the version.
                .It Fl h , -help
                Show help information.
                .It Em run
                Runs.
                .El
                .Sh EXIT STATUS
                .Bl -tag -width Ds
                .It 64
                Usage.
                .El
                .Sh AUTHORS
                Someone.

                """)
    }

    @Test func finishPageRefusesAPageWithoutAnExitStatusSection() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(".Dd January 1, 2026\n.Dt TOOL 1\n.Sh NAME\n".utf8).write(to: URL(fileURLWithPath: folder + "/tool.1"))
        let run = try Self.finish(folder + "/tool.1", fragment: Self.pages[0].fragment)
        #expect(run.status == 65)
        #expect(run.stderr.contains("has no EXIT STATUS section to replace"), "\(run.stderr)")
        let missing = try Self.finish(folder + "/tool.1", fragment: folder + "/no-such.roff")
        #expect(missing.status == 64 && missing.stderr.hasPrefix("usage: finish-page"), "\(missing.stderr)")
    }

    /// The help that becomes the pages, from `--experimental-dump-help` (what
    /// generate-manual reads): every command and argument has help, and the text
    /// is plain ASCII (generate-manual drops other characters) with no line a
    /// roff macro could be read from.
    @Test(arguments: ["refocus", "refocus-helper"])
    func theHelpThatFeedsThePagesIsComplete(binary: String) throws {
        let commands = try Self.commands(of: binary)
        for (path, command) in commands {
            let abstract = command["abstract"] as? String ?? ""
            #expect(!abstract.isEmpty, "\(path) has an abstract")
            for text in [abstract, command["discussion"] as? String ?? ""] {
                #expect(text.allSatisfy { $0.isASCII }, "\(path): not ASCII: \(text.filter { !$0.isASCII })")
                for line in text.split(separator: "\n") where line.hasPrefix(".") {
                    Issue.record("\(path): a line starting with a dot reads as a roff macro: \(line)")
                }
            }
            // The help subcommand's own argument comes from swift-argument-parser without help.
            for argument in command["arguments"] as? [[String: Any]] ?? []
            where argument["shouldDisplay"] as? Bool != false && !path.hasSuffix(" help") {
                let names = (argument["names"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
                let help = argument["abstract"] as? String ?? ""
                #expect(!help.isEmpty, "\(path) \(names) has help")
                #expect(help.allSatisfy { $0.isASCII }, "\(path) \(names): not ASCII")
            }
        }
        #expect(commands.count >= 8, "every command is in the dump: \(commands.count)")
    }

    /// The hand-written sections of a page (`refocus.1`), as packaging/man holds them.
    static func handWritten(_ fileName: String) throws -> String {
        try String(contentsOfFile: packaging + "/man/\(fileName).roff", encoding: .utf8)
    }

    /// Whether `help` (a command's `--help`) lists `subcommand` under SUBCOMMANDS.
    static func lists(_ help: String, subcommand: String) -> Bool {
        help.split(separator: "\n").drop { $0 != "SUBCOMMANDS:" }.contains { $0.hasPrefix("  \(subcommand) ") }
    }

    /// Every command of `binary` with its path (`refocus list add`), from `--experimental-dump-help`.
    static func commands(of binary: String) throws -> [(path: String, command: [String: Any])] {
        let dump = try Binary.execute(Binary.buildDirectory + "/" + binary, ["--experimental-dump-help"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var pending = [(path: binary, command: try #require(root["command"] as? [String: Any]))]
        var commands: [(path: String, command: [String: Any])] = []
        while let (path, command) = pending.popLast() {
            commands.append((path, command))
            for case let sub as [String: Any] in command["subcommands"] as? [Any] ?? [] {
                pending.append((path + " " + (sub["commandName"] as? String ?? "?"), sub))
            }
        }
        return commands
    }
}
