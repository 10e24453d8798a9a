import Logging
import RefocusOS

/// The schedules' users and groups as uids (`ScheduleTargetsCache`): looked
/// up after each reload and every few minutes, never at every reconcile,
/// and never for longer than the cache's deadline.
extension Daemon {
    /// Refreshes the table when a reload expired it or it grew older than
    /// `ScheduleTargetsCache.maximumAge`; a lookup past the deadline is
    /// logged and the previous answer kept.
    func refreshTargets(sinceBoot: Duration) {
        let schedules = reconciler.schedules.schedules
        guard !schedules.isEmpty else { return }
        let refresh = host.targets.refreshIfStale(
            users: schedules.flatMap(\.users), groups: schedules.flatMap(\.groups), sinceBoot: sinceBoot)
        switch refresh {
        case .late:
            logger.warning(
                "the schedules' users and groups were not looked up within \(ScheduleTargetsCache.deadline); the previous answer is kept"
            )
        case .busy:
            logger.warning(
                "the last lookup of the schedules' users and groups has not returned; the previous answer is kept")
        case .resolved, nil:
            break
        }
    }
}
