extension IPAddress {
    /// Whether the firewall may block this address: false for the
    /// unspecified addresses (0.0.0.0, ::) that hosts files use to block,
    /// and for loopback (127.0.0.0/8, ::1), which the machine needs; also
    /// for their IPv4-mapped IPv6 forms (::ffff:127.0.0.1).
    public var isBlockable: Bool {
        switch self {
        case .v4(let value):
            return value != 0 && value >> 24 != 127
        case .v6(let high, let low):
            if high == 0 && low >> 32 == 0xffff { return IPAddress.v4(UInt32(truncatingIfNeeded: low)).isBlockable }
            return !(high == 0 && low <= 1)
        }
    }
}
