extension SessionLength {
    /// The longest loosening delay: a day (`PendingChange.maximumDelay`).
    public static let maximumDelay = SessionLength(seconds: PendingChange.maximumDelay)

    /// A loosening delay written as a length ("2m", "1h30m"): unlike a
    /// session, it may be nothing ("0s"), and it is at most a day.
    ///
    /// - Throws: `DurationError` naming the token and the fix; `tooLong` past a day.
    public static func parseDelay(_ text: String) throws(DurationError) -> SessionLength {
        let length = SessionLength(seconds: try SessionLengthParser(text: text).seconds())
        guard length <= maximumDelay else { throw .tooLong(length, maximum: maximumDelay) }
        return length
    }
}
