/// A day written `YYYY-MM-DD`, as `LocalDay.description` writes it and the
/// store keys a day's allowance use.
extension LocalDay {
    /// The day `text` names: exactly four, two and two ASCII digits joined
    /// by `-`, a day of the calendar (not `2026-02-30`, not year 0); nil otherwise.
    public init?(text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isWholeNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        let local = LocalDay(year: year, month: month, day: day)
        guard year > 0, local.civil == (year, month, day) else { return nil }
        self = local
    }
}
