import Foundation
import RefocusOS

/// `refocus-bench report`: runs every benchmark, each in a process of its
/// own, and writes what they print into BENCHMARKS.md, with the machine
/// (processor, cores, kernel, load before and after each), the commit and
/// the command that reproduces each section. Every figure in it comes from
/// this run; nothing is typed by hand. The nftables load leans on kernel
/// time, so it runs three times. Needs root.
enum BenchReport {
    /// A section: its title, what it shows, the benchmark's name and how many times it runs.
    struct Section {
        let title: String
        let about: String
        let benchmark: String
        var runs = 1
    }

    static let sections = [
        Section(
            title: "nftables: loading and changing table inet refocus",
            about: "Our one-batch load against `nft -f` of the same table and against delete-table-then-`nft -f` "
                + "(the window in which that blocks nothing), with the kernel-only floor; then what a change costs "
                + "with the table loaded.", benchmark: "nft", runs: 3),
        Section(
            title: "The hosts section",
            about: "Removing the section from a large hosts file against `sed`, and writing it (render, atomic write) "
                + "at 1k to 300k names.", benchmark: "hosts"),
        Section(
            title: "Name lookups: the resolver module and the hosts section",
            about: "What our layers add to a `getaddrinfo` of an unrelated name, in a private mount namespace: the NSS "
                + "module against the same lookup without it, and the /etc/hosts section at 50, 300, 1k, 10k and 100k domains.",
            benchmark: "resolver"),
        Section(
            title: "The names index: a million names",
            about: "The resolver module's index of 1,000,000 names built and written, from a set as the daemon builds "
                + "it and from an array.", benchmark: "names-index"),
        Section(
            title: "One member's 60 lists of 833 domains: the machine's hosts total",
            about: "An unrelated `getent hosts` with no session, with the 60 lists held to the hosts section's total "
                + "(`max_hosts_names_per_machine`) and the rest in the resolver module's index, with the section full "
                + "at the default total, and with every name in the section as before the total.",
            benchmark: "hosts-budget"),
        Section(
            title: "Installed binaries: sizes and start-up",
            about: "The static release binaries as built and as `make install` strips them, with what each library "
                + "adds (from the link map) and the stripped binary's start-up; the status line's own time is in the "
                + "daemon's section, below.", benchmark: "sizes"),
        Section(
            title: "The daemon: repair, memory, the status line, start and stop",
            about: "Tamper to repair of the hosts section and of the table; resident memory; `refocus status` for a "
                + "status bar against `cat`; `refocus start` to enforced and `refocus stop` to lifted, as a user "
                + "through sudo; the idle daemon's wake-ups, without and with a daily allowance set but not in use.",
            benchmark: "daemon"),
        Section(
            title: "Programs: exec to kill",
            about: "A blocked program's launch to its death by the process connector, median and p99.",
            benchmark: "exec-kill"),
        Section(
            title: "Programs: exec denial (fanotify)",
            about: "What the exec guard adds to every exec, and a blocked exec to its EPERM.",
            benchmark: "exec-permission", runs: 3),
        Section(
            title: "refocus stats over 100,000 sessions",
            about: "The helper's focus verb and the CLI's decoding, against the same answer through JSONEncoder and "
                + "JSONDecoder and against the history verb's 10,000 sessions.",
            benchmark: "stats"),
        Section(
            title: "Stats figures", about: "FocusStats and the recap over 100,000 sessions in ten years.",
            benchmark: "stats-figures"),
        Section(
            title: "Sync: 10 lists of 10,000 entries",
            about: "`refocus sync` through a folder, the first sync and a three-way merge of both sides' additions, "
                + "against `git merge-file` of the same files.", benchmark: "sync", runs: 3),
        Section(
            title: "A fleet pull",
            about: "`refocus-helper fleet pull` of the signed commit already in force and of a new one, spawn to "
                + "exit in private namespaces, against `git fetch` + `git verify-commit` of the same commits.",
            benchmark: "fleet"),
        Section(
            title: "The dashboard's page",
            about: "`refocus ui`'s first load (the token's redirect, then the HTML, CSS, JavaScript and icon) over "
                + "loopback, against Python's http.server serving the same files; the page's size.",
            benchmark: "ui"),
        Section(
            title: "Reading TOML",
            about: "Our TOML reader on large documents of the shapes a careless reader makes "
                + "quadratic, at two sizes ten times apart.", benchmark: "toml"),
        Section(title: "Pasted domains", about: "Validating domains against the `idn2` command.", benchmark: "domains"),
        Section(
            title: "Resolving list names",
            about: "1,000 and 5,000 names against dnsmasq in a private network namespace, at 16 to 512 queries "
                + "in flight.", benchmark: "resolve", runs: 3),
    ]

    static func run(_ options: BenchMain.Options) throws {
        guard geteuid() == 0 else {
            BenchMain.fail("refocus-bench report needs root: most benchmarks make namespaces (sudo)", status: 77)
        }
        let output = "BENCHMARKS.md"
        var text = """
            # ReFocus benchmarks

            Generated by `sudo .build/release/refocus-bench report\(options.checkOnly ? " --check" : "")` (\(Self.command)); \
            do not edit by hand.\(options.checkOnly ? " **A --check run: short runs that show the benchmarks work; their timings mean little.**" : "")
            Every figure below comes from one run of that command, each reference tool timed in the same \
            run as our side. Timings that lean on kernel time (nftables, exec) differ between machines: compare \
            the ratios, and the several runs given.

            - Date: \(ISO8601DateFormatter().string(from: Date()))
            - Commit: \(Self.commit)
            - Machine: \(Machine.summary)


            """
        for section in sections {
            text +=
                "## \(section.title)\n\n\(section.about)\n\nReproduce: `sudo swift run -c release refocus-bench "
                + "\(section.benchmark)`\n\n"
            for run in 1...section.runs {
                let before = Machine.load
                FileHandle.standardError.write(
                    Data("refocus-bench report: \(section.benchmark) (\(run)/\(section.runs))\n".utf8))
                let printed = try capture([section.benchmark] + (options.checkOnly ? ["--check"] : []))
                text +=
                    (section.runs > 1 ? "Run \(run) of \(section.runs), " : "")
                    + "load \(before) before, \(Machine.load) after:\n\n"
                text += "```text\n\(printed.hasSuffix("\n") ? printed : printed + "\n")```\n\n"
            }
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        print("refocus-bench report: wrote \(output)")
    }

    static let command = "`swift build -c release` first; then `make static` for the status line's installed figure"

    /// The short hash of HEAD and whether the tree had changes, or `unknown` outside a git checkout.
    static var commit: String {
        let hash = (try? capture(program: "/usr/bin/git", ["rev-parse", "--short", "HEAD"]))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let hash, !hash.isEmpty else { return "unknown" }
        let dirty =
            (try? capture(program: "/usr/bin/git", ["status", "--porcelain", "--untracked-files=no"]))?.isEmpty == false
        return hash + (dirty ? " (with uncommitted changes)" : "")
    }

    /// What this program prints with `arguments`; fails on a non-zero exit.
    private static func capture(_ arguments: [String]) throws -> String {
        try capture(program: CommandLine.arguments[0], arguments)
    }

    private static func capture(program: String, _ arguments: [String]) throws -> String {
        let run = try ForegroundProcess.run([program] + arguments, input: Data())
        guard run.status == 0 else {
            throw BenchError.referenceFailed(
                "\(program) \(arguments.joined(separator: " ")) exited with \(run.status): "
                    + String(decoding: run.standardError, as: UTF8.self))
        }
        return String(decoding: run.standardOutput, as: UTF8.self)
    }
}
