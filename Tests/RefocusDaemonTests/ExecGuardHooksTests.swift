import Testing
@testable import RefocusDaemon

/// The tests' hook into the exec guard works in the debug build the tests
/// run (`REFOCUS_TEST_HOOKS` is defined for it), capped and ignored when
/// malformed; a release build has no hook at all (TestHookShapeTests).
@Suite struct ExecGuardHooksTests {
    @Test(arguments: [("250", 250), ("60000", 10_000), ("0", 0), ("-5", 0), ("soon", 0)])
    func theDelayIsReadFromTheEnvironment(value: String, milliseconds: Int64) {
        let hooks = ExecGuardHooks(environment: ["REFOCUS_TEST_EXEC_ANSWER_DELAY_MS": value])
        #expect(hooks.answerDelay == .milliseconds(milliseconds))
    }

    @Test func noVariableNoDelay() {
        #expect(ExecGuardHooks(environment: ["PATH": "/usr/bin"]).answerDelay == .zero)
    }

    @Test(arguments: [("3", 3), ("100000", 4_096), ("0", 4_096), ("-1", 4_096), ("many", 4_096)])
    func theIgnoreMarkCapIsReadFromTheEnvironment(value: String, cap: Int) {
        let hooks = ExecGuardHooks(environment: ["REFOCUS_TEST_EXEC_IGNORE_MARK_CAP": value])
        #expect(hooks.ignoreMarkCap == cap)
    }
}
