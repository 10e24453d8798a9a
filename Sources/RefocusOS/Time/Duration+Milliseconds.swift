extension Duration {
    /// Whole milliseconds, rounded up so that a wait never ends early.
    package var roundedUpMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        return seconds * 1000 + (attoseconds + perMillisecond - 1) / perMillisecond
    }
}
