/// How a hook ended, the one status that crosses from the hook runner
/// (`refocus-helper run-hook`, as the session's owner) to the daemon: the
/// runner exits with `runnerExitCode`, the daemon decodes what `waitpid`
/// gave it with `init(exitStatus:)`. The runner's log line says the same
/// in words, with the exact status.
///
/// Runner exit codes, stable (the daemon and runner of two releases may meet):
///
/// | code | outcome |
/// |---|---|
/// | 0 | `ran`: the hook exited 0 |
/// | 1–63, 79–127 | `failed(.exit(code))` |
/// | 66 | `none`: no hook for the event |
/// | 75 | `timedOut`: killed, with its process group, at the time limit |
/// | 77 | `refused`: the permission rule, or a runner run as root |
/// | 129–192 | `failed(.signal(code − 128))` |
/// | 193–207 | `failed(.exit(code − 129))`: exits 64–78, the runner's own range |
/// | 208 | `failed(.exitAbove127)`: exits 128–255 |
/// | anything else | `runnerFailed(.exit(code))`: 64 usage, 71 system error |
public enum HookOutcome: Hashable, Sendable {
    /// The hook ran and exited 0.
    case ran
    /// The hook ran and failed.
    case failed(HookFailure)
    /// The hook was still running at the time limit: its process group was killed.
    case timedOut
    /// The hook was not run: it or its folder is not safe, or the runner ran as root.
    case refused
    /// There is no hook for the event.
    case none
    /// The runner itself could not do its work, or was killed.
    case runnerFailed(HookFailure)

    /// The runner's own exit codes (sysexits), which a hook's exit status never takes.
    static let runnerRange: ClosedRange<Int32> = 64...78
    /// Where hook exits in `runnerRange` go.
    static let movedExits: Int32 = 193
    /// Hook exits above 127.
    static let highExit: Int32 = 208

    /// Decodes the runner's exit code (0–255; other values are `runnerFailed`).
    public init(runnerExitCode code: Int32) {
        switch code {
        case 0: self = .ran
        case 1...63, 79...127: self = .failed(.exit(code))
        case 66: self = .none
        case 75: self = .timedOut
        case 77: self = .refused
        case 129...192: self = .failed(.signal(code - 128))
        case Self.movedExits..<(Self.movedExits + 15): self = .failed(.exit(code - Self.movedExits + 64))
        case Self.highExit: self = .failed(.exitAbove127)
        default: self = .runnerFailed(.exit(code))
        }
    }

    /// Decodes a `waitpid` status of the runner (reaped without
    /// WUNTRACED): its exit code, or `runnerFailed(.signal(n))` when a
    /// signal ended it.
    public init(exitStatus status: Int32) {
        let signal = status & 0x7F
        if signal == 0 {
            self.init(runnerExitCode: (status >> 8) & 0xFF)
        } else {
            self = .runnerFailed(.signal(signal))
        }
    }

    /// The outcome of a hook that exited with `code` (0–255).
    public init(hookExit code: Int32) {
        self = code == 0 ? .ran : .failed(code > 127 ? .exitAbove127 : .exit(code))
    }

    /// The code the runner exits with to report this outcome; nil for a
    /// runner killed by a signal, or a value no exit code carries.
    public var runnerExitCode: Int32? {
        let code: Int32? =
            switch self {
            case .ran: 0
            case .none: 66
            case .timedOut: 75
            case .refused: 77
            case .failed(.exit(let status)) where Self.runnerRange.contains(status): status - 64 + Self.movedExits
            case .failed(.exit(let status)): status
            case .failed(.signal(let signal)): 128 + signal
            case .failed(.exitAbove127): Self.highExit
            case .runnerFailed(.exit(let status)): status
            case .runnerFailed: nil
            }
        guard let code, (0...255).contains(code), HookOutcome(runnerExitCode: code) == self else { return nil }
        return code
    }

    /// Whether this is worth showing someone: anything but `ran` and `none`.
    public var isProblem: Bool {
        self != .ran && self != .none
    }
}

/// How a process failed: a non-zero exit status, or a signal.
public enum HookFailure: Hashable, Sendable {
    /// It exited with this status (1–127 for a hook).
    case exit(Int32)
    /// It exited with a status from 128 to 255 (often a shell whose last
    /// command a signal killed); the hook log has the exact one.
    case exitAbove127
    /// A signal ended it.
    case signal(Int32)
}

extension HookOutcome: CustomStringConvertible {
    /// `exited with 3`, `timed out`: how `refocus status` and logs say it.
    public var description: String {
        switch self {
        case .ran: "ran"
        case .failed(let failure): failure.description
        case .timedOut: "timed out and was killed"
        case .refused: "refused (see hooks.log)"
        case .none: "no hook"
        case .runnerFailed(let failure): "the hook runner \(failure)"
        }
    }
}

extension HookFailure: CustomStringConvertible {
    /// `exited with 3`, `killed by signal 9`.
    public var description: String {
        switch self {
        case .exit(let status): "exited with \(status)"
        case .exitAbove127: "exited with a status above 127"
        case .signal(let signal): "was killed by signal \(signal)"
        }
    }
}
