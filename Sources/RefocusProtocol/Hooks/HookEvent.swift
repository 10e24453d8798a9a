import RefocusCore

/// When a user's hook runs: the session events (`SessionEventKind`),
/// whose six names are the names of the executables in
/// `~/.config/refocus/hooks/` and the values of `REFOCUS_EVENT`.
public typealias HookEvent = SessionEventKind

extension SessionEventKind {
    /// The names, in declaration order, for messages and completions.
    public static var names: [String] { allCases.map(\.rawValue) }
}

/// Which pomodoro cycle is running, as hooks see it: `2/4` in `REFOCUS_CYCLE`.
public struct HookCycle: Hashable, Sendable {
    /// The cycle, from 1.
    public let current: Int
    /// How many cycles the session has.
    public let total: Int

    /// A cycle; nil unless 1 ≤ `current` ≤ `total` ≤ 999.
    public init?(_ current: Int, of total: Int) {
        guard 1 <= current, current <= total, total <= 999 else { return nil }
        self.current = current
        self.total = total
    }

    /// Reads `2/4`; nil for anything else (spaces, signs, leading zeros, 0/4, 5/4).
    public init?(_ text: some StringProtocol) {
        let parts = String(text).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let current = Self.number(parts[0]), let total = Self.number(parts[1]) else {
            return nil
        }
        self.init(current, of: total)
    }

    /// `2/4`.
    public var text: String { "\(current)/\(total)" }

    /// A whole number of one to three digits with no leading zero.
    private static func number(_ digits: Substring) -> Int? {
        guard (1...3).contains(digits.count), digits.first != "0",
            digits.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return Int(digits)
    }
}

/// How the daemon starts the hook runner, once privileges are dropped:
/// `refocus-helper run-hook EVENT`, with the `REFOCUS_*` variables of
/// `HookContext.environment(for:)` in its environment. The runner's exit
/// code is a `HookOutcome`.
public enum HookRunnerCommand {
    /// The helper's verb, hidden from its help.
    public static let verb = "run-hook"
    /// The option that shortens the time limit, for tests only: a debug helper alone takes it
    /// (`REFOCUS_TEST_HOOKS`); a release helper refuses it as unknown.
    public static let timeLimitOption = "--time-limit"

    /// The helper's arguments for `event`'s hook; `timeLimitSeconds` only in tests.
    public static func arguments(_ event: HookEvent, timeLimitSeconds: Int? = nil) -> [String] {
        [verb, event.rawValue] + (timeLimitSeconds.map { [timeLimitOption, String($0)] } ?? [])
    }
}
