import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPolicy

extension DaemonParts {
    /// The system's parts: the store at its default path, the policy file, the
    /// system's layers, every kernel event source on one epoll loop, the
    /// program blocker and the allowance meter on that loop, /run/refocus/status.json, the owners'
    /// desktop notifications and the session herald. Needs root; the caller
    /// holds the daemon lock.
    static func system(logger: Logger) throws -> DaemonParts {
        let store = try SessionStore()
        let policy = try PolicyFile.load()
        let layers = SystemLayers(policy: policy)
        let loop = try EventLoop()
        let sources = try DaemonSources(
            loop: loop, hostsPath: layers.hosts.path, indexPath: layers.index.path,
            browserFolders: layers.chromium.existingFolders()
                + (layers.firefox.existingFolder().map { [$0] } ?? []),
            firewall: layers.table.firewall)
        let blocker = try ProgramBlocker(
            loop: loop, logger: logger,
            hooks: ExecGuardHooks(environment: ProcessInfo.processInfo.environment))
        let herald = SessionHerald(store: store, logger: logger)
        let meter = try AllowanceMeter(
            loop: loop, store: store, logger: logger,
            tell: { [weak herald] in herald?.tellAllowance($0, owner: $1, event: $2) })
        return DaemonParts(
            store: store, policy: policy, layers: layers.ordered, firewall: layers.table, sources: sources,
            blocker: blocker, meter: meter, status: StatusFile(),
            notify: { _ = OwnerNotification.send(to: $0, title: $1, body: $2) },
            herald: herald, host: .system(logger: logger))
    }
}

extension DaemonHost {
    /// The machine's: the policy file, its protections, its clocks, systemd, this process's memory and children.
    static func system(logger: Logger) -> DaemonHost {
        DaemonHost(
            loadPolicy: { try PolicyFile.load() },
            loadSchedules: { try AdministratorScheduleFiles.loadInstalled(caps: $0.caps) },
            resolverModule: { ResolverModule.isInForce() },
            protections: { SystemProtections.read() },
            readClock: { try $0.rebasedClock() }, notifyReady: { ServiceReadiness.notifyReady() },
            giveBackMemory: {
                let released = CleanCodePages.release()
                Heap.trim()
                // Debug only: formatting a line after the release would map back the code it runs, at every idle wake-up.
                logger.debug("gave back \(released.kibibytes) KiB of code pages (\(released.mappings) mappings)")
            },
            reapChild: {
                var status: Int32 = 0
                let pid = waitpid(-1, &status, WNOHANG)
                return pid > 0 ? (pid, status) : nil
            }, targets: ScheduleTargetsCache())
    }
}
