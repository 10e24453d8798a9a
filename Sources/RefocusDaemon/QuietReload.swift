/// When a change in the administrator's folders becomes a reload: once
/// the folders have been quiet for `quiet` (an editor's save, a fleet's
/// pull of several renames: one reload, not one per event), and, while
/// changes keep coming, no later than `maximumRestarts` quiet times after
/// the first (a writer that never stops does not hold the reload off for
/// ever). Pure: the daemon arms its reload timer with what `changed()`
/// answers and calls `fired()` when it goes off.
struct QuietReload {
    /// The quiet time after the last change.
    static let quiet: Duration = .milliseconds(500)
    /// How many times one pending reload's wait starts again before it is left to run.
    static let maximumRestarts = 10

    /// How many quiet times the pending reload's wait has started; zero when none is pending.
    private(set) var restarts = 0

    /// A change was seen: the delay to arm the reload timer with, or nil
    /// to leave it as it is (the pending reload has waited long enough).
    mutating func changed() -> Duration? {
        guard restarts < Self.maximumRestarts else { return nil }
        restarts += 1
        return Self.quiet
    }

    /// The reload timer went off: the next change starts a new wait.
    mutating func fired() {
        restarts = 0
    }
}
