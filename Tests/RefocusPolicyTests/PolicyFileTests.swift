import Foundation
import RefocusCore
import RefocusPolicy
import Testing

/// The shipped `policy/policy.toml` and the `root_may_clear_locked` key,
/// read by the strict loader the helper uses.
struct PolicyFileTests {
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("policy/policy.toml").path

    @Test func theShippedPolicyLoadsAndStatesTheDefaults() throws {
        #expect(try PolicyFile.load(path: Self.shipped) == Policy())
    }

    @Test func theShippedPolicySetsAndDocumentsEveryKey() throws {
        let text = try String(contentsOfFile: Self.shipped, encoding: .utf8)
        for key in PolicyKey.allCases {
            let lines = text.split(separator: "\n")
            guard let index = lines.firstIndex(where: { $0.hasPrefix(key.rawValue + " = ") }) else {
                Issue.record("\(key.rawValue) is not set in policy/policy.toml")
                continue
            }
            #expect(index > 0 && lines[index - 1].hasPrefix("#"), "\(key.rawValue) has a comment above it")
        }
    }

    @Test(arguments: [("root_may_clear_locked = false", false), ("root_may_clear_locked = true", true), ("", true)])
    func rootMayClearLocked(text: String, expected: Bool) throws {
        #expect(try PolicyFile.parse(text, path: "policy.toml").rootMayClearLocked == expected)
    }

    @Test(arguments: [("block_doh_endpoints = false", false), ("block_doh_endpoints = true", true), ("", true)])
    func blockDoHEndpoints(text: String, expected: Bool) throws {
        #expect(try PolicyFile.parse(text, path: "policy.toml").enforcement.blockDoHEndpoints == expected)
    }

    @Test func aDoHChoiceThatIsNotABooleanIsRefused() {
        #expect(
            throws: PolicyError.invalid(
                path: "policy.toml", key: "block_doh_endpoints",
                reason: "give true or false, without quotes")
        ) {
            try PolicyFile.parse("block_doh_endpoints = \"off\"", path: "policy.toml")
        }
    }

    @Test(arguments: ["root_may_clear_locked = \"no\"", "root_may_clear_locked = 0"])
    func aClearPolicyThatIsNotABooleanIsRefused(text: String) {
        #expect(
            throws: PolicyError.invalid(
                path: "policy.toml", key: "root_may_clear_locked",
                reason: "give true or false, without quotes")
        ) {
            try PolicyFile.parse(text, path: "policy.toml")
        }
    }

    @Test(arguments: [
        ("browser_doh = \"off\"", BrowserDoH.off), ("browser_doh = \"leave\"", .leave),
        ("browser_doh = \"session\"", .session), ("", .session),
    ])
    func browserDoh(text: String, expected: BrowserDoH) throws {
        #expect(try PolicyFile.parse(text, path: "policy.toml").browsers.doh == expected)
    }

    @Test(arguments: [("exec_permission = false", false), ("exec_permission = true", true), ("", true)])
    func execPermission(text: String, expected: Bool) throws {
        #expect(try PolicyFile.parse(text, path: "policy.toml").enforcement.refuseExecs == expected)
    }

    @Test(arguments: [("browser_allowlist = false", false), ("browser_allowlist = true", true), ("", false)])
    func browserAllowlist(text: String, expected: Bool) throws {
        #expect(try PolicyFile.parse(text, path: "policy.toml").browsers.allowlist == expected)
    }

    @Test func aBrowserAllowlistThatIsNotABooleanIsRefused() {
        #expect(
            throws: PolicyError.invalid(
                path: "policy.toml", key: "browser_allowlist",
                reason: "give true or false, without quotes")
        ) {
            try PolicyFile.parse("browser_allowlist = \"no\"", path: "policy.toml")
        }
    }

    @Test(arguments: ["browser_doh = \"always\"", "browser_doh = false"])
    func anUnknownBrowserDohIsRefused(text: String) {
        #expect(
            throws: PolicyError.invalid(
                path: "policy.toml", key: "browser_doh",
                reason: "give \"off\" (always), \"session\" (during sessions, the default) "
                    + "or \"leave\" (never), in quotes")
        ) {
            try PolicyFile.parse(text, path: "policy.toml")
        }
    }

    @Test(arguments: [
        (
            "per_user_fallback = \"machine\"\nuser_sessions = \"owner\"",
            PerUserChoices(fallback: .machine, userSessions: .owner)
        ),
        ("", PerUserChoices(fallback: .refuse, userSessions: .machine)),
    ])
    func perUserChoices(text: String, expected: PerUserChoices) throws {
        #expect(try PolicyFile.parse(text, path: "policy.toml").perUser == expected)
    }

    @Test(arguments: [
        ("per_user_fallback = \"hosts\"", "per_user_fallback"), ("user_sessions = true", "user_sessions"),
    ])
    func aPerUserChoiceOutsideItsWordsIsRefusedNamingThem(text: String, key: String) {
        do {
            _ = try PolicyFile.parse(text, path: "policy.toml")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains("policy.toml") && error.description.contains(key))
            #expect(error.description.contains("in quotes"))
        }
    }

    @Test func aMisspelledKeyNamesEveryKey() {
        #expect(
            throws: PolicyError.invalid(
                path: "policy.toml", key: "root_may_clear_lock",
                reason: "unknown key; the keys are max_session, min_session, "
                    + "hosts_only_above, subdomains, resolve_timeout_ms, never_block, "
                    + "root_may_clear_locked, block_doh_endpoints, exec_permission, nftables_table, "
                    + "never_block_addresses, max_names_per_user, "
                    + "max_addresses_per_user, max_programs_per_user, max_names_per_machine, "
                    + "max_addresses_per_machine, max_programs_per_machine, "
                    + "max_sessions_per_user, min_prefix_ipv4, min_prefix_ipv6, "
                    + "total_prefix_ipv4, total_prefix_ipv6, max_hosts_names_per_machine, "
                    + "per_user_fallback, user_sessions, browser_doh, browser_allowlist, emergency_exit, emergency_delay, emergency_per_week, "
                    + "min_delay, allowance_site_step, allowance")
        ) {
            try PolicyFile.parse("root_may_clear_lock = false", path: "policy.toml")
        }
    }

    @Test(arguments: [("nftables_table = \"refocus_t42\"", "refocus_t42"), ("", "refocus")])
    func theTableNameIsTheDefaultOrTheOneGiven(text: String, expected: String) throws {
        #expect(try PolicyFile.parse(text, path: "policy.toml").nftablesTable == expected)
    }

    @Test(arguments: [
        "nftables_table = \"Refocus\"", "nftables_table = \"9lives\"", "nftables_table = \"a-b\"",
        "nftables_table = \"\"", "nftables_table = \"\(String(repeating: "a", count: 33))\"",
        "nftables_table = 7",
    ])
    func aTableNameThatNftCouldMisreadIsRefused(text: String) {
        #expect(throws: PolicyError.self) { try PolicyFile.parse(text, path: "policy.toml") }
    }

    /// A policy that is not TOML is refused whole with its line, never partly read. Among these,
    /// found by fuzzing: TOMLKit's parser (used before our reader) aborted the helper on a header
    /// that names no table, an array element that starts with `}` and a malformed date, and
    /// stopped reading at a NUL byte without a word, dropping the keys after it (here a cap).
    @Test(arguments: [
        ("[=]", 1, "a table header needs a name, such as [name] or [[name]]; found '='"),
        ("max_session = \"1h\"\n[[[x]]]\n", 2, "a table header needs a name, such as [name] or [[name]]; found '['"),
        ("[ #\n", 1, "a table header needs a name, such as [name] or [[name]]; found '#'"),
        (
            "hosts_only_above = 10 \u{0}\nmax_sessions_per_user = 1\n", 1,
            "expected the end of the line after the value of hosts_only_above, found a NUL byte"
        ),
        (
            "never_block = [\"example.com\", }]\n", 1,
            "expected a value (a string in quotes, a number, true, false, an array or an inline table), found '}'"
        ),
        (
            "min_session = 1979-05-27T&7\n", 1,
            "'1979-05-27T' is not a date or a time as TOML writes them: YYYY-MM-DD, "
                + "HH:MM:SS (with an optional fraction), or YYYY-MM-DDTHH:MM:SS with an optional Z or ±HH:MM"
        ),
        ("max_session = \"1h\"\nmax_session = \"2h\"\n", 2, "a key is defined twice: max_session (first on line 1)"),
    ])
    func aTextThatIsNotTOMLIsRefusedWithItsLine(text: String, line: Int, reason: String) {
        #expect(
            throws: PolicyError.invalid(
                path: "policy.toml", key: nil, reason: "not valid TOML: line \(line): \(reason)")
        ) {
            try PolicyFile.parse(text, path: "policy.toml")
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(
            throws: PolicyError.invalid(
                path: "policy.toml", key: nil,
                reason: "not valid TOML: line 1: bytes that are not UTF-8 text; save the file as UTF-8")
        ) {
            try PolicyFile.parse(
                Array("never_block = [\"exa".utf8) + [0xC3, 0x28] + Array("mple.com\"]\n".utf8), path: "policy.toml")
        }
    }
}
