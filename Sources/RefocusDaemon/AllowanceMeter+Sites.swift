import Logging
import RefocusNetfilter
import RefocusPlanning

/// The meter's sites: the listener of the table's log group, held while an
/// open allowance has sites. Each message names an allowance whose owner's
/// traffic reached its sites (the table lets at most one through a step);
/// the step from then on counts (`AllowanceTally.visited`).
extension AllowanceMeter {
    /// Counts a step for each allowance the queued messages name, at `now`.
    func drainSites(_ listener: NflogListener, at now: Duration) {
        do {
            let (visits, lost) = try listener.drain()
            for visit in visits {
                let key = AllowanceTally.Key(owner: visit.owner, list: visit.list)
                // A message of an allowance no longer open (spent, removed) counts nothing.
                guard let day = open[key], day.hasSites else { continue }
                tally.visited(key, at: now, step: siteStep)
            }
            if lost {
                logger.warning("messages of daily allowances' sites were lost (ENOBUFS); some steps not counted")
            }
        } catch {
            logger.warning("the table's log group failed (\(error)); daily allowances' sites are not counted")
            sitesUnavailable = "\(error)"
            closeListener()
        }
    }

    /// Binds the table's log group, unless bound or failed already.
    func startListening() {
        guard listener == nil, sitesUnavailable == nil else { return }
        do {
            let opened = try NflogListener()
            try loop.watch(opened.fileDescriptor)
            listener = opened
        } catch {
            sitesUnavailable = "\(error)"
            logger.warning(
                """
                daily allowances' sites are not counted here: netlink log group \(MeteredTraffic.logGroup) \
                could not be bound (\(error))
                """)
        }
    }

    /// Lets the log group go: no open allowance has sites.
    func stopListening() {
        closeListener()
        sitesUnavailable = nil
    }

    private func closeListener() {
        guard let listener else { return }
        loop.unwatch(listener.fileDescriptor)
        self.listener = nil
    }
}
