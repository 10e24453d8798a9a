extension IPAddress {
    /// The next address of the same family, or `nil` for the family's last
    /// address (`255.255.255.255`, `ffff:…:ffff`): the end bound that
    /// half-open intervals (nftables interval sets) need after `last`.
    public var successor: IPAddress? {
        switch self {
        case .v4(let value):
            value == .max ? nil : .v4(value + 1)
        case .v6(let high, let low):
            if low != .max {
                .v6(high: high, low: low + 1)
            } else if high != .max {
                .v6(high: high + 1, low: 0)
            } else {
                nil
            }
        }
    }

    /// Whether this is an IPv4 address.
    public var isIPv4: Bool {
        if case .v4 = self { true } else { false }
    }
}
