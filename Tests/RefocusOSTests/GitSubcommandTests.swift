import RefocusOS
import Testing

/// The command a git run's messages name: the subcommand, not `-C` (a sync
/// that timed out said "git -C did not finish").
@Suite struct GitSubcommandTests {
    @Test func theSubcommandIsNamedPastTheGlobalOptions() {
        #expect(GitCommand.subcommand(of: ["-C", "/clone", "fetch", "--quiet", "origin"]) == "fetch")
        let verify = ["-c", "core.hooksPath=/dev/null", "-C", "/c", "verify-commit", "x"]
        #expect(GitCommand.subcommand(of: verify) == "verify-commit")
        #expect(GitCommand.subcommand(of: ["--no-pager", "log"]) == "log")
        #expect(GitCommand.subcommand(of: ["init", "--quiet", "/c"]) == "init")
        #expect(GitCommand.subcommand(of: []) == "git")
    }
}
