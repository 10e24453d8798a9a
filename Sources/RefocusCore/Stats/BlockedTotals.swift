/// What sessions blocked: refused connection attempts and killed programs,
/// in all and per list.
///
/// A session's counts are not recorded per list, so each of its lists is
/// credited with all of them: a session of social and news that refused 10
/// connections adds 10 to each, and the lists' figures can add up to more
/// than the total. Sessions without recorded counts add nothing.
public struct BlockedTotals: Sendable, Equatable {
    /// All the sessions' counts.
    public var total: BlockedCounts
    /// Each list's: the counts of the sessions that blocked it.
    public var byList: [BlockListName: BlockedCounts]
    /// How many sessions had counts recorded.
    public var sessionsRecorded: Int

    /// The counts of `records`.
    public init(_ records: [FocusRecord]) {
        var total = BlockedCounts(attempts: 0, programsKilled: 0)
        var byList: [BlockListName: BlockedCounts] = [:]
        var recorded = 0
        for record in records {
            guard let counts = record.blocked else { continue }
            recorded += 1
            total.add(counts)
            for list in Set(record.lists) {
                byList[list, default: BlockedCounts(attempts: 0, programsKilled: 0)].add(counts)
            }
        }
        self.total = total
        self.byList = byList
        sessionsRecorded = recorded
    }
}

extension BlockedCounts {
    /// Adds `other`'s counts, saturating rather than overflowing.
    mutating func add(_ other: BlockedCounts) {
        let (attempts, overflow) = self.attempts.addingReportingOverflow(other.attempts)
        self.attempts = overflow ? .max : attempts
        programsKilled =
            programsKilled.addingReportingOverflow(max(0, other.programsKilled)).overflow
            ? .max : programsKilled + max(0, other.programsKilled)
    }
}
