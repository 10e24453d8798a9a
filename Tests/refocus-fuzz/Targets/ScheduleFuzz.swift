import Foundation
import RefocusCore
import RefocusPolicy

/// `AdministratorScheduleFiles.parse` (a file of /etc/refocus/schedules.d)
/// and the evaluation of what it accepts around both of Europe/Berlin's
/// clock changes: every session in force holds the instant, and the next
/// change comes after it.
enum ScheduleFuzz: FuzzTarget {
    static let name = "schedules"

    /// Just before the clock jumps forward (2026-03-29 01:00 UTC) and in the repeated hour (2026-10-25 00:30 UTC).
    static let instants = [Date(timeIntervalSince1970: 1_774_744_200), Date(timeIntervalSince1970: 1_792_888_200)]
    static let zone = LocalZone(TimeZone(identifier: "Europe/Berlin") ?? .gmt)
    static let lists: [BlockListName: BlockList] = {
        var lists: [BlockListName: BlockList] = [:]
        for (name, program) in [("games", "supertux2"), ("video", "mpv")] {
            guard let name = try? BlockListName(name), let program = try? ProgramName(program) else { continue }
            lists[name] = BlockList(name: name, programs: [program])
        }
        return lists
    }()
    static let targets = ScheduleTargets(uid: { _ in 1000 }, members: { _ in [1001] })

    static func fuzz(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self),
            let schedules = try? AdministratorScheduleFiles.parse(text, file: "fuzz.toml", lists: lists)
        else { return }
        let all = AdministratorSchedules(schedules)
        for now in instants {
            for session in all.inForce(at: now, zone: zone, targets: targets) {
                FuzzCheck.require(
                    session.start <= now && now < session.end, "\(session.name) in force holds the instant",
                    input: bytes)
            }
            if let next = all.nextChange(after: now, zone: zone) {
                FuzzCheck.require(next > now, "the next change comes after now", input: bytes)
            }
        }
    }
}
