import RefocusEnforcement

/// The tests' hook into the daemon's exec guard, from the environment of
/// a daemon a test starts itself: `REFOCUS_TEST_EXEC_ANSWER_DELAY_MS`
/// delays each refusal (at most 10 s: the watchdog's test), and
/// `REFOCUS_TEST_EXEC_IGNORE_MARK_CAP` lowers the number of ignore marks
/// the guard holds at a time (1 to `ExecGuard.ignoreMarkCap`: the cap's
/// test). Compiled into
/// debug builds only (`REFOCUS_TEST_HOOKS`, Package.swift): a release
/// daemon reads no test variable and its guard never waits. Even in a
/// debug build only root starts the daemon, a daemon the helper starts
/// gets a fixed environment, and sudo resets a member's: no member can
/// set it. (The guard itself is turned off by the policy:
/// `exec_permission = false`.)
struct ExecGuardHooks {
    /// The delay before each refusal; zero without the hook, and always in a release build.
    var answerDelay: Duration = .zero
    /// The most ignore marks at a time; `ExecGuard.ignoreMarkCap` without the hook, and always in a release build.
    var ignoreMarkCap = ExecGuard.ignoreMarkCap

    /// No hook.
    init() {}

    /// The hook `environment` sets; none in a release build.
    init(environment: [String: String]) {
        #if REFOCUS_TEST_HOOKS
        let text = environment["REFOCUS_TEST_EXEC_ANSWER_DELAY_MS"] ?? ""
        if let milliseconds = Int64(text), milliseconds > 0 {
            answerDelay = .milliseconds(min(milliseconds, 10_000))
        }
        if let cap = Int(environment["REFOCUS_TEST_EXEC_IGNORE_MARK_CAP"] ?? ""), cap > 0 {
            ignoreMarkCap = min(cap, ExecGuard.ignoreMarkCap)
        }
        #endif
    }
}
