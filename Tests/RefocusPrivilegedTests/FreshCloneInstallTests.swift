import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusTestSupport
import Testing

/// The README's first command as a new user types it, for real: a member of
/// the group sudo with a password logs in at a terminal (`su --login`, on a
/// pseudo-terminal), in a fresh clone of theirs types the line the README
/// gives (`sudo make install && refocus start --list social 25m`), and types
/// the password once. The real swift builds, the real apt-get installs what
/// is missing, the real sudo asks. Then the session must be enforced: the
/// names of the social list resolve to the sinkhole (`getent`), the table
/// refuses a TCP connection to the address dnsmasq gave them, and root
/// clears it all.
///
/// It runs inside InstallTests' sandbox (overlays on /etc, /usr and /lib),
/// with the machine's package database seen through overlays on /var/lib and
/// /var/cache (`machinePackages`), so that what apt-get and dpkg change lands
/// there; a network namespace of its own with a way out for apt-get alone
/// (`outbound`: slirp4netns; dnsmasq forwards only the names of the machine's
/// apt sources and answers every other name with a peer's address, so the
/// helper's resolution of the social list stays inside). Two packages that
/// building needs are taken off in the overlay first, so that the real
/// apt-get has something to install whatever the machine holds.
///
/// `make test` runs this suite alone, before the rest (a release build
/// beside the suite would slow every timed test): `swift test --filter
/// FreshCloneInstallTests`. It prints what CI should show: the typed line,
/// the prompts, the wall time, the installed sizes.
@Suite(
    .enabled(if: FreshCloneTools.unavailableReason == nil, Comment(rawValue: FreshCloneTools.unavailableReason ?? "")))
struct FreshCloneInstallTests {
    /// The address dnsmasq gives every name but the apt sources', and a neighbour that nothing blocks.
    static let blockedPeer = "198.51.100.7"
    static let otherPeer = "198.51.100.8"
    /// Packages of `INSTALL_PACKAGES` taken off in the overlay, so that apt-get installs them for real.
    static let removedPackages = ["libnftnl-dev", "libmnl-dev"]

    static var sandbox: Sandbox {
        let forwarded = FreshCloneTools.aptHosts.map { "--server=/\($0)/\(Sandbox.outboundResolver)" }
        return Sandbox(
            dns: [Sandbox.Record("reddit.com", blockedPeer)], peerAddresses: [blockedPeer, otherPeer],
            dnsmasqOptions: ["--address=/#/\(blockedPeer)"] + forwarded, machinePackages: true, outbound: true)
    }

    @Test func theReadmesFirstCommandInstallsAndBlocksForReal() throws {
        let command = try #require(
            FreshCloneTools.firstCommand, "README.md gives no line starting with 'sudo make install'")
        let run = try Self.sandbox.run(
            InstallTests.setUp + SudoPathTests.terminal + #"""
                COMMAND=$(cat "$WORK/command")
                mkdir -p /var/log/apt
                add_user newbie
                usermod --shell /bin/bash newbie
                echo 'newbie:Install-Pw-5' | chpasswd
                usermod -aG sudo newbie
                # Debian's own rule for the group sudo, where the machine's sudoers lacks it; every sudo run logged.
                sudo -l -U newbie /usr/bin/make > /dev/null 2>&1 || printf '%%sudo ALL=(ALL:ALL) ALL\n' > /etc/sudoers.d/group-sudo
                printf 'Defaults logfile=/var/log/sudo.log, loglinelen=0\n' > /etc/sudoers.d/log-all
                chmod 440 /etc/sudoers.d/*
                # Swift on the user's PATH, as swift.org's instructions have it, and a prompt the terminal waits for.
                printf 'export PATH="%s:$PATH"\nPS1="refocus-newcomer\\$ "\n' "$(dirname "$(command -v swift)")" > "$WORK/home-newbie/.profile"
                chown newbie: "$WORK/home-newbie/.profile"
                # This machine's Swift packages come from a mirror of root's (/etc/gitconfig's insteadOf), which git
                # serves another user only as a safe directory; on a user's machine they come from GitHub.
                git config --system --add safe.directory '*'
                # What the real apt-get will install: packages the build needs, taken off in the overlay.
                dpkg --remove \#(Self.removedPackages.joined(separator: " ")) > "$WORK/dpkg-remove.log" 2>&1 \
                  || { cat "$WORK/dpkg-remove.log" >&2; exit 1; }
                echo "removed: $(dpkg-query -W -f='${Package} ${Status}\n' \#(Self.removedPackages.joined(separator: " ")) 2>/dev/null | grep -c 'install ok installed' || true) still installed"
                # A fresh clone, the user's (with the working tree's changes to tracked files, if any: the clone as it
                # will be once they are committed).
                C="$WORK/home-newbie/refocus"
                git -c safe.directory='*' clone -q "$REPO" "$C"
                git -c safe.directory='*' -C "$REPO" diff HEAD --binary > "$WORK/changes.diff"
                if [ -s "$WORK/changes.diff" ]; then git -C "$C" apply "$WORK/changes.diff"; fi
                chown -R newbie:newbie "$C"
                [ -e "$C/.build" ] || [ -e "$C/.build-static" ] || echo "nothing built yet"
                # Typed at the prompt of newbie's login shell: the README's command, then its status, then exit.
                printf 'cd refocus && %s\necho "exit status: $?"\nexit\n' "$COMMAND" > "$WORK/lines"
                echo "typed: cd refocus && $COMMAND"
                TERMINAL_PROMPT='refocus-newcomer$ ' TERMINAL_LINES="$(cat "$WORK/lines")" TERMINAL_SECONDS=1800 \
                  python3 "$WORK/terminal.py" Install-Pw-5 /bin/su --login newbie > "$WORK/transcript"
                grep -E '^(password prompts|first line.s wall time|terminal status):' "$WORK/transcript" || true
                grep -o 'exit status: [0-9]*' "$WORK/transcript" | tail -1 || true
                echo "--- transcript (the end)"
                grep -v '^\[[0-9]*/[0-9]*\] ' "$WORK/transcript" | tail -n 40
                echo "--- after"
                echo "sudo prompts in the transcript: $(grep -o '\[sudo\] password for newbie: ' "$WORK/transcript" | wc -l)"
                grep -o 'COMMAND=.*' /var/log/sudo.log | sed 's/^/sudo /' || true
                grep '^Commandline: ' /var/log/apt/history.log | sed 's/^/apt /' || echo "apt: no history"
                echo "installed again: $(dpkg-query -W -f='${Status}\n' \#(Self.removedPackages.joined(separator: " ")) | grep -c 'install ok installed')"
                find "$C" ! -user newbie -printf "not the user's: %P\n"
                stat -c 'built: %U %n' "$C/.build-static/release/refocus" "$C/.build-static/man/refocus.1" \
                  "$C/.build-static/man/refocus-helper.8" "$C/.build/nss/libnss_refocus.so.2" || true
                [ -e "$C/.build/release" ] && echo "a second release build in .build"
                # What the built refocus links: no libstdc++ beside it; no Foundation, ICU, TOMLKit or toml++ in it.
                echo "refocus needs: $(ldd "$C/.build-static/release/refocus" | awk '{print $1}' | grep -c 'libstdc++') libstdc++"
                echo "refocus holds: $(nm "$C/.build-static/release/refocus" | grep -cE '10Foundation|FoundationInternationalization|ucal_open|7TOMLKit|_ZN4toml') symbols of Foundation, ICU or TOMLKit"
                for file in /usr/bin/refocus /usr/libexec/refocus/refocus-helper; do
                  echo "installed: $file $(stat -c %s "$file") bytes, symbols: $(readelf -S --wide "$file" | grep -c ' \.symtab ')"
                done
                # The tests' hooks are compiled out of the release build: no test variable, no option for tests.
                echo "test variables in the helper: $(strings /usr/libexec/refocus/refocus-helper | grep -c REFOCUS_TEST_ || true)"
                status=0; as_user newbie /usr/libexec/refocus/refocus-helper run-hook start --time-limit 1 > /dev/null 2>&1 || status=$?
                echo "run-hook --time-limit: $status"
                groff -mandoc -Tutf8 -P-cbou /usr/share/man/man1/refocus.1 2> /dev/null | grep -m1 '^REFOCUS(1)' | sed 's/^/page: /' || true
                groff -mandoc -Tutf8 -P-cbou /usr/share/man/man8/refocus-helper.8 2> /dev/null | grep -m1 '^REFOCUS-HELPER(8)' | sed 's/^/page: /' || true
                grep -q '^complete .* refocus$' /usr/share/bash-completion/completions/refocus && echo "bash completes refocus"
                id -nG newbie | tr ' ' '\n' | grep -x refocus > /dev/null && echo "newbie is in the group refocus"
                module_state | grep -E '^(hosts line|check):' || true
                echo "--- enforced"
                echo "reddit.com: $(getent ahostsv4 reddit.com | awk 'NR == 1 {print $1}')"
                echo "www.facebook.com: $(getent ahostsv4 www.facebook.com | awk 'NR == 1 {print $1}')"
                nft list table inet refocus > "$WORK/table" 2>&1 || echo "nft list table: $? $(head -c 300 "$WORK/table")"
                grep -q '\#(Self.blockedPeer)' "$WORK/table" && echo "the table holds \#(Self.blockedPeer)"
                echo "blocked: $(connect \#(Self.blockedPeer))"
                echo "other: $(connect \#(Self.otherPeer))"
                as_user newbie /usr/bin/refocus status | grep -E '^(#1 |Enforced by)' || true
                echo "--- cleared"
                env -u SUDO_UID -u SUDO_GID -u SUDO_USER /usr/libexec/refocus/refocus-helper clear > /dev/null && echo "clear: 0"
                echo "tables after: [$(nft list tables 2>&1 | tr '\n' ' ')]"
                echo "reddit.com: $(getent ahostsv4 reddit.com | awk 'NR == 1 {print $1}')"
                cmp -s /etc/hosts "$WORK/hosts.before" && echo "hosts as before"
                """#, files: ["command": Array(command.utf8)])
        let output = run.stdout
        print("FreshCloneInstallTests, the README's first command for real:\n" + Self.summary(of: output))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(output.contains("removed: 0 still installed\n"), "\(output)")
        #expect(output.contains("nothing built yet\n"), "\(output)")
        #expect(output.contains("typed: cd refocus && \(command)\n"), "\(output)")
        #expect(output.contains("password prompts: 1\n"), "one prompt: \(output)")
        #expect(output.contains("exit status: 0\n"), "\(output)")
        #expect(output.contains("terminal status: 0\n"), "\(output)")
        #expect(output.contains("sudo prompts in the transcript: 1\n"), "\(output)")
        #expect(!output.contains("Install-Pw-5\n"), "the password is not echoed")
        let after = Self.section("after", of: output)
        // sudo ran make install, then the helper for refocus start (the group counts from the next login; sudo
        // remembered the password).
        let sudo = after.filter { $0.hasPrefix("sudo COMMAND=") }
        #expect(sudo.first == "sudo COMMAND=/usr/bin/make install", "\(output)")
        #expect(
            sudo.dropFirst().allSatisfy { $0.hasPrefix("sudo COMMAND=/usr/libexec/refocus/refocus-helper") },
            "\(output)")
        // The real apt-get installed what was missing, as root, and no test package.
        let apt = after.filter { $0.hasPrefix("apt Commandline: ") }
        #expect(
            apt.count == 1 && apt[0].contains("install") && Self.removedPackages.allSatisfy { apt[0].contains($0) },
            "\(output)")
        let installed = Set(apt.first.map { $0.split(separator: " ").map(String.init) } ?? [])
        #expect(
            !FreshCloneTools.testPackages.isEmpty && installed.isDisjoint(with: FreshCloneTools.testPackages),
            "no test package: \(apt)")
        #expect(output.contains("installed again: \(Self.removedPackages.count)\n"), "\(output)")
        // One release build, the user's: the man pages come from its binaries.
        #expect(!output.contains("not the user's: "), "\(output)")
        #expect(after.filter { $0.hasPrefix("built: newbie ") }.count == 4, "\(output)")
        #expect(!output.contains("a second release build"), "\(output)")
        for file in ["/usr/bin/refocus", "/usr/libexec/refocus/refocus-helper"] {
            #expect(
                after.contains { $0.hasPrefix("installed: \(file) ") && $0.hasSuffix("symbols: 0") },
                "stripped: \(output)")
        }
        #expect(output.contains("test variables in the helper: 0\n"), "\(output)")
        #expect(
            output.contains("run-hook --time-limit: \(ExitStatus.usage.rawValue)\n"),
            "a release helper has no option for tests: \(output)")
        #expect(output.contains("refocus needs: 0 libstdc++\n"), "\(output)")
        #expect(output.contains("refocus holds: 0 symbols of Foundation, ICU or TOMLKit\n"), "\(output)")
        // The issue's target for the installed status line and CLI: under 20 MB.
        let cli = after.first { $0.hasPrefix("installed: /usr/bin/refocus ") }
        let bytes = cli.flatMap { Int($0.split(separator: " ")[2]) }
        #expect(bytes.map { $0 < 20_000_000 } == true, "/usr/bin/refocus under 20 MB: \(cli ?? output)")
        let library = "/usr/lib/\(ResolverModule.multiarch)/libnss_refocus.so.2"
        for page in ["page: REFOCUS(1) ", "page: REFOCUS-HELPER(8) "] {
            #expect(after.contains { $0.hasPrefix(page) }, "the page renders: \(output)")
        }
        for fact in [
            "bash completes refocus", "newbie is in the group refocus",
            "check: True True \(library)",
            "reddit.com: 192.0.2.1", "www.facebook.com: 192.0.2.1", "the table holds \(Self.blockedPeer)",
            "blocked: refused", "other: connected", "clear: 0", "tables after: []", "reddit.com: \(Self.blockedPeer)",
            "hosts as before",
        ] {
            #expect(output.contains(fact + "\n"), "\(fact): \(output)")
        }
        #expect(output.contains("#1 social until"), "\(output)")
    }

    /// What CI shows of a run: the typed command, the prompts, the times, the sizes, the enforcement.
    static func summary(of output: String) -> String {
        let wanted = [
            "typed:", "password prompts:", "first line's wall time:", "exit status:", "terminal status:", "installed:",
            "refocus needs:", "refocus holds:", "test variables in the helper:", "run-hook --time-limit:",
            "sudo COMMAND", "apt Commandline", "#1 ", "Enforced by", "reddit.com:", "blocked:", "other:", "the table",
            "nft list table:", "tables after:",
        ]
        return output.split(separator: "\n").filter { line in wanted.contains { line.hasPrefix($0) } }
            .map { "  " + $0 }.joined(separator: "\n")
    }

    /// The lines after `--- NAME` up to the next `--- ` line.
    static func section(_ name: String, of output: String) -> [String] {
        let lines = output.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(of: "--- " + name) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.hasPrefix("--- ") })
    }
}

/// What the fresh-clone test needs beside the installation tests' tools.
enum FreshCloneTools {
    /// Why the fresh-clone test cannot run here, or nil.
    static let unavailableReason: String? =
        InstallTools.unavailableReason
        ?? ["/usr/bin/git", "/usr/bin/slirp4netns", "/usr/bin/apt-get", "/bin/su", "/usr/bin/readelf"].first {
            !FileManager.default.isExecutableFile(atPath: $0)
        }.map { "needs \($0) (make test installs slirp4netns; apt-get install git apt util-linux binutils)" }
        ?? (FileManager.default.fileExists(atPath: InstallTests.repository + "/.git")
            ? nil
            : "needs the sources as a git repository, to clone them")
        ?? (firstCommand == nil ? "README.md gives no line starting with 'sudo make install'" : nil)
        ?? (aptHosts.isEmpty ? "no apt source names a host in /etc/apt/sources.list{,.d}" : nil)

    /// The README's first command: its first line that starts with `sudo make install`.
    static let firstCommand: String? = {
        let readme = (try? String(contentsOfFile: InstallTests.repository + "/README.md", encoding: .utf8)) ?? ""
        return readme.split(separator: "\n").first { $0.hasPrefix("sudo make install") }.map(String.init)
    }()

    /// The Makefile's TEST_PACKAGES, which only `make test` installs.
    static let testPackages: Set<String> = {
        let makefile = (try? String(contentsOfFile: InstallTests.repository + "/Makefile", encoding: .utf8)) ?? ""
        guard let start = makefile.range(of: "\nTEST_PACKAGES ") else { return [] }
        // The variable's value, with its continuation lines.
        var value = ""
        for line in makefile[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            value += line.hasSuffix("\\") ? String(line.dropLast()) + " " : String(line)
            if !line.hasSuffix("\\") { break }
        }
        let words = value.split(separator: "=", maxSplits: 1).last?.split(whereSeparator: \.isWhitespace) ?? []
        return Set(words.map(String.init))
    }()

    /// The hosts the machine's apt sources and proxies name: the only names dnsmasq forwards.
    static let aptHosts: [String] = {
        var texts: [String] = []
        for path in ["/etc/apt/sources.list", "/etc/apt/apt.conf"] {
            texts.append((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
        }
        for folder in ["/etc/apt/sources.list.d", "/etc/apt/apt.conf.d"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                texts.append((try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? "")
            }
        }
        var hosts = Set<String>()
        for text in texts {
            var rest = Substring(text)
            while let scheme = rest.range(of: "://") {
                let after = rest[scheme.upperBound...]
                let host = after.prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
                if host.contains("."), host.contains(where: \.isLetter) { hosts.insert(String(host)) }
                rest = after
            }
        }
        return hosts.sorted()
    }()
}
