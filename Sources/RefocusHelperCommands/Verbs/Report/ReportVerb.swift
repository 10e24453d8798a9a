import ArgumentParser
import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusPolicy

/// `refocus-helper report`: root's view of what the administrator set, per
/// user (`AdministratorReport`). For root itself only.
struct ReportVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Root only: per user, the administrator's sessions enforced, what they blocked, allowances used.",
        discussion: """
            For each user: the windows of /etc/refocus/schedules.d that bound them, when the \
            daemon enforced each, the connections it refused to them and their programs it \
            stopped, and the use per day of the daily allowances policy.toml sets \
            ([[allowance]]). Nothing of a user's own sessions or allowances. --since takes a day \
            (2026-11-01), today, yesterday or a time ago (7d, 36h).

            \(ExitStatus.helpLine(for: .helper, [.success], notes: [.notPermitted: "not root itself"]))
            """)

    @Option(help: "From when: YYYY-MM-DD, today, yesterday, or a time ago such as 7d or 36h.")
    var since = "7d"

    @Flag(help: "Answer in JSON: since, until, users (uid, name, schedules, allowances); see the man page.")
    var json = false

    func run() throws {
        try FleetVerb.requireRootItself()
        let now = Date(), zone = MachineTimeZone.current
        let start = try SinceDate.parse(since, now: now, timeZone: zone)
        let policy = try PolicyFile.load()
        let store = try SessionStore()
        // The policy's allowances and the schedules' only, by owner, with their daily lengths: a user's own
        // are theirs (and the store's day rows carry their own lengths, not the administrator's).
        var administered: [UInt32: [BlockListName: Int]] = [:]
        let schedules = (try? AdministratorScheduleFiles.loadInstalled(caps: policy.caps)) ?? AdministratorSchedules()
        for schedule in schedules.schedules {
            guard let seconds = schedule.allowanceSeconds else { continue }
            let targets = ScheduleTargets.system
            for uid in schedule.users.compactMap(targets.uid) + schedule.groups.flatMap(targets.members) {
                for list in schedule.lists { administered[uid, default: [:]][list.name] = seconds }
            }
        }
        // The policy's come first, as in the reconcile.
        for allowance in AdministeredAllowances.of(policy, owner: nil, at: now, zone: zone, uid: UserAccount.uid) {
            administered[allowance.owner, default: [:]][allowance.name] = allowance.allowance.dailySeconds
        }
        let owners = administered
        let (windows, waivers, use) = try store.read { transaction in
            let windows = try transaction.administeredWindows(since: start)
            let waivers = try transaction.administeredWaivers(since: start)
            var use: [UInt32: [AllowanceUseDay]] = [:]
            for (owner, lists) in owners {
                use[owner] = try transaction.allowanceUse(
                    owner: owner, today: zone.day(of: now), since: zone.day(of: start)
                ).compactMap { day in
                    lists[day.list].map {
                        AllowanceUseDay(list: day.list, day: day.day, usedSeconds: day.usedSeconds, dailySeconds: $0)
                    }
                }
            }
            return (windows, waivers, use.filter { !$0.value.isEmpty })
        }
        let report = AdministratorReport(
            since: start, until: now, windows: windows, waivers: waivers, allowances: use,
            name: { UserAccount.lookup(uid: $0)?.name })
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text(zone: zone))
        }
    }
}
