/// The entries of a list that no session may block, and why: addresses
/// that `ProtectedAddresses` protects, and domains and paths under the
/// policy's `never_block`.
///
/// The user's side checks with what it knows: `refocus list add`, `edit`
/// and `import` refuse such entries as they enter a list (the built-in
/// protections and the policy where it can be read), and `refocus start`
/// skips them with a note (the system's protections of the moment too), so
/// that a list from before, or from another machine, still starts. The
/// helper checks again whatever it is sent: it never blocks them.
public struct UnblockableEntries: Sendable {
    /// One entry that can never be blocked, and why.
    public struct Finding: Sendable, Hashable, Encodable, CustomStringConvertible {
        /// The entry.
        public let entry: BlockEntry
        /// Why, naming the protection: `it is in 127.0.0.0/8 (loopback)`.
        public let reason: String

        /// `0.0.0.1: it is in 0.0.0.0/8 (this network)`.
        public var description: String { "\(entry): \(reason)" }
    }

    /// The names the policy never blocks.
    public let policy: Policy
    /// The addresses no session may block.
    public let protected: ProtectedAddresses

    /// The built-in protections, the policy's `never_block` and
    /// `never_block_addresses`, and `system` (what the machine reports, read
    /// by the caller; left out where the entry is to be kept for later).
    public init(policy: Policy, system: [ProtectedAddresses.Protection] = []) {
        self.policy = policy
        protected = ProtectedAddresses(policy: policy, system: system)
    }

    /// Why `entry` can never be blocked, or nil when a session may block it.
    public func reason(for entry: BlockEntry) -> String? {
        switch entry {
        case .domain(let name): reason(for: name)
        case .path(let path): reason(for: path.host)
        case .address(let range): reason(for: range)
        }
    }

    /// The entries among `entries` that can never be blocked, each once, sorted.
    public func findings(in entries: some Sequence<BlockEntry>) -> [Finding] {
        Set(entries).sorted().compactMap { entry in reason(for: entry).map { Finding(entry: entry, reason: $0) } }
    }

    /// `list` without the entries that can never be blocked, and those entries.
    public func filtering(_ list: BlockList) -> (list: BlockList, skipped: [Finding]) {
        let skipped = findings(in: list.entries)
        guard !skipped.isEmpty else { return (list, []) }
        var kept = list
        kept.entries.subtract(skipped.map(\.entry))
        return (kept, skipped)
    }

    /// The lines of `text` whose entry can never be blocked, each naming the
    /// entry, why, and the fix: what `refocus list edit` refuses.
    public func issues(in text: ListText<BlockEntry>) -> [ListLineIssue] {
        text.lines.enumerated().compactMap { index, line in
            guard let entry = line.item, let reason = reason(for: entry) else { return nil }
            return ListLineIssue(
                line: index + 1, text: String(line.text),
                reason: "\(entry) can never be blocked: \(reason); remove the line")
        }
    }

    private func reason(for name: DomainName) -> String? {
        guard let covering = policy.neverBlockName(covering: name) else { return nil }
        let place = "in never_block of the administrator's policy (\(Policy.path))"
        return covering == name.ascii ? "it is \(place)" : "it is under \(covering), \(place)"
    }

    private func reason(for range: AddressRange) -> String? {
        guard let protection = protected.protection(overlapping: range) else { return nil }
        if protection.range.first <= range.first, range.last <= protection.range.last {
            return protection.range.isSingleAddress ? "it is \(protection)" : "it is in \(protection)"
        }
        return "it overlaps \(protection)"
    }
}
