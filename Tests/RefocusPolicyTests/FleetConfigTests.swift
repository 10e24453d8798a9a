import RefocusPolicy
import Testing

/// `/etc/refocus/fleet.toml`, read strictly: the keys it may hold, the
/// values each takes, and a message naming each mistake and its fix.
struct FleetConfigTests {
    static func parse(_ text: String) throws(FleetConfigError) -> FleetConfig {
        try FleetConfig.parse(Array(text.utf8), path: "fleet.toml")
    }

    static let signers = #"allowed_signers = "/etc/refocus/fleet-allowed-signers""#

    @Test(arguments: [
        "https://git.example.org/fleet/policy.git", "ssh://git@example.org/fleet.git", "git://example.org/f.git",
        "file:///srv/fleet.git", "/srv/fleet.git", "git@example.org:fleet/policy.git",
    ])
    func aRemoteOfAnAllowedFormIsRead(remote: String) throws {
        let config = try Self.parse("remote = \"\(remote)\"\n\(Self.signers)\n")
        #expect(
            config == FleetConfig(remote: remote, branch: "main", allowedSigners: "/etc/refocus/fleet-allowed-signers"))
    }

    @Test func theBranchIsRead() throws {
        #expect(
            try Self.parse("remote = \"/srv/f.git\"\nbranch = \"lab/policy\"\n\(Self.signers)\n").branch == "lab/policy"
        )
    }

    @Test(arguments: [
        ("ext::sh -c touch% /tmp/pwned", "remote"), ("-uhelp", "remote"), ("", "remote"), ("relative/path", "remote"),
        ("https://example.org/a b", "remote"),
    ])
    func aRemoteGitWouldRunACommandForOrCannotUseIsRefused(remote: String, key: String) {
        #expect(throws: (any Error).self) { try Self.parse("remote = \"\(remote)\"\n\(Self.signers)\n") }
        do {
            _ = try Self.parse("remote = \"\(remote)\"\n\(Self.signers)\n")
        } catch {
            #expect(error.description.hasPrefix("fleet.toml: '\(key)': give an https://"), "\(error)")
        }
    }

    @Test(arguments: ["-delete", "../main", "a..b", "main.lock", "", "a b", "/main", "main/"])
    func aBranchThatIsNotAPlainNameIsRefused(branch: String) {
        #expect(throws: FleetConfigError.self) {
            try Self.parse("remote = \"/srv/f.git\"\nbranch = \"\(branch)\"\n\(Self.signers)\n")
        }
    }

    @Test(arguments: ["fleet-allowed-signers", "/etc/refocus/../shadow", ""])
    func anAllowedSignersPathThatIsNotAbsoluteAndPlainIsRefused(path: String) {
        #expect(throws: FleetConfigError.self) {
            try Self.parse("remote = \"/srv/f.git\"\nallowed_signers = \"\(path)\"\n")
        }
    }

    @Test func everyMistakeIsNamedWithItsFix() {
        let cases: [(String, String)] = [
            (
                "remote = \"/srv/f.git\"\n",
                "fleet.toml: 'allowed_signers': missing; add a line such as allowed_signers = "
            ),
            (Self.signers + "\n", "fleet.toml: 'remote': missing; add a line such as remote = \"https://"),
            (
                "remote = \"/srv/f.git\"\n\(Self.signers)\nremotes = \"x\"\n",
                "fleet.toml: 'remotes': unknown key; the keys are remote, branch, allowed_signers"
            ),
            ("remote = 5\n\(Self.signers)\n", "fleet.toml: 'remote': give a string in quotes, such as remote = "),
            ("remote = \n", "fleet.toml: not valid TOML: line 1"),
        ]
        for (text, message) in cases {
            do {
                _ = try Self.parse(text)
                Issue.record("\(text) was read")
            } catch {
                #expect(error.description.hasPrefix(message), "\(error)")
            }
        }
    }
}
