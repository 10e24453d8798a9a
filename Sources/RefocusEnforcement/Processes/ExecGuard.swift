import CLinux
import Foundation
import Glibc
import RefocusCore
import RefocusOS
import Synchronization
import SystemPackage
import RefocusPlanning

/// Refuses blocked programs before they run: a fanotify group marks every
/// filesystem a program can be run from (`ExecutableMounts`) for exec
/// permission events, and a thread of its own answers each one. The exec of
/// a blocked program fails with EPERM; every other exec goes on.
///
/// The answer is quick: the daemon's own events are allowed at once, and
/// another user's after one stat of /proc/PID (its owner is the process's
/// effective uid); root's and non-dumpable processes' (whose /proc/PID is
/// root's) after one read of their uids in /proc/PID/status, governed only
/// when all three are an owner's. An owner's exec is matched by the file's identity
/// (`ExecRules`), then by its name, then by its fingerprint (a copy of a
/// blocked program), and the decision is kept per (device,
/// inode, change time, uid), so a file renamed, linked or rewritten is
/// decided again.
///
/// Allowed programs cost nothing after their first exec: a file whose
/// exec is refused for nobody and whose content and name no owner can
/// change (`ExecIgnoreMarks`) gets an ignore mark, and the kernel stops
/// asking about it until it is written. New rules flush every such mark
/// before they apply; so does the `ignoreMarkCap`-th mark. A refused exec
/// never gets one.
///
/// Never hanging the machine: every event read is answered, allowed when
/// in doubt (a process already gone, a file that cannot be examined). A
/// watchdog thread checks that no batch of events takes longer than
/// `stallBound`; past it, it lets go of the group (`FanotifyGroup.release`:
/// the kernel removes the marks and allows every waiting exec), and the
/// daemon falls back to killing at exec through the process connector. A
/// daemon killed with SIGKILL releases the group the same way.
///
/// Idle, the guard never wakes: the answering thread sleeps in poll until an
/// event or the stop comes, and the watchdog until events are queued, then
/// looks every `watchInterval` only until they are answered.
public final class ExecGuard: @unchecked Sendable {
    /// A refused exec, for the owner's notification and the session's counts.
    public struct Denial: Sendable, Equatable {
        /// The process whose exec was refused.
        public let pid: Int32
        /// Whose rule, and which program.
        public let match: ProgramMatch
    }

    /// The longest a batch of events may take to answer before the watchdog
    /// lets go: long enough that a loaded machine's scheduling never looks
    /// like a stall, short enough that a real one holds execs for a second at most.
    public static let stallBound: Duration = .seconds(1)
    /// The ELF interpreters whose exec (after every dynamically linked
    /// program's) is not asked about: running one by hand never runs a
    /// program through exec (it maps it), so the process connector's kill
    /// path matches such a loader by the program it was asked to run
    /// (`ExecRules`, `LoaderArguments`) instead.
    static let interpreters = ProgramLocations.loaderPaths
    /// The most files ignored at a time (each mark pins an inode in kernel
    /// memory): past it, every mark goes and marking starts again.
    public static let ignoreMarkCap = 4_096
    /// How often the watchdog looks while events are queued or being answered.
    static let watchInterval: Duration = .milliseconds(25)

    /// The descriptor that becomes readable when there are denials to collect or the guard has let go.
    public let fileDescriptor: Int32
    /// Readable from the moment the guard stops or lets go (never read): wakes both threads for good.
    private let finished: Int32
    /// How the filesystems were marked.
    public private(set) var marks = FanotifyGroup.Marks()

    private let group: FanotifyGroup
    private let rules: Mutex<(generation: UInt64, rules: ExecRules, ignored: Int)>
    /// Which allowed files may be ignored; the answering thread's own.
    private let ignoreMarks: ExecIgnoreMarks
    private let denials = Mutex<[Denial]>([])
    private let fallBackReason = Mutex<String?>(nil)
    /// When the batch being answered was read (CLOCK_MONOTONIC, ns); 0 while idle.
    private let busySince = Atomic<UInt64>(0)
    private let stopping = Atomic<Bool>(false)
    private let answered = Atomic<Int>(0)
    private let finishedThreads = Atomic<Int>(0)
    /// A delay before each refusal: zero but in a debug build under the tests' hook (the daemon's `ExecGuardHooks`).
    private let answerDelay: Duration

    /// Marks the filesystems of `mounts` and starts answering with `rules`,
    /// ignoring up to `ignoreMarkCap` allowed files at a time (0: asked
    /// about every exec, as the benchmark's baseline does).
    /// Throws when fanotify or its permission events are unavailable.
    public init(
        rules: ExecRules, mounts: ExecutableMounts = .current(), answerDelay: Duration = .zero,
        ignoreMarkCap: Int = ExecGuard.ignoreMarkCap
    ) throws(Errno) {
        group = try FanotifyGroup()
        fileDescriptor = try syscall { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }.get()
        do {
            finished = try syscall { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }.get()
        } catch {
            close(fileDescriptor)
            throw error
        }
        self.rules = Mutex((1, rules, 0))
        ignoreMarks = ExecIgnoreMarks(cap: max(0, ignoreMarkCap))
        self.answerDelay = answerDelay
        // The answering thread runs before the first mark: no exec ever waits on a group nobody reads.
        Thread.detachNewThread { [self] in
            answerLoop(); finishedThreads.add(1, ordering: .releasing)
        }
        group.ignore(Self.interpreters)
        marks = group.mark(mounts)
        guard marks.filesystems + marks.mounts > 0 else {
            stop()
            throw .noSuchFileOrDirectory
        }
        Thread.detachNewThread { [self] in
            watchdogLoop(); finishedThreads.add(1, ordering: .releasing)
        }
    }

    deinit {
        close(fileDescriptor)
        close(finished)
    }

    /// Answers with `new` from the next event on. Every file ignored under
    /// the old rules is asked about again: the marks go before this returns,
    /// and a mark decided under the old rules is never made after it.
    public func update(_ new: ExecRules) {
        rules.withLock { state in
            state = (state.generation &+ 1, new, 0)
            group.forgetIgnoredFiles()
            group.ignore(Self.interpreters)
        }
    }

    /// How many exec events the guard has answered: what an ignore mark spares.
    public var answeredEvents: Int { answered.load(ordering: .relaxed) }

    /// The denials since the last call, and why the guard let go (nil while it holds).
    public func collect() -> (denials: [Denial], fellBack: String?) {
        var count: UInt64 = 0
        _ = read(fileDescriptor, &count, 8)
        return (
            denials.withLock { taken in
                defer { taken = [] }; return taken
            }, fallBackReason.withLock { $0 }
        )
    }

    /// Lets go of the group (its marks go, waiting execs are allowed) and
    /// ends the threads, waiting for them a moment.
    public func stop() {
        stopping.store(true, ordering: .releasing)
        Self.signal(finished)
        group.release()
        for _ in 0..<40 where finishedThreads.load(ordering: .acquiring) < 2 { usleep(5_000) }
    }

    private func answerLoop() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        defer { buffer.deallocate() }
        let me = getpid()
        var cache = ExecDecisionCache()
        while !stopping.load(ordering: .acquiring) {
            guard Self.wait(for: group.fileDescriptor, orFinished: finished, milliseconds: -1) else { break }
            guard let events = try? group.read(into: buffer), !events.isEmpty else { continue }
            busySince.store(monotonicNanoseconds(), ordering: .releasing)
            answered.add(events.count, ordering: .relaxed)
            let (generation, current, _) = rules.withLock { $0 }
            cache.use(generation: generation)
            for event in events {
                let verdict = event.pid == me ? .allowed : Self.decide(event, current, &cache)
                if case .governed(_?) = verdict, answerDelay > .zero { Self.sleep(answerDelay) }
                if case .governed(let match?) = verdict {
                    group.answer(event, allow: false)
                    denials.withLock { $0.append(Denial(pid: event.pid, match: match)) }
                    Self.signal(fileDescriptor)
                } else {
                    if ignoreMarks.mayIgnore(event.file, rules: current, generation: generation) {
                        ignore(event, decidedUnder: generation)
                    }
                    group.answer(event, allow: true)
                }
            }
            busySince.store(0, ordering: .releasing)
        }
    }

    /// Marks the allowed `event`'s file to be ignored, unless the rules
    /// changed since it was decided; past the cap, every mark goes first.
    private func ignore(_ event: FanotifyGroup.Event, decidedUnder generation: UInt64) {
        rules.withLock { state in
            guard state.generation == generation else { return }
            if state.ignored >= ignoreMarks.cap {
                group.forgetIgnoredFiles()
                group.ignore(Self.interpreters)
                state.ignored = 0
            }
            if group.ignoreUntilModified(event.file) { state.ignored += 1 }
        }
    }

    private func watchdogLoop() {
        let bound = UInt64(Self.stallBound.roundedUpMilliseconds) * 1_000_000
        // Asleep until events are queued; then a look every interval until none is queued or being answered.
        while Self.wait(for: group.fileDescriptor, orFinished: finished, milliseconds: -1) {
            repeat {
                Self.sleep(Self.watchInterval)
                if stopping.load(ordering: .acquiring) { return }
                let since = busySince.load(ordering: .acquiring)
                if since != 0, monotonicNanoseconds() &- since > bound { return fallBack() }
            } while busySince.load(ordering: .acquiring) != 0
                || Self.wait(for: group.fileDescriptor, orFinished: finished, milliseconds: 0)
        }
    }

    /// Lets go of the group after a stall, and says so.
    private func fallBack() {
        fallBackReason.withLock {
            $0 = "answering exec permission events took longer than \(Self.stallBound.roundedUpMilliseconds) ms"
        }
        Self.signal(finished)
        group.release()
        Self.signal(fileDescriptor)
    }

    /// Whether `descriptor` is readable within `milliseconds` (-1: however long it takes) while
    /// `finished` is not: false once the guard has stopped or let go.
    private static func wait(for descriptor: Int32, orFinished finished: Int32, milliseconds: Int32) -> Bool {
        var pollers = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: finished, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&pollers, 2, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0 && pollers[1].revents == 0 && pollers[0].revents & Int16(POLLIN) != 0
        }
    }

    /// Makes the eventfd `descriptor` readable.
    private static func signal(_ descriptor: Int32) {
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// What an event comes to: allowed without a look (not an owner's
    /// process), or an owner's exec, refused when it matched.
    enum Verdict: Equatable {
        case allowed
        case governed(ProgramMatch?)
    }

    static func decide(_ event: FanotifyGroup.Event, _ rules: ExecRules, _ cache: inout ExecDecisionCache) -> Verdict {
        // /proc/PID belongs to the process's effective uid, or to root when the process is not
        // dumpable (a setuid program, or one that asked): one stat decides for everyone but root's
        // and non-dumpable processes, whose three uids are read (all an owner's: governed).
        var folder = stat()
        guard stat("/proc/\(event.pid)", &folder) == 0 else { return .allowed }
        let uid: UInt32
        if folder.st_uid != 0 {
            guard rules.governs(uid: folder.st_uid) else { return .allowed }
            uid = folder.st_uid
        } else {
            guard let status = ProcFile.read(pid: event.pid, "status", singleRead: true),
                let uids = ProcFields.uids(status: status),
                uids.real == uids.effective, uids.real == uids.saved, rules.governs(uid: uids.real)
            else { return .allowed }
            uid = uids.real
        }
        var file = stat()
        guard fstat(event.file, &file) == 0 else { return .governed(nil) }
        let identity = FileIdentity(device: UInt64(file.st_dev), inode: UInt64(file.st_ino))
        let key = ExecDecisionCache.Key(file: identity, changed: file.st_ctim, uid: uid)
        let match: ProgramMatch?
        if let known = cache[key] {
            match = known
        } else {
            let path = ProcFile.link(pid: getpid(), "fd/\(event.file)") ?? []
            match = rules.match(uid: uid, file: identity, path: path) {
                ProgramFileReader.examine(descriptor: event.file, mounts: MountTypes.seen(by: event.pid))?.fingerprint
            }
            cache[key] = match
        }
        // An app is known by the process about to exec (its scope, its sandbox): decided each time, not cached.
        let apps = rules.names.apps(uid: uid)
        if match == nil, !apps.isEmpty {
            return .governed(rules.names.matchApp(uid: uid, AppFactsReader.read(pid: event.pid, for: apps)))
        }
        return .governed(match)
    }

    private static func sleep(_ duration: Duration) {
        usleep(UInt32(clamping: duration.roundedUpMilliseconds * 1_000))
    }
}
