/// The administrator's caps on what sessions may block, so that one member
/// of the group `refocus` cannot exhaust the machine or cut off everyone:
/// totals per user and per machine, sessions per user, and how wide an
/// address range may be. Each field is a key of `/etc/refocus/policy.toml`
/// (see `PolicyKey`); a start that would pass one is refused with its name
/// and value (`SessionRules`).
public struct SessionCaps: Sendable, Equatable {
    /// Domains one user's active sessions may block together (`max_names_per_user`).
    public var namesPerUser = 50_000
    /// Addresses and ranges one user's active sessions may list together (`max_addresses_per_user`).
    public var addressesPerUser = 10_000
    /// Program names one user's active sessions may block together (`max_programs_per_user`).
    public var programsPerUser = 256
    /// Domains all active sessions may block together (`max_names_per_machine`).
    public var namesPerMachine = 100_000
    /// Addresses and ranges all active sessions may list together (`max_addresses_per_machine`).
    public var addressesPerMachine = 50_000
    /// Program names all active sessions may block together, over all owners (`max_programs_per_machine`).
    public var programsPerMachine = 1_024
    /// Active sessions one user may have at once (`max_sessions_per_user`).
    public var sessionsPerUser = 8
    /// The shortest prefix an IPv4 range may have once all listed ranges are
    /// merged: no merged range may hold more addresses than one such block (`min_prefix_ipv4`).
    public var minimumPrefixIPv4 = 16
    /// The same for IPv6 (`min_prefix_ipv6`).
    public var minimumPrefixIPv6 = 32
    /// The IPv4 address space all block sessions together may cover, as a
    /// prefix length: their ranges, merged, may hold at most as many
    /// addresses as one block of this length (`total_prefix_ipv4`). The
    /// default, a /10, is 2^22 addresses: 1/1024 of IPv4, 64 ranges of the
    /// widest /16 that `minimumPrefixIPv4` allows.
    public var totalPrefixIPv4 = 10
    /// The same for IPv6 (`total_prefix_ipv6`). The default, a /26, is 64
    /// ranges of the widest /32 that `minimumPrefixIPv6` allows: 2^38
    /// networks of 2^64 addresses, 1/2^23 of the global unicast space (2000::/3).
    public var totalPrefixIPv6 = 26
    /// Names (domains with their subdomains) that the /etc/hosts section may
    /// hold for all sessions together (`max_hosts_names_per_machine`): lists
    /// beyond it go to the resolver module's index only, and where the
    /// module is not in force a start that would pass it is refused.
    public var hostsNamesPerMachine = 1_000

    /// The defaults.
    public init() {}
}
