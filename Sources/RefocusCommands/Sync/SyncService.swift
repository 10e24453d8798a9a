import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusOS
import RefocusFeatures

/// `refocus sync --install-service`: keeps `refocus sync --watch` running
/// for the user. With a user systemd (its manager's socket in
/// `$XDG_RUNTIME_DIR/systemd/private`), a unit in
/// `$XDG_CONFIG_HOME/systemd/user/refocus-sync.service`, enabled and
/// started; without one, an `@reboot` line in the refocus section of the
/// crontab, and the watcher started now in a session of its own. `refocus
/// sync off` removes either.
enum SyncService {
    static let unitName = "refocus-sync.service"

    /// Installs it; the line saying how it runs.
    static func install(every: String?) throws -> String {
        let program = try RunningProgram.path()
        if let unitFolder = try userUnitFolder() {
            let unit = unitFolder + "/" + unitName
            try Directories.create(unitFolder, mode: 0o755)
            try AtomicFile.write(Array(unitText(program: program, every: every).utf8), to: unit, mode: 0o644)
            try systemctl(["daemon-reload"])
            try systemctl(["enable", unitName])
            try systemctl(["restart", unitName])
            return "Installed \(unit) and started it; 'systemctl --user status refocus-sync' shows it, "
                + "'journalctl --user -u refocus-sync' what it did"
        }
        try bootLine(install: true)
        let status = try ForegroundProcess.run([
            "/bin/sh", "-c", #"exec setsid -f "$0" sync --watch -q < /dev/null > /dev/null 2>&1"#, program,
        ])
        guard status == 0 else { throw SyncServiceError.cannotStart(status) }
        return "No user systemd here: cron starts 'refocus sync --watch' at boot (see 'refocus schedule "
            + "list'), and it runs now"
    }

    /// Removes the unit (stopping it) or the boot line; whether there was one.
    static func remove() throws -> Bool {
        var removed = false
        if let folder = try? userUnitFolder(), access(folder + "/" + unitName, F_OK) == 0 {
            _ = try? systemctl(["disable", "--now", unitName])
            unlink(folder + "/" + unitName)
            _ = try? systemctl(["daemon-reload"])
            removed = true
        }
        if (try? Schedules.table())?.lines.contains(where: { $0.entry.action == .syncWatch }) == true {
            removed = try Schedules.replace(.syncWatch, with: nil).removed > 0 || removed
        }
        return removed
    }

    /// The unit's text.
    static func unitText(program: String, every: String?) -> String {
        let environment = ProcessInfo.processInfo.environment
        let settings = ["XDG_CONFIG_HOME", "XDG_STATE_HOME"].compactMap { name in
            environment[name].flatMap { $0.hasPrefix("/") ? "Environment=\(name)=\(quoted($0))\n" : nil }
        }.joined()
        return """
            [Unit]
            Description=ReFocus: start the sessions your other machines start (refocus sync --watch)
            Documentation=man:refocus(1)

            [Service]
            ExecStart=\(quoted(program, command: true)) sync --watch\(every.map { " --every " + $0 } ?? "")
            \(settings)Restart=on-failure
            RestartSec=10

            [Install]
            WantedBy=default.target

            """
    }

    /// The user manager's unit folder when a user systemd runs; nil otherwise.
    static func userUnitFolder() throws -> String? {
        let environment = ProcessInfo.processInfo.environment
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        var status = stat()
        guard access("/usr/bin/systemctl", X_OK) == 0, lstat(runtime + "/systemd/private", &status) == 0,
            status.st_mode & S_IFMT == S_IFSOCK, status.st_uid == getuid()
        else { return nil }
        let refocus = try ConfigPaths(environment: environment).root
        return AtomicFile.parentDirectory(of: refocus) + "/systemd/user"
    }

    /// Adds the `@reboot` line of the watcher to the crontab (replacing an earlier one), or removes it.
    private static func bootLine(install: Bool) throws {
        _ = try Schedules.replace(.syncWatch, with: install ? try CronExpression("@reboot") : nil)
    }

    private static func systemctl(_ arguments: [String]) throws {
        let status = try ForegroundProcess.run(["/usr/bin/systemctl", "--user", "--quiet"] + arguments)
        guard status == 0 else { throw SyncServiceError.systemctl(arguments.joined(separator: " "), status) }
    }

    /// A value systemd reads as one word, whatever it holds (in `ExecStart=`, `$` too).
    private static func quoted(_ text: String, command: Bool = false) -> String {
        var escaped = "\""
        for character in text {
            switch character {
            case "\\", "\"": escaped += "\\" + String(character)
            case "%": escaped += "%%"
            case "$" where command: escaped += "$$"
            default: escaped.append(character)
            }
        }
        return escaped + "\""
    }
}

/// Why the sync service could not be installed.
enum SyncServiceError: RefocusError {
    case systemctl(String, Int32)
    case cannotStart(Int32)

    var category: ErrorCategory { .system }
    var description: String {
        switch self {
        case let .systemctl(what, status):
            "'systemctl --user \(what)' failed (status \(status)); see 'systemctl --user status refocus-sync'"
        case let .cannotStart(status):
            "could not start 'refocus sync --watch' (status \(status)); run it by hand to see why"
        }
    }
}
