extension Duration {
    /// Whole milliseconds, rounded up so that a wait never ends early.
    package var roundedUpMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        return seconds * 1000 + (attoseconds + perMillisecond - 1) / perMillisecond
    }
}

extension Duration {
    /// `30 s`, `0.3 s`: seconds to a tenth, rounded up, for messages.
    package var secondsText: String {
        let (seconds, attoseconds) = components
        let perTenth: Int64 = 100_000_000_000_000_000
        let tenths = seconds * 10 + (attoseconds + perTenth - 1) / perTenth
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}
