/// How many queries one `DNSClient.resolve` call keeps in flight: a window
/// that grows by about one query per window of answers (additive
/// increase) up to the caller's `ceiling`, and halves when a query was lost
/// (multiplicative decrease), at most once per window of answers, since
/// the queries lost in one burst are one signal.
///
/// Why: a name server drops what overflows its socket. A local dnsmasq
/// lost some of 256 queries sent at once, and each lost query waited for
/// c-ares' retry (a quarter of the deadline, up to 1 s), so 256 in flight
/// took 1 s where 128 took 0.1 s. Starting at `DNSClient.defaultMaxInFlight`
/// and growing only while answers come, a larger ceiling is never a
/// burst the server cannot take; a ceiling at or under the default starts
/// (and, without losses, stays) at itself, as before.
struct InFlightLimit {
    /// The most the window may grow to: the caller's `maxInFlight`, at most
    /// `largestCeiling`.
    let ceiling: Int
    /// As many queries as a channel has identifiers for (a DNS id is 16 bits).
    static let largestCeiling = 65_536
    /// The window, fractional so that it grows by 1/window an answer.
    private(set) var window: Double
    /// Answers since the window last halved (counted from the start as a whole window).
    private var answersSinceDecrease: Int

    /// A window of `min(ceiling, start)` queries (at least 1), growing up to `ceiling`.
    init(ceiling: Int, start: Int) {
        self.ceiling = min(max(1, ceiling), Self.largestCeiling)
        window = Double(max(1, min(self.ceiling, start)))
        answersSinceDecrease = Int(window)
    }

    /// How many queries may be in flight now.
    var current: Int { Int(window) }

    /// A query was answered in time.
    mutating func answered() {
        answersSinceDecrease += 1
        window = min(Double(ceiling), window + 1 / window)
    }

    /// A query was lost (answered only after a retry, or never).
    mutating func lost() {
        guard answersSinceDecrease >= current else { return }
        answersSinceDecrease = 0
        window = max(1, (window / 2).rounded(.down))
    }
}
