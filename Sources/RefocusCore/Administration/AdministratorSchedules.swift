#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The administrator's schedules, all files together, and what they put in
/// force: pure, so the daemon passes the instant, the zone and how to look
/// users and groups up.
public struct AdministratorSchedules: Sendable, Equatable {
    /// The schedules in the order read (files by name, tables in order).
    public var schedules: [AdministratorSchedule]

    /// These schedules.
    public init(_ schedules: [AdministratorSchedule] = []) {
        self.schedules = schedules
    }

    /// The sessions in force at `date` in `zone`, by name; a schedule that
    /// reaches no existing user then is left out, and so is one with an
    /// allowance (`allowancesInForce`: it blocks only once spent).
    public func inForce(at date: Date, zone: LocalZone, targets: ScheduleTargets) -> [ActiveAdministratorSession] {
        windows(at: date, zone: zone, targets: targets, allowances: false)
    }

    /// The windows in force at `date` of the schedules with an allowance,
    /// as sessions whose users each get the allowance over its lists
    /// (`AdministeredAllowances.ofSchedules`).
    public func allowancesInForce(at date: Date, zone: LocalZone, targets: ScheduleTargets)
        -> [(session: ActiveAdministratorSession, seconds: Int)]
    {
        let sessions = windows(at: date, zone: zone, targets: targets, allowances: true)
        return sessions.compactMap { session in
            schedules.first { $0.name == session.name }?.allowanceSeconds.map { (session, $0) }
        }
    }

    private func windows(at date: Date, zone: LocalZone, targets: ScheduleTargets, allowances: Bool)
        -> [ActiveAdministratorSession]
    {
        let instant = LocalZone.seconds(of: date)
        return schedules.filter { ($0.allowanceSeconds != nil) == allowances }.compactMap { schedule in
            guard let window = schedule.timing.window(at: instant, zone: zone) else { return nil }
            let uids = Set(schedule.users.compactMap(targets.uid) + schedule.groups.flatMap(targets.members))
            guard !uids.isEmpty else { return nil }
            return ActiveAdministratorSession(
                name: schedule.name, lists: schedule.lists, uids: uids.sorted(), lock: schedule.lock,
                start: Date(timeIntervalSince1970: Double(window.lowerBound)),
                end: Date(timeIntervalSince1970: Double(window.upperBound)))
        }.sorted { $0.name < $1.name }
    }

    /// The first instant strictly after `date` at which a window of any
    /// schedule starts or the window in force ends: when the daemon should
    /// look again. Nil when there are no schedules.
    public func nextChange(after date: Date, zone: LocalZone) -> Date? {
        let instant = LocalZone.seconds(of: date)
        let changes = schedules.flatMap { schedule in
            [
                schedule.timing.window(at: instant, zone: zone)?.upperBound,
                schedule.timing.nextStart(after: instant, zone: zone),
            ]
            .compactMap { $0 }.filter { $0 > instant }
        }
        return changes.min().map { Date(timeIntervalSince1970: Double($0)) }
    }
}
