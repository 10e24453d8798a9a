import RefocusCore
import RefocusOS

/// Every wait of a helper run, in one place, from the policy: no caller,
/// other member or stuck daemon can make a run wait longer than these.
///
/// The request is read before anything is held; the daemon's reconcile may
/// resolve names for up to the policy's `resolve_timeout_ms`, so its answer
/// gets that and 10 s more; the helpers' lock is waited for longer than
/// any holder can need: starting a daemon, connecting to it, waiting for
/// its answer, and then reconciling by itself (resolving again).
struct HelperDeadlines: Sendable {
    /// The whole request on standard input (no lock is held meanwhile).
    static let request: Duration = .seconds(10)
    /// Connecting to the daemon's socket (a full backlog answers EAGAIN until then).
    let connect: Duration = .seconds(2)
    /// A daemon's answer, from the moment the command is sent.
    let answer: Duration
    /// A daemon this run started, to open its socket.
    let daemonStart: Duration = .seconds(3)
    /// A daemon asked to exit, or killed, to release its lock.
    let daemonExit: Duration = .seconds(5)
    /// The helpers' lock (/var/lib/refocus/lock); past it the run answers `busy`.
    let lock: Duration

    /// The deadlines under `policy`.
    init(policy: Policy) {
        let resolving = Duration.milliseconds(policy.resolveTimeoutMilliseconds)
        answer = resolving + .seconds(10)
        lock = daemonStart + connect + answer + resolving + .seconds(5)
    }

    /// `duration` in seconds for messages, tenths rounded up: "12 s", "10.1 s".
    static func seconds(_ duration: Duration) -> String {
        duration.secondsText
    }
}
