import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusPolicy

/// The daemon's event sources, each registered with its one epoll loop: a
/// boot-time timer for the next session end or phase boundary, one for
/// re-resolving blocked names, one for refreshing the status file's counts,
/// one for the hook runners' backstop, one for a reload once the
/// administrator's folders are quiet, a watch for
/// wall-clock changes, inotify watches on /etc/hosts and the resolver
/// module's index, one on the managed policy folders of the browsers, one
/// on the administrator's folders, the table's nftables
/// events (none where netfilter is unavailable), signals, and the control
/// socket through which helper runs ask for a reconcile. Each is seen
/// through its kind's protocol (`DaemonEventSource`), so that a test gives
/// the loop fakes and their readiness, event by event, without root.
struct DaemonSources {
    /// Sleeps until sources are ready; returns their descriptors (`EventLoop.wait` on the system).
    let wait: () throws -> [Int32]
    let endTimer: any DaemonTimer
    let resolveTimer: any DaemonTimer
    let countsTimer: any DaemonTimer
    let hookTimer: any DaemonTimer
    /// Goes off once the administrator's folders have been quiet after a change (`QuietReload`).
    let reloadTimer: any DaemonTimer
    let clockWatch: any DaemonAcknowledged
    let hostsWatch: any DaemonHostsWatch
    let indexWatch: any DaemonChangeWatch
    /// `refocus.json` in the Chromium-family browsers' policy folders and
    /// Firefox's `policies.json` in its own; re-armed after each reconcile,
    /// which may have created a folder.
    let browserWatch: any DaemonFolderWatch
    /// `/etc/refocus/schedules.d` and `lists`, and the links on the way to
    /// them (`administratorFolders`); re-armed at each reload.
    let administratorWatch: any DaemonFollowedWatch
    let tableWatch: (any DaemonTableWatch)?
    let signals: any DaemonSignalSource
    let control: any DaemonControl

    /// Sources given one by one (a test's fakes), woken by `wait`.
    init(
        wait: @escaping () throws -> [Int32], endTimer: any DaemonTimer, resolveTimer: any DaemonTimer,
        countsTimer: any DaemonTimer, hookTimer: any DaemonTimer, reloadTimer: any DaemonTimer,
        clockWatch: any DaemonAcknowledged, hostsWatch: any DaemonHostsWatch, indexWatch: any DaemonChangeWatch,
        browserWatch: any DaemonFolderWatch, administratorWatch: any DaemonFollowedWatch,
        tableWatch: (any DaemonTableWatch)?, signals: any DaemonSignalSource, control: any DaemonControl
    ) {
        self.wait = wait
        self.endTimer = endTimer
        self.resolveTimer = resolveTimer
        self.countsTimer = countsTimer
        self.hookTimer = hookTimer
        self.reloadTimer = reloadTimer
        self.clockWatch = clockWatch
        self.hostsWatch = hostsWatch
        self.indexWatch = indexWatch
        self.browserWatch = browserWatch
        self.administratorWatch = administratorWatch
        self.tableWatch = tableWatch
        self.signals = signals
        self.control = control
    }

    /// Opens every source for `hostsPath` and `firewall`'s table and registers them with `loop`.
    init(loop: EventLoop, hostsPath: String, indexPath: String, browserFolders: [String], firewall: Firewall) throws {
        let endTimer = try BootTimer()
        let resolveTimer = try BootTimer()
        let countsTimer = try BootTimer()
        let hookTimer = try BootTimer()
        let reloadTimer = try BootTimer()
        let clockWatch = try ClockChangeWatch()
        let hostsWatch = try FileWatch(hostsPath)
        try Directories.prepare(AtomicFile.parentDirectory(of: indexPath), mode: 0o755)
        let indexWatch = try FileWatch(indexPath)
        let browserWatch = try FolderWatch(names: [ChromiumPolicy.fileName, FirefoxPolicies.fileName])
        browserWatch.watch(browserFolders)
        let administratorWatch = try FollowedFoldersWatch(Self.administratorFolders)
        let tableWatch = try TableWatch(firewall: firewall)
        let signals = try SignalWatch([SIGTERM, SIGINT, SIGHUP, SIGCHLD])
        let control = try ControlSocket()
        for fd in [
            endTimer.fileDescriptor, resolveTimer.fileDescriptor, countsTimer.fileDescriptor, hookTimer.fileDescriptor,
            reloadTimer.fileDescriptor, clockWatch.fileDescriptor, hostsWatch.fileDescriptor,
            indexWatch.fileDescriptor, browserWatch.fileDescriptor, administratorWatch.fileDescriptor,
            signals.fileDescriptor, control.fileDescriptor,
        ]
            + (tableWatch.map { [$0.fileDescriptor] } ?? [])
        {
            try loop.watch(fd)
        }
        self.init(
            wait: loop.wait, endTimer: endTimer, resolveTimer: resolveTimer, countsTimer: countsTimer,
            hookTimer: hookTimer, reloadTimer: reloadTimer, clockWatch: clockWatch, hostsWatch: hostsWatch,
            indexWatch: indexWatch, browserWatch: browserWatch, administratorWatch: administratorWatch,
            tableWatch: tableWatch, signals: signals, control: control)
    }

    /// What the administrator's schedules depend on, and the names in each
    /// folder that count: `/etc/refocus` itself appearing, `schedules.d` and
    /// `lists` made, removed or replaced by a link (a fleet's first pull),
    /// `fleet/current` renamed over (every later pull), and every file in
    /// the two folders. Five watches, whatever the folders hold.
    static let administratorFolders: [FollowedFoldersWatch.Folder] = [
        ("/etc", ["refocus"]),
        ("/etc/refocus", ["schedules.d", "lists", "fleet"]),
        ("/etc/refocus/fleet", ["current"]),
        (AdministratorScheduleFiles.defaultFolder, nil),
        (AdministratorLists.defaultFolder, nil),
    ]
}
