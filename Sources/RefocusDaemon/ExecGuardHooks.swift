/// The tests' hook into the daemon's exec guard, from the environment of
/// a daemon a test starts itself: `REFOCUS_TEST_EXEC_ANSWER_DELAY_MS`
/// delays each refusal (at most 10 s: the watchdog's test). Compiled into
/// debug builds only (`REFOCUS_TEST_HOOKS`, Package.swift): a release
/// daemon reads no test variable and its guard never waits. Even in a
/// debug build only root starts the daemon, a daemon the helper starts
/// gets a fixed environment, and sudo resets a member's: no member can
/// set it. (The guard itself is turned off by the policy:
/// `exec_permission = false`.)
struct ExecGuardHooks {
    /// The delay before each refusal; zero without the hook, and always in a release build.
    var answerDelay: Duration = .zero

    /// No hook.
    init() {}

    /// The hook `environment` sets; none in a release build.
    init(environment: [String: String]) {
        #if REFOCUS_TEST_HOOKS
        let text = environment["REFOCUS_TEST_EXEC_ANSWER_DELAY_MS"] ?? ""
        if let milliseconds = Int64(text), milliseconds > 0 {
            answerDelay = .milliseconds(min(milliseconds, 10_000))
        }
        #endif
    }
}
