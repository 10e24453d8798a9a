import CLinux
import Glibc
import RefocusCore
import RefocusOS
import RefocusPlanning

/// Reads what a process shows of the app it belongs to (`AppFacts`) from
/// /proc/PID: its cgroup, the `name=` of the `/.flatpak-info` in its root
/// (a Flatpak sandbox's), its `APPIMAGE` variable, its executable, and the
/// app id of the Steam launch (`reaper SteamLaunch AppId=N`) among its
/// first 32 ancestors. Only for owners whose rules name apps, and only the
/// facts their apps need (the exec guard reads them at every exec of such
/// an owner that no name matched); every read is capped and never waits
/// long (the /proc files with `O_NONBLOCK`; cmdline and environ, which the
/// kernel copies from the process's memory, with a deadline through
/// `ProcessMemoryRead`; the one in the process's root through
/// `UntrustedFile`), and a file that cannot be read leaves its fact out.
public enum AppFactsReader {
    /// How many ancestors are looked at for Steam's reaper.
    static let ancestors = 32

    /// The facts of `pid` that `apps` need (all of them when `apps` is
    /// nil), with its executable's path and its real uid (`owner`) if already read.
    public static func read(
        pid: Int32, for apps: [AppIdentity]? = nil, executable: [UInt8]? = nil,
        owner: UInt32? = nil
    ) -> AppFacts {
        func needs(_ kind: (AppIdentity) -> Bool) -> Bool { apps?.contains(where: kind) ?? true }
        let flatpak = needs { if case .flatpak = $0 { true } else { false } }
        let snap = needs { if case .snap = $0 { true } else { false } }
        let appImage = needs { if case .appImage = $0 { true } else { false } }
        let steam = needs { $0 == .steamGame || { if case .steamApp = $0 { true } else { false } }($0) }
        return AppFacts(
            cgroup: flatpak || snap ? ProcFile.read(pid: pid, "cgroup", limit: 16 * 1024) ?? [] : [],
            flatpakApp: flatpak ? flatpakApp(pid) : nil,
            appImage: appImage ? variable("APPIMAGE", of: pid, owner: owner) : nil,
            executable: appImage ? executable ?? ProcFile.link(pid: pid, "exe") : executable,
            steamApp: steam ? steamApp(above: pid) : nil)
    }

    /// `name=` in the [Application] group of /proc/PID/root/.flatpak-info,
    /// read without waiting on anything the process's user controls
    /// (`UntrustedFile`): their root may hold a FIFO, a FUSE file or a huge
    /// file under that name, and this runs on the daemon's loop and in the
    /// exec guard's thread.
    static func flatpakApp(_ pid: Int32) -> String? {
        guard let bytes = try? flatpakInfo(pid).get() else { return nil }
        let prefix = Array("name=".utf8)
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.starts(with: prefix) {
            return String(decoding: line.dropFirst(prefix.count), as: UTF8.self)
        }
        return nil
    }

    /// The bytes of /proc/PID/root/.flatpak-info, at most 16 KiB, or why not.
    static func flatpakInfo(_ pid: Int32) -> Result<[UInt8], UntrustedFile.Refusal> {
        // The magic link leads to the process's root folder; nothing in it is looked up yet.
        let root: Int32
        switch syscall({ open("/proc/\(pid)/root", refocus_o_path | O_DIRECTORY | O_CLOEXEC) }) {
        case .success(let opened): root = opened
        case .failure(let errno): return .failure(.failed(errno))
        }
        defer { close(root) }
        return UntrustedFile.read(".flatpak-info", in: root, mounts: .seen(by: pid), limit: 16 * 1024)
    }

    /// The value of `name` in /proc/PID/environ (read with a deadline, `ProcessMemoryRead`).
    static func variable(_ name: String, of pid: Int32, owner: UInt32?) -> [UInt8]? {
        guard let bytes = ProcessMemoryRead.read(.environment, of: pid, owner: owner, limit: 256 * 1024) else {
            return nil
        }
        let prefix = Array((name + "=").utf8)
        for entry in bytes.split(separator: 0) where entry.starts(with: prefix) {
            return Array(entry.dropFirst(prefix.count))
        }
        return nil
    }

    /// The `AppId=N` of the first `reaper … SteamLaunch …` among `pid`'s ancestors (itself included).
    static func steamApp(above pid: Int32) -> UInt32? {
        var current = pid
        for _ in 0..<ancestors where current > 1 {
            // Each ancestor's arguments are charged to its own real uid.
            if let cmdline = ProcessMemoryRead.read(.arguments, of: current, limit: 16 * 1024) {
                let words = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                if let first = words.first, first.hasSuffix("reaper"), words.contains("SteamLaunch"),
                    let id = words.lazy.compactMap({ $0.hasPrefix("AppId=") ? UInt32($0.dropFirst(6)) : nil }).first
                {
                    return id
                }
            }
            guard let stat = ProcFile.read(pid: current, "stat", singleRead: true), let parent = parentPID(stat) else {
                return nil
            }
            current = parent
        }
        return nil
    }

    /// Field 4 of /proc/PID/stat, after the comm's last `)`.
    static func parentPID(_ stat: [UInt8]) -> Int32? {
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count >= 2 else { return nil }
        return Int32(String(decoding: fields[1], as: UTF8.self))
    }
}
