extension AddressIntervals {
    /// How many addresses the intervals of one family hold together; the
    /// whole IPv6 space, which does not fit, counts as `UInt128.max`.
    public func addressCount(ipv6 family: Bool) -> UInt128 {
        var total: UInt128 = 0
        for interval in family ? ipv6 : ipv4 {
            let (high, low) = interval.upperBound.offset(from: interval.lowerBound)
            let size = (UInt128(high) << 64 | UInt128(low)) &+ 1
            let (sum, overflow) = total.addingReportingOverflow(size)
            guard size != 0, !overflow else { return .max }
            total = sum
        }
        return total
    }
}
