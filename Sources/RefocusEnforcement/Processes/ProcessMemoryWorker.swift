import CLinux
import Foundation
import Glibc
import RefocusOS
import Synchronization

/// A thread of its own that does one read at a time for
/// `ProcessMemoryReaders`, so that its caller can stop waiting at a
/// deadline while the read itself goes on: a read of /proc/PID/cmdline or
/// environ cannot be interrupted short of killing the daemon.
///
/// The caller hands a job over (`start`) and polls `answered` with a
/// timeout; a job whose caller gave up is marked abandoned, and when it
/// ends at last the worker asks its pool whether to wait for another job or
/// to end (`ProcessMemoryReaders.recovered`). Two eventfds per worker; a
/// worker stuck for good keeps them and its thread, which the pool caps.
final class ProcessMemoryWorker: @unchecked Sendable {
    /// One read: the file, how much of it, and whose process it is.
    struct Job: Sendable {
        /// The process.
        let pid: Int32
        /// `cmdline` or `environ`.
        let name: String
        /// The most bytes read.
        let limit: Int
        /// A byte after which reading stops (NUL for argv[0] alone).
        let terminator: UInt8?
        /// The real uid the read is charged to.
        let owner: UInt32
        /// When it was handed to the worker (CLOCK_MONOTONIC, ns).
        var started: UInt64 = 0
    }

    private enum State {
        case idle
        case running(Job)
        case finished([UInt8]?)
        case abandoned(Job)
        case retired
    }

    /// Readable (an eventfd, non-blocking) once a job's answer is in.
    let answered: Int32
    /// The worker blocks reading it (an eventfd) until a job is given.
    private let wake: Int32
    private let state = Mutex<State>(.idle)
    private let reading: @Sendable (Job) -> [UInt8]?
    private weak var pool: ProcessMemoryReaders?

    /// Starts the thread; nil when the eventfds cannot be made.
    init?(pool: ProcessMemoryReaders, reading: @escaping @Sendable (Job) -> [UInt8]?) {
        guard case .success(let answered) = syscall({ eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }) else {
            return nil
        }
        guard case .success(let wake) = syscall({ eventfd(0, Int32(EFD_CLOEXEC)) }) else {
            close(answered)
            return nil
        }
        self.answered = answered
        self.wake = wake
        self.pool = pool
        self.reading = reading
        Thread.detachNewThread { [self] in run() }
    }

    /// Gives the idle worker `job`.
    func start(_ job: Job) {
        state.withLock { $0 = .running(job) }
        post(wake)
    }

    /// The answer of the job given, once `answered` was readable; nil
    /// when the job is still running (the caller then abandons it).
    /// `answered` is signalled and drained under the state's lock, so it is
    /// readable exactly while an answer waits to be taken.
    func takeAnswer() -> [UInt8]?? {
        state.withLock { current -> [UInt8]?? in
            guard case .finished(let bytes) = current else { return nil }
            var count: UInt64 = 0
            _ = read(answered, &count, 8)
            current = .idle
            return .some(bytes)
        }
    }

    /// Gives up waiting for the running job: the answer that comes in
    /// after this is dropped. False when it came in first (`takeAnswer` has it).
    func abandon() -> Bool {
        state.withLock { current in
            guard case .running(let job) = current else { return false }
            current = .abandoned(job)
            return true
        }
    }

    /// Ends the idle worker's thread.
    func retire() {
        state.withLock { $0 = .retired }
        post(wake)
    }

    private func run() {
        defer {
            close(wake)
            close(answered)
        }
        while true {
            var count: UInt64 = 0
            guard case .success = syscall({ read(wake, &count, 8) }) else { return }
            let given: State = state.withLock { $0 }
            if case .retired = given { return }
            guard case .running(let job) = given else { continue }
            let bytes = reading(job)
            let abandoned: Job? = state.withLock { current in
                if case .abandoned(let job) = current {
                    current = .idle
                    return job
                }
                current = .finished(bytes)
                post(answered)
                return nil
            }
            if let abandoned {
                guard let pool, pool.recovered(self, from: abandoned) else { return }
            }
        }
    }

    private func post(_ eventDescriptor: Int32) {
        var one: UInt64 = 1
        _ = write(eventDescriptor, &one, 8)
    }
}
