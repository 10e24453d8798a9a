/// The recap as one line for people: `Today: 1h12m of focus; streak: 4 days.`,
/// then `Milestone: 7 days in a row!` when one was just reached. Used by
/// `refocus stop` and the end notification.
public enum FocusRecapText {
    /// The line for `recap`.
    public static func line(_ recap: FocusRecap) -> String {
        let today = SessionLength(seconds: recap.todaySeconds)
        let streak =
            recap.streak == 0 ? "no streak yet" : "streak: \(recap.streak) day" + (recap.streak == 1 ? "" : "s")
        return "Today: \(today) of focus; \(streak)."
            + (recap.milestoneReached.map { " Milestone: \($0) days in a row!" } ?? "")
    }
}
