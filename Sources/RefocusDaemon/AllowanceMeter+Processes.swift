import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning

/// The meter's processes: the process connector's exec events, /proc for
/// those already running, and a pidfd per counted process, readable when it exits.
extension AllowanceMeter {
    /// Counts process `pid` when it runs a program of an open allowance of
    /// its real uid; stops counting it when it runs another program now.
    func count(_ pid: Int32, at now: Duration) {
        let known = handles[pid]
        let handle: ProcessHandle
        if let known {
            handle = known
        } else {
            guard case .success(let opened) = ProcessHandle.open(pid: pid) else { return }
            handle = opened
        }
        // Read after the pidfd was opened, and the process alive after the read: /proc/PID described it.
        let keys =
            ProcessSnapshot.read(pid: pid, wanted: rules.governs, apps: rules.apps, examining: rules.examination)
            .flatMap { snapshot in rules.match(snapshot.identity) }
            .map { match in
                open.filter { $0.key.owner == match.owner && $0.value.allowance.list.programs.contains(match.program) }
                    .map(\.key)
            } ?? []
        guard !keys.isEmpty, !handle.hasExited else {
            if known != nil {
                for key in tally.ended(pid: pid, at: now) { keepCurrent(key, at: now) }
                release(pid)
            }
            return
        }
        if known == nil {
            // A pidfd each, in root's daemon: one owner's burst of launches must not take its descriptors.
            let owner = keys[0].owner
            guard owners.values.lazy.filter({ $0 == owner }).count < maximumWatchedPerOwner else {
                if !crowded.contains(owner) {
                    crowded.insert(owner)
                    logger.warning(
                        """
                        uid \(owner) runs more than \(maximumWatchedPerOwner) processes of daily allowances' \
                        programs; the others are not watched (the time counts while any watched one runs)
                        """)
                }
                return
            }
            do {
                try loop.watch(handle.fileDescriptor)
            } catch {
                logger.warning("process \(pid) of a daily allowance could not be watched (\(error)); not counted")
                return
            }
            handles[pid] = handle
            pids[handle.fileDescriptor] = pid
            owners[pid] = owner
        }
        tally.started(pid: pid, keys: keys, at: now)
    }

    func drain(_ connector: ProcessConnector, at now: Duration) {
        do {
            while true {
                let batch = try connector.drain()
                // Counted from the exec itself, which the kernel stamps on the monotonic clock, not from this wake-up.
                let monotonicNow = monotonicNanoseconds()
                for exec in batch.execs {
                    let age = Duration.nanoseconds(Int64(clamping: monotonicNow - min(exec.timestamp, monotonicNow)))
                    count(exec.tgid, at: max(.zero, now - age))
                }
                if batch.overflowed {
                    logger.warning("exec events were lost (ENOBUFS); looking for allowances' programs in /proc")
                    for process in ProcessSnapshot.scan(for: rules) { count(process.pid, at: now) }
                }
                if !batch.hasMore { return }
            }
        } catch {
            logger.warning("the process connector failed (\(error)); daily allowances are not counted")
            unavailable = "\(error)"
            closeConnector()
        }
    }

    func startWatching() {
        guard connector == nil, unavailable == nil else { return }
        do {
            let opened = try ProcessConnector()
            do {
                try loop.watch(opened.fileDescriptor)
            } catch {
                opened.close()
                throw error
            }
            connector = opened
        } catch {
            unavailable = "\(error)"
            logger.warning(
                "daily allowances of programs are not counted here: the process connector is unavailable (\(error))")
        }
    }

    func stopWatching() {
        closeConnector()
        for pid in Array(handles.keys) { release(pid) }
        unavailable = nil
    }

    func closeConnector() {
        guard let connector else { return }
        loop.unwatch(connector.fileDescriptor)
        connector.close()
        self.connector = nil
    }

    /// Stops watching process `pid` and closes its pidfd.
    func release(_ pid: Int32) {
        guard let handle = handles.removeValue(forKey: pid) else { return }
        pids[handle.fileDescriptor] = nil
        if let owner = owners.removeValue(forKey: pid) { crowded.remove(owner) }
        loop.unwatch(handle.fileDescriptor)
    }
}
