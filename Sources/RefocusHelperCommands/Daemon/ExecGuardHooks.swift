/// The tests' hook into the daemon's exec guard, from the environment of
/// a daemon a test starts itself: `REFOCUS_TEST_EXEC_ANSWER_DELAY_MS`
/// delays each refusal (at most 10 s: the watchdog's test). Only root
/// starts the daemon, a daemon the helper starts gets a fixed environment,
/// and sudo resets a member's: no member can set it. (The guard itself is
/// turned off by the policy: `exec_permission = false`.)
struct ExecGuardHooks {
    /// The delay before each refusal; zero without the hook.
    var answerDelay: Duration = .zero

    /// No hook.
    init() {}

    /// The hook `environment` sets.
    init(environment: [String: String]) {
        if let text = environment["REFOCUS_TEST_EXEC_ANSWER_DELAY_MS"], let milliseconds = Int64(text), milliseconds > 0 {
            answerDelay = .milliseconds(min(milliseconds, 10_000))
        }
    }
}

