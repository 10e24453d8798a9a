import Foundation
import Glibc
import RefocusCore
import RefocusOS
import RefocusFeatures

/// A user's crontab in the spool, to which `refocus schedule add` (the real
/// CLI, run once as the user: `command`) adds our section. The killed writes
/// are the CLI's own `UserCrontab.write` of that crontab, in a fork that
/// became the user, through crontab(1); the whole process group is killed,
/// crontab with it. After a kill the crontab is the old or the new one, and
/// its section reads.
struct CrontabScenario: CrashScenario {
    let file: String
    /// The crontab as the harness found it (nil: the user had none), with its mode and owner.
    let original: FileSnapshot
    /// What `refocus schedule add` made of it, as crontab(1) is given it.
    let added: [UInt8]
    /// The user, and their group.
    let user: (uid: uid_t, gid: gid_t)
    var name: String { "crontab" }
    var directions: [Direction] { [.into] }

    init(spoolFile: String, command: [String]) throws {
        file = spoolFile
        original = try FileSnapshot(of: spoolFile)
        guard let account = getpwuid(original.owner), original.bytes != nil else {
            throw HarnessError("\(spoolFile): no crontab of a known user to add to")
        }
        user = (original.owner, account.pointee.pw_gid)
        let first = try KilledChild(work: .program(command)).run(killingAfter: nil)
        guard first.end == .finished(0), let bytes = try FileSnapshot(of: spoolFile, skippingLines: 3).bytes else {
            throw HarnessError("\(command.joined(separator: " ")): \(first.end)")
        }
        added = bytes
    }

    /// Without the three lines crontab(1) writes above the user's own, which name its
    /// temporary file and the time it installed the crontab.
    func snapshot() throws -> FileSnapshot {
        try FileSnapshot(of: file, skippingLines: 3)
    }

    func work(_: Direction) -> KilledChild.Work {
        .call { [added, user] in
            guard setgroups(0, nil) == 0, setgid(user.gid) == 0, setuid(user.uid) == 0 else {
                throw HarnessError("become \(user.uid): errno \(errno)")
            }
            try UserCrontab.write(added)
        }
    }

    func prepare(_: Direction) throws {
        try Leftovers.put(original.bytes, at: file, mode: original.mode, owner: (original.owner, original.group))
        // crontab(1)'s own temporaries in the spool (tmp.XXXXXX), which a kill can leave: not ours to keep.
        let folder = AtomicFile.parentDirectory(of: file)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix("tmp.") {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    func leftovers() -> [String] {
        []
    }

    /// The next `refocus schedule` reads the section: it must parse.
    func converge(_: Direction, expected _: FileSnapshot) throws -> FileSnapshot? {
        let bytes = try snapshot().bytes ?? []
        do {
            _ = try ScheduleTable(crontab: bytes)
        } catch {
            throw HarnessError("the crontab's section does not read after the kill: \(error)")
        }
        return nil
    }
}
