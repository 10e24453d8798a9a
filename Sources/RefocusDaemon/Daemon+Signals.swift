import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS

/// The daemon's signals: SIGCHLD reaps its children, SIGHUP reloads the
/// policy, SIGTERM and SIGINT end the loop.
extension Daemon {
    /// SIGTERM and SIGINT end the loop; SIGHUP reloads the policy and resolves
    /// every name again (after the administrator changed DNS, say). Returns whether to reconcile.
    func handleSignals() -> Bool {
        var wanted = false
        for signal in sources.signals.drain() {
            if signal == SIGCHLD {
                reapChildren()
            } else if signal == SIGHUP {
                reloadPolicy()
                wanted = true
            } else {
                exitRequested = true
            }
        }
        return wanted
    }

    /// Reads the policy file again and forgets every resolved address (SIGHUP, or a helper's `reload`); a
    /// policy that does not read is logged and the one in force kept.
    func reloadPolicy() {
        firewall.cache.forgetAll()
        firewall.allowedCache.expireAll()
        do {
            reconciler.policy = try host.loadPolicy()
            if reconciler.policy.nftablesTable != firewall.tableName {
                let table = reconciler.policy.nftablesTable, kept = firewall.tableName
                logger.warning(
                    """
                    nftables_table = "\(table)" takes effect when the daemon restarts; \
                    table inet \(kept) is kept until then
                    """)
            }
        } catch {
            logger.error("the policy was not reloaded: \(error)")
        }
        loadSchedules()
    }

    /// Reads the administrator's schedules and lists; ones that do not read
    /// are logged and those in force kept. Their folders' watch is armed
    /// again first (they may have been replaced), so that a change after
    /// the read is seen.
    func loadSchedules() {
        sources.administratorWatch.rearm()
        do {
            reconciler.schedules = try host.loadSchedules(reconciler.policy)
            // Their users and groups are looked up again by the next reconcile.
            host.targets.expire()
        } catch {
            logger.error("the administrator's schedules were not read, those in force are kept: \(error)")
        }
    }
}
