import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning

/// The daemon's event sources, each registered with its one epoll loop: a
/// boot-time timer for the next session end or phase boundary, one for
/// re-resolving blocked names, one for refreshing the status file's counts,
/// one for the hook runners' backstop, a watch for
/// wall-clock changes, inotify watches on /etc/hosts and the resolver
/// module's index, one on the managed policy folders of the browsers, the table's nftables
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
    let clockWatch: any DaemonAcknowledged
    let hostsWatch: any DaemonHostsWatch
    let indexWatch: any DaemonChangeWatch
    /// `refocus.json` in the Chromium-family browsers' policy folders and
    /// Firefox's `policies.json` in its own; re-armed after each reconcile,
    /// which may have created a folder.
    let browserWatch: any DaemonFolderWatch
    let tableWatch: (any DaemonTableWatch)?
    let signals: any DaemonSignalSource
    let control: any DaemonControl

    /// Sources given one by one (a test's fakes), woken by `wait`.
    init(
        wait: @escaping () throws -> [Int32], endTimer: any DaemonTimer, resolveTimer: any DaemonTimer,
        countsTimer: any DaemonTimer, hookTimer: any DaemonTimer, clockWatch: any DaemonAcknowledged,
        hostsWatch: any DaemonHostsWatch, indexWatch: any DaemonChangeWatch, browserWatch: any DaemonFolderWatch,
        tableWatch: (any DaemonTableWatch)?, signals: any DaemonSignalSource, control: any DaemonControl
    ) {
        self.wait = wait
        self.endTimer = endTimer
        self.resolveTimer = resolveTimer
        self.countsTimer = countsTimer
        self.hookTimer = hookTimer
        self.clockWatch = clockWatch
        self.hostsWatch = hostsWatch
        self.indexWatch = indexWatch
        self.browserWatch = browserWatch
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
        let clockWatch = try ClockChangeWatch()
        let hostsWatch = try FileWatch(hostsPath)
        try Directories.prepare(AtomicFile.parentDirectory(of: indexPath), mode: 0o755)
        let indexWatch = try FileWatch(indexPath)
        let browserWatch = try FolderWatch(names: [ChromiumPolicy.fileName, FirefoxPolicies.fileName])
        browserWatch.watch(browserFolders)
        let tableWatch = try TableWatch(firewall: firewall)
        let signals = try SignalWatch([SIGTERM, SIGINT, SIGHUP, SIGCHLD])
        let control = try ControlSocket()
        for fd in [
            endTimer.fileDescriptor, resolveTimer.fileDescriptor, countsTimer.fileDescriptor, hookTimer.fileDescriptor,
            clockWatch.fileDescriptor, hostsWatch.fileDescriptor, indexWatch.fileDescriptor,
            browserWatch.fileDescriptor,
            signals.fileDescriptor, control.fileDescriptor,
        ]
            + (tableWatch.map { [$0.fileDescriptor] } ?? [])
        {
            try loop.watch(fd)
        }
        self.init(
            wait: loop.wait, endTimer: endTimer, resolveTimer: resolveTimer, countsTimer: countsTimer,
            hookTimer: hookTimer, clockWatch: clockWatch, hostsWatch: hostsWatch, indexWatch: indexWatch,
            browserWatch: browserWatch, tableWatch: tableWatch, signals: signals, control: control)
    }
}
