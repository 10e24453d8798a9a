import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS

/// The daemon's event sources, each registered with its one epoll loop: a
/// boot-time timer for the next session end or phase boundary, one for
/// re-resolving blocked names, one for refreshing the status file's counts,
/// one for the hook runners' backstop, a watch for
/// wall-clock changes, inotify watches on /etc/hosts and the resolver
/// module's index, one on the managed policy folders of the browsers, the table's nftables
/// events (none where netfilter is unavailable), signals, and the control
/// socket through which helper runs ask for a reconcile.
struct DaemonSources {
    let loop: EventLoop
    let endTimer: BootTimer
    let resolveTimer: BootTimer
    let countsTimer: BootTimer
    let hookTimer: BootTimer
    let clockWatch: ClockChangeWatch
    let hostsWatch: FileWatch
    let indexWatch: FileWatch
    /// `refocus.json` in the Chromium-family browsers' policy folders and
    /// Firefox's `policies.json` in its own; re-armed after each reconcile,
    /// which may have created a folder.
    let browserWatch: FolderWatch
    let tableWatch: TableWatch?
    let signals: SignalWatch
    let control: ControlSocket

    /// Opens every source for `hostsPath` and `firewall`'s table and registers them with a new loop.
    init(hostsPath: String, indexPath: String, browserFolders: [String], firewall: Firewall) throws {
        loop = try EventLoop()
        endTimer = try BootTimer()
        resolveTimer = try BootTimer()
        countsTimer = try BootTimer()
        hookTimer = try BootTimer()
        clockWatch = try ClockChangeWatch()
        hostsWatch = try FileWatch(hostsPath)
        try Directories.prepare(AtomicFile.parentDirectory(of: indexPath), mode: 0o755)
        indexWatch = try FileWatch(indexPath)
        browserWatch = try FolderWatch(names: [ChromiumPolicy.fileName, FirefoxPolicies.fileName])
        browserWatch.watch(browserFolders)
        tableWatch = try TableWatch(firewall: firewall)
        signals = try SignalWatch([SIGTERM, SIGINT, SIGHUP, SIGCHLD])
        control = try ControlSocket()
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
    }
}
