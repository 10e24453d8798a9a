import Testing
@testable import RefocusCore

/// Which entries no session may block, and why (`UnblockableEntries`): the
/// built-in protected addresses, the policy's `never_block` and
/// `never_block_addresses`, and the system's addresses when given.
@Suite struct UnblockableEntriesTests {
    /// never_block = ["corp.example"], never_block_addresses = ["203.0.113.0/24"].
    static func policy() throws -> Policy {
        var policy = Policy()
        policy.neverBlock = [try DomainName(validating: "corp.example")]
        policy.neverBlockAddresses = [try AddressRange(parsing: "203.0.113.0/24")]
        return policy
    }

    static let system = [
        ("192.0.2.53", "a name server in /etc/resolv.conf"), ("10.9.8.1", "a default gateway"),
    ].compactMap { text, reason in (try? AddressRange(parsing: text)).map { ProtectedAddresses.Protection($0, reason) }
    }

    static let policyNames = "in never_block of the administrator's policy (/etc/refocus/policy.toml)"
    static let policyAddresses = "(never_block_addresses in the administrator's policy)"

    @Test(
        arguments: [
            // entry, why at entry (built-in and policy), why at start (the system's addresses too); nil: blockable
            ("0.0.0.1", "it is in 0.0.0.0/8 (this network)", nil),
            ("0.0.0.0", "it is in 0.0.0.0/8 (this network)", nil),
            ("127.0.0.1", "it is in 127.0.0.0/8 (loopback)", nil),
            ("127.0.0.0/8", "it is in 127.0.0.0/8 (loopback)", nil),
            ("126.0.0.0/7", "it overlaps 127.0.0.0/8 (loopback)", nil),
            ("169.254.169.254", "it is in 169.254.0.0/16 (link-local)", nil),
            ("224.0.0.251", "it is in 224.0.0.0/4 (multicast)", nil),
            ("255.255.255.255", "it is 255.255.255.255 (broadcast)", nil),
            ("::", "it is :: (the unspecified address)", nil),
            ("::1", "it is ::1 (loopback)", nil),
            ("fe80::1", "it is in fe80::/10 (link-local)", nil),
            ("ff02::1", "it is in ff00::/8 (multicast)", nil),
            ("::ffff:10.0.0.1", "it is in ::ffff:0.0.0.0/96 (IPv4-mapped addresses)", nil),
            ("203.0.113.9", "it is in 203.0.113.0/24 \(policyAddresses)", nil),
            ("203.0.112.0/23", "it overlaps 203.0.113.0/24 \(policyAddresses)", nil),
            ("corp.example", "it is \(policyNames)", nil),
            ("mail.corp.example", "it is under corp.example, \(policyNames)", nil),
            ("corp.example/login", "it is \(policyNames)", nil),
            ("sso.mail.corp.example/a/b", "it is under corp.example, \(policyNames)", nil),
            // Known only at start: what this machine has now.
            ("192.0.2.53", nil, "it is 192.0.2.53 (a name server in /etc/resolv.conf)"),
            ("10.9.8.0/24", nil, "it overlaps 10.9.8.1 (a default gateway)"),
            // Blockable.
            ("notcorp.example", nil, nil), ("corp.example.org", nil, nil), ("1.0.0.0", nil, nil),
            ("192.0.2.1", nil, nil), ("100::1", nil, nil), ("2001:db8::/32", nil, nil), ("10.0.0.0/16", nil, nil),
        ] as [(String, String?, String?)])
    func whyAnEntryCanNeverBeBlocked(text: String, atEntry: String?, atStart: String?) throws {
        let entry = try BlockEntry(parsing: text)
        let policy = try Self.policy()
        #expect(UnblockableEntries(policy: policy).reason(for: entry) == atEntry, "\(text)")
        #expect(
            UnblockableEntries(policy: policy, system: Self.system).reason(for: entry) == atStart ?? atEntry, "\(text)")
    }

    @Test func withTheDefaultPolicyOnlyTheBuiltInProtectionsCount() throws {
        let check = UnblockableEntries(policy: Policy())
        #expect(check.reason(for: try BlockEntry(parsing: "corp.example")) == nil)
        #expect(check.reason(for: try BlockEntry(parsing: "203.0.113.9")) == nil)
        #expect(check.reason(for: try BlockEntry(parsing: "0.0.0.1")) != nil)
    }

    @Test func filteringKeepsTheRestOfTheListAndItsPrograms() throws {
        let entries = try ["a.example", "0.0.0.1", "corp.example", "198.51.100.0/24", "::1"].map {
            try BlockEntry(parsing: $0)
        }
        let list = BlockList(
            name: try BlockListName("ads"), entries: Set(entries), programs: [try ProgramName("steam")])
        let (kept, skipped) = UnblockableEntries(policy: try Self.policy()).filtering(list)
        #expect(kept.name == list.name && kept.programs == list.programs)
        #expect(kept.entries.map(\.description).sorted() == ["198.51.100.0/24", "a.example"])
        #expect(
            skipped.map(\.description) == [
                "corp.example: it is \(Self.policyNames)", "0.0.0.1: it is in 0.0.0.0/8 (this network)",
                "::1: it is ::1 (loopback)",
            ], "sorted as lists are: domains, then addresses")
        let clean = BlockList(name: list.name, entries: [try BlockEntry(parsing: "a.example")])
        #expect(UnblockableEntries(policy: Policy()).filtering(clean) == (clean, []))
    }

    @Test func findingsNameEachEntryOnce() throws {
        let entries = try ["0.0.0.1", "a.example", "0.0.0.1", "0.0.0.2"].map { try BlockEntry(parsing: $0) }
        #expect(
            UnblockableEntries(policy: Policy()).findings(in: entries).map(\.entry.description) == [
                "0.0.0.1", "0.0.0.2",
            ])
    }

    @Test func theLinesOfAListTextAreNamedWithTheirNumbers() throws {
        let text = try ListText<BlockEntry>(
            parsing: "# mine\na.example\n\n127.0.0.1 # old\nmail.corp.example\n", source: "work")
        let issues = UnblockableEntries(policy: try Self.policy()).issues(in: text)
        #expect(
            issues == [
                ListLineIssue(
                    line: 4, text: "127.0.0.1 # old",
                    reason: "127.0.0.1 can never be blocked: it is in 127.0.0.0/8 (loopback); remove the line"),
                ListLineIssue(
                    line: 5, text: "mail.corp.example",
                    reason: "mail.corp.example can never be blocked: it is under corp.example, \(Self.policyNames); "
                        + "remove the line"),
            ])
    }

    @Test func theNeverBlockNameCoveringADomain() throws {
        let policy = try Self.policy()
        #expect(policy.neverBlockName(covering: try DomainName(validating: "a.b.corp.example")) == "corp.example")
        #expect(policy.neverBlockName(covering: try DomainName(validating: "corp.example")) == "corp.example")
        #expect(policy.neverBlockName(covering: try DomainName(validating: "xcorp.example")) == nil)
        #expect(Policy().neverBlockName(covering: try DomainName(validating: "corp.example")) == nil)
    }
}
