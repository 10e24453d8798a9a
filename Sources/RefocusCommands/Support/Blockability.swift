import RefocusCore
import RefocusOS
import RefocusPolicy

/// What the user's side knows no session may block (`UnblockableEntries`):
/// the built-in protected addresses, and the administrator's `never_block`
/// and `never_block_addresses` when /etc/refocus/policy.toml can be read
/// (it is world-readable as installed). A missing, unreadable or invalid
/// policy leaves the built-in protections alone; the helper, which reads
/// the policy itself, stays the authority.
enum Blockability {
    /// For entries entering a list (`list add`, `edit`, `import`): what is
    /// known whatever the machine's network, so a list that syncs to
    /// another machine is not judged by this one's addresses.
    static func atEntry() -> UnblockableEntries {
        UnblockableEntries(policy: readablePolicy())
    }

    /// For `start`: also the name servers, gateways and addresses this
    /// machine has now (`SystemProtections`).
    static func atStart() -> UnblockableEntries {
        UnblockableEntries(policy: readablePolicy(), system: SystemProtections.read())
    }

    /// The administrator's policy as far as it can be read, else the default.
    static func readablePolicy() -> Policy {
        (try? PolicyFile.load()) ?? Policy()
    }

    /// Prints why each of `entries` that can never be blocked cannot be, and
    /// throws `ListChangeError.unblockable` when there is any.
    static func refuseUnblockable(_ entries: some Sequence<BlockEntry>) throws {
        let findings = atEntry().findings(in: entries)
        guard !findings.isEmpty else { return }
        for finding in findings {
            Console.error("\(finding.entry) can never be blocked: \(finding.reason); leave it out")
        }
        throw ListChangeError.unblockable(count: findings.count)
    }
}
