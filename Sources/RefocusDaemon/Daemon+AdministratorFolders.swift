import Logging

/// The administrator's folders (`/etc/refocus/schedules.d` and `lists`,
/// with the links a fleet's pull makes to them): the daemon follows them
/// itself, so that an edited schedule is in force without a reload by hand.
extension Daemon {
    /// The watch or the reload timer is ready (`fd`); returns whether to reconcile.
    func administratorFolders(ready fd: Int32) -> Bool {
        if fd == sources.reloadTimer.fileDescriptor { return reloadAfterQuiet() }
        administratorFoldersChanged()
        return false
    }

    /// Events in the folders: the reload timer is armed for when they have been quiet (`QuietReload`).
    func administratorFoldersChanged() {
        guard sources.administratorWatch.drain(), let delay = quietReload.changed() else { return }
        sources.reloadTimer.arm(after: delay)
    }

    /// The folders have been quiet: the same reload as SIGHUP's (the policy,
    /// the lists and the schedules read again, every name resolved again),
    /// then a reconcile. Returns whether to reconcile.
    func reloadAfterQuiet() -> Bool {
        sources.reloadTimer.acknowledge()
        quietReload.fired()
        logger.info("the administrator's folders changed: reloading")
        reloadPolicy()
        return true
    }
}
