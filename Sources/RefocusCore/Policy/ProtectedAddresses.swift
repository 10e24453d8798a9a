/// Addresses that no session may block, because other people and the
/// machine itself need them: loopback, this network (0.0.0.0/8), link-local,
/// multicast and broadcast, always; the administrator's
/// `never_block_addresses`; and what the system reports at the moment (the
/// name servers of resolv.conf, the default gateways, the machine's own
/// addresses). A start listing one of them is refused naming the
/// protection; addresses that blocked names resolve to are left out of the
/// firewall when protected, whenever the protection appears.
public struct ProtectedAddresses: Sendable, Equatable {
    /// One protected range and why it is protected.
    public struct Protection: Sendable, Equatable, CustomStringConvertible {
        /// The addresses.
        public let range: AddressRange
        /// Why: "loopback", "a name server in /etc/resolv.conf", ...
        public let reason: String

        /// A protection of `range` for `reason`.
        public init(_ range: AddressRange, _ reason: String) {
            self.range = range
            self.reason = reason
        }

        /// `127.0.0.0/8 (loopback)`.
        public var description: String { "\(range) (\(reason))" }
    }

    /// The reason given for the administrator's own ranges.
    public static let policyReason = "never_block_addresses in the administrator's policy"

    /// What is always protected, whatever the policy says.
    public static let builtIn: [Protection] = [
        ("0.0.0.0/8", "this network"), ("127.0.0.0/8", "loopback"), ("169.254.0.0/16", "link-local"),
        ("224.0.0.0/4", "multicast"), ("255.255.255.255", "broadcast"), ("::", "the unspecified address"),
        ("::1", "loopback"), ("fe80::/10", "link-local"), ("ff00::/8", "multicast"),
        ("::ffff:0:0/96", "IPv4-mapped addresses"),
    ].compactMap { text, reason in (try? AddressRange(parsing: text)).map { Protection($0, reason) } }

    /// Every protection, built-in ones first.
    public let protections: [Protection]
    /// Their addresses, merged.
    public let intervals: AddressIntervals

    /// The built-in protections, the policy's `never_block_addresses`, and
    /// `system` (name servers, gateways and own addresses, read by the caller).
    public init(policy: Policy, system: [Protection] = []) {
        protections = Self.builtIn + policy.neverBlockAddresses.map { Protection($0, Self.policyReason) } + system
        intervals = AddressIntervals(protections.map(\.range))
    }

    /// The first protection sharing an address with `range`, or nil.
    public func protection(overlapping range: AddressRange) -> Protection? {
        guard intervals.overlaps(range) else { return nil }
        return protections.first { $0.range.first <= range.last && range.first <= $0.range.last }
    }
}
