import Glibc
import RefocusOS
import Synchronization

/// The threads that read processes' arguments and environments for
/// `ProcessMemoryRead`, and what they remember of the users whose reads
/// did not answer in time.
///
/// Each read runs on a worker (`ProcessMemoryWorker`), and its caller waits
/// at most `deadline`. A read past it is abandoned and charged to the real
/// uid of the process read: from then on that user's processes are not
/// read while the read is stuck, and for `distrust` after it was abandoned,
/// so a user who frees and traps their memory again costs the daemon one
/// deadline per `distrust`, not one per read. At most `stuckLimit` workers
/// may be stuck at once (each keeps its thread and two descriptors); past
/// that, nothing is read until one comes back.
public final class ProcessMemoryReaders: @unchecked Sendable {
    /// The longest a caller waits for one read.
    public let deadline: Duration
    /// How long a user whose read was abandoned has their processes' memory left unread.
    public let distrust: Duration
    /// The most workers stuck at once.
    public let stuckLimit: Int
    /// How late an abandoned read may still come back and be forgiven: the
    /// deadline is short so that a trap costs little, and a read that merely
    /// waited for a CPU on a loaded machine must not distrust its owner.
    public let lateness: Duration
    /// The most idle workers kept.
    static let idleLimit = 4

    private struct Record {
        var idle: [ProcessMemoryWorker] = []
        var stuck: [UInt32: Int] = [:]
        var distrustedUntil: [UInt32: UInt64] = [:]
        var stuckTotal: Int { stuck.values.reduce(0, +) }
    }

    private let record = Mutex(Record())
    private let reading: @Sendable (ProcessMemoryWorker.Job) -> [UInt8]?

    /// A pool whose workers read with `reading` (tests give one that
    /// waits); by default the /proc file itself.
    public init(
        deadline: Duration = .milliseconds(250), distrust: Duration = .seconds(600), stuckLimit: Int = 16,
        lateness: Duration = .seconds(2),
        reading: (@Sendable (_ pid: Int32, _ name: String, _ limit: Int, _ terminator: UInt8?) -> [UInt8]?)? = nil
    ) {
        self.deadline = deadline
        self.distrust = distrust
        self.lateness = lateness
        self.stuckLimit = stuckLimit
        let read =
            reading ?? { pid, name, limit, terminator in
                ProcFile.read(pid: pid, name, limit: limit, stoppingAt: terminator)
            }
        self.reading = { job in read(job.pid, job.name, job.limit, job.terminator) }
    }

    deinit {
        record.withLock { $0.idle }.forEach { $0.retire() }
    }

    /// The first `limit` bytes of /proc/`pid`/`name`, read on a worker and
    /// charged to `owner`; nil when the file cannot be read, when the read
    /// takes longer than `deadline`, or when `owner` is distrusted.
    public func read(pid: Int32, _ name: String, owner: UInt32, limit: Int, stoppingAt terminator: UInt8? = nil)
        -> [UInt8]?
    {
        let now = monotonicNanoseconds()
        let free: ProcessMemoryWorker?? = record.withLock { record in
            guard record.stuck[owner] == nil, (record.distrustedUntil[owner] ?? 0) <= now,
                record.stuckTotal < stuckLimit
            else { return nil }
            record.distrustedUntil[owner] = nil
            return .some(record.idle.popLast())
        }
        guard let free else { return nil }
        guard let worker = free ?? ProcessMemoryWorker(pool: self, reading: reading) else { return nil }
        let job = ProcessMemoryWorker.Job(
            pid: pid, name: name, limit: limit, terminator: terminator, owner: owner,
            started: now)
        worker.start(job)
        var answer = pollfd(fd: worker.answered, events: Int16(POLLIN), revents: 0)
        _ = syscall { poll(&answer, 1, Int32(clamping: deadline.roundedUpMilliseconds)) }
        if let bytes = worker.takeAnswer() {
            keep(worker)
            return bytes
        }
        guard worker.abandon() else {
            // The answer came in between the poll's end and the abandon.
            let bytes = worker.takeAnswer() ?? nil
            keep(worker)
            return bytes
        }
        record.withLock { record in
            record.stuck[owner, default: 0] += 1
            record.distrustedUntil[owner] = now + UInt64(clamping: distrust.roundedUpMilliseconds) * 1_000_000
        }
        return nil
    }

    /// Whether reads of `owner`'s processes are given up for now.
    public func isDistrusted(_ owner: UInt32) -> Bool {
        let now = monotonicNanoseconds()
        return record.withLock { $0.stuck[owner] != nil || ($0.distrustedUntil[owner] ?? 0) > now }
    }

    /// How many workers are stuck now.
    public var stuckWorkers: Int { record.withLock { $0.stuckTotal } }

    /// An abandoned job of `worker` ended at last: whether the worker
    /// should wait for another job (kept idle) or end.
    func recovered(_ worker: ProcessMemoryWorker, from job: ProcessMemoryWorker.Job) -> Bool {
        let late = monotonicNanoseconds() &- job.started
        return record.withLock { record in
            if let count = record.stuck[job.owner] { record.stuck[job.owner] = count > 1 ? count - 1 : nil }
            // Back within `lateness`: a worker a loaded machine did not schedule in time, not a trap.
            if record.stuck[job.owner] == nil, late < UInt64(clamping: lateness.roundedUpMilliseconds) * 1_000_000 {
                record.distrustedUntil[job.owner] = nil
            }
            guard record.idle.count < Self.idleLimit else { return false }
            record.idle.append(worker)
            return true
        }
    }

    private func keep(_ worker: ProcessMemoryWorker) {
        let kept = record.withLock { record in
            guard record.idle.count < Self.idleLimit else { return false }
            record.idle.append(worker)
            return true
        }
        if !kept { worker.retire() }
    }

}
