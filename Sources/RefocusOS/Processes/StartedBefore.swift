import Glibc
import SystemPackage

/// Finds a user's running processes of some programs that started before a
/// file last changed: a browser that reads its policy file only as it
/// starts (Firefox) runs without the policy's latest rules until it starts
/// again. Reads only /proc files a user may read of their own processes.
///
/// Ages are compared rather than times: a process's start is known in
/// clock ticks after boot (/proc/PID/stat, field 22, on the boot-time
/// clock) and a file's change on the wall clock, so each becomes an age
/// against its own clock read now.
public enum StartedBefore {
    /// The names (the executable's file name, `/proc/PID/exe`) of the
    /// processes of real uid `uid` among `programs` that started before the
    /// newest change of `files` (those that exist); sorted, each once.
    /// Empty when none of the files exists.
    public static func programs(_ programs: Set<String>, ofUser uid: UInt32, before files: [String]) -> [String] {
        guard let fileAge = newestChangeAge(of: files) else { return [] }
        var found = Set<String>()
        for pid in ProcFile.processIDs() {
            guard let status = ProcFile.read(pid: pid, "status", singleRead: true),
                ProcFields.uids(status: status)?.real == uid,
                let link = ProcFile.link(pid: pid, "exe")
            else { continue }
            let path = ProcFields.executable(link: link)
            let name = String(decoding: path.split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)
            guard programs.contains(name), !found.contains(name),
                let stat = ProcFile.read(pid: pid, "stat", singleRead: true),
                let started = ProcFields.commAndStartTime(stat: stat)?.startTime,
                let age = processAge(startTicks: started), age > fileAge
            else { continue }
            found.insert(name)
        }
        return found.sorted()
    }

    /// Seconds since the newest change (mtime) of the files that exist; nil when none does.
    static func newestChangeAge(of files: [String]) -> Double? {
        let changes = files.compactMap { file -> timespec? in
            var status = stat()
            return stat(file, &status) == 0 ? status.st_mtim : nil
        }
        guard let newest = changes.map(seconds).max() else { return nil }
        return seconds(now(CLOCK_REALTIME)) - newest
    }

    /// Seconds since a process started `startTicks` clock ticks after boot.
    static func processAge(startTicks: UInt64) -> Double? {
        let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
        guard ticksPerSecond > 0 else { return nil }
        return seconds(now(CLOCK_BOOTTIME)) - Double(startTicks) / Double(ticksPerSecond)
    }

    private static func now(_ clock: clockid_t) -> timespec {
        var time = timespec()
        clock_gettime(clock, &time)
        return time
    }

    private static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }
}
