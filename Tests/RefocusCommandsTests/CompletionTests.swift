import Foundation
import RefocusTestSupport
import Testing

/// `refocus --generate-completion-script bash|zsh|fish` (what `make completions`
/// writes): each script parses in its shell, and bash, driven as readline
/// drives it, completes commands and list names (the built-in ones and the
/// user's, asked of `refocus` itself).
@Suite struct CompletionTests {
    /// The script for `shell`, written to a file in the binary's home.
    static func script(_ refocus: Binary, _ shell: String) throws -> String {
        let run = try refocus("--generate-completion-script", shell)
        #expect(run.status == 0, "\(run.stderr)")
        return try refocus.write(run.stdout, to: "refocus." + shell)
    }

    /// Checks `path` with `shell -n`: parsed, not run.
    static func expectParses(_ shell: String, _ path: String) throws {
        let check = try Binary.execute(shell, ["-n", path])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(shell) -n: \(check.stderr)")
    }

    /// Sources the bash script and prints, per line of `lines` (words separated by
    /// spaces; a trailing space starts an empty word), the candidates bash offers.
    static func bashCompletions(_ refocus: Binary, script: String, lines: [String]) throws -> [String] {
        let driver = try refocus.write(
            #"""
            source "$1"; shift
            for line in "$@"; do
              read -r -a COMP_WORDS <<< "$line"
              [[ "$line" == *" " ]] && COMP_WORDS+=("")
              COMP_WORDS[0]="$REFOCUS"
              COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
              COMPREPLY=()
              _refocus refocus "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
              printf '%s\n' "$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')"
            done
            """#, to: "drive.bash")
        let run = try Binary.execute(
            "/bin/bash", [driver, script] + lines,
            environment: [
                "REFOCUS": Binary.buildDirectory + "/refocus",
                "XDG_CONFIG_HOME": refocus.home,
            ])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        return run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func bashCompletesCommandsOptionsAndListNames() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        #expect(try refocus("list", "create", "work").status == 0)
        let script = try Self.script(refocus, "bash")
        try Self.expectParses("/bin/bash", script)
        let completions = try Self.bashCompletions(
            refocus, script: script,
            lines: [
                "refocus st",
                "refocus -q st",
                "refocus list show w",
                "refocus list add ",
                "refocus start --list so",
                "refocus start -q --list ",
                "refocus stop --q",
                "refocus re",
                "refocus pause --",
                "refocus start --list social --long-break ",
                "refocus schedule ",
                "refocus schedule add @",
                "refocus schedule add @daily --list w",
                "refocus history --",
                "refocus history --csv --since ",
                "refocus wa",
                "refocus watch --",
                "refocus stats --",
                "refocus stats --by ",
                "refocus stats --weeks ",
                "refocus stats --since ",
            ])
        #expect(
            completions == [
                "start stats status stop",
                "start stats status stop",
                "work",
                "chat games news shopping social video work",
                "social",
                "chat games news shopping social video work",
                "--quiet",
                "resolve resume",
                "--help --json --quiet --version",
                "0 10m 15m 30m",
                "--help --version -h add list remove",
                "@daily @hourly @monthly @reboot @weekly @yearly",
                "work",
                "--all-machines --csv --help --json --limit --local --since --version",
                "30d 7d today yesterday",
                "watch",
                "--help --once --version",
                "--all-machines --by --help --json --since --version --weeks",
                "label list",
                "12 26 4",
                "30d 7d today yesterday",
            ])
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"),
            "needs zsh to check the zsh script (apt-get install zsh)"))
    func theZshScriptParsesAndAsksRefocusForListNames() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let script = try Self.script(refocus, "zsh")
        try Self.expectParses("/usr/bin/zsh", script)
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.hasPrefix("#compdef refocus"))
        #expect(text.contains("---completion start -- --list"))
        #expect(text.contains("---completion list show -- positional@0"))
        #expect(
            text.contains("_refocus_next()") && text.contains("_refocus_pause()") && text.contains("_refocus_resume()"),
            "the pace commands")
        #expect(text.contains("'--csv[") && text.contains("'--local["), "history's --csv and --local")
        #expect(text.contains("_refocus_stats()") && text.contains("___by=('label' 'list')"), "stats")
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"),
            "needs fish to check the fish script (apt-get install fish)"))
    func theFishScriptParsesAndAsksRefocusForListNames() throws {
        let refocus = try Binary()
        defer { refocus.cleanUp() }
        let script = try Self.script(refocus, "fish")
        try Self.expectParses("/usr/bin/fish", script)
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains("---completion start -- --list"))
        #expect(text.contains("---completion list show -- positional@0"))
        #expect(text.contains("-l 'quiet' -s 'q'"))
        #expect(text.contains("'next'") && text.contains("'pause'") && text.contains("'resume'"), "the pace commands")
        #expect(text.contains("-l 'csv'") && text.contains("-l 'local'"), "history's --csv and --local")
        #expect(text.contains("'stats'") && text.contains("-l 'weeks'") && text.contains("label list"), "stats")
    }
}
