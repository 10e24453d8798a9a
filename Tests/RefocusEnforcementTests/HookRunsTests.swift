import Foundation
import Glibc
import RefocusCore
import Testing

@testable import RefocusEnforcement
import RefocusOS
@testable import RefocusHooks
import RefocusProtocol

/// The daemon's side of hooks without root: the setpriv command line that
/// drops privileges before the runner is opened, root and unknown owners
/// getting no hook, and the books of runners with real children of this
/// test (reaped, decoded, killed through a pidfd past the backstop).
@Suite struct HookRunsTests {
    static let account = UserAccount(uid: 1001, gid: 1002, name: "ann", home: "/home/ann", shell: "/bin/sh")

    @Test func theRunnerIsStartedThroughSetprivWithNothingButItsVariables() throws {
        let context = HookContext(
            sessionID: 7, lists: [try BlockListName("social")],
            endsAt: Date(timeIntervalSince1970: 1_893_553_445))
        let variables = context.environment(for: .start).map { "\($0.name)=\($0.value)" }
        let arguments = OwnerProcess.arguments(
            Self.account, environment: variables, program: "/usr/libexec/refocus/refocus-helper",
            arguments: HookRunnerCommand.arguments(.start))
        #expect(
            arguments == [
                "--reuid=1001", "--regid=1002", "--init-groups", "--inh-caps=-all", "--bounding-set=-all",
                "--no-new-privs",
                "--reset-env", "--", "/usr/bin/env", "REFOCUS_SESSION_ID=7", "REFOCUS_LISTS=social",
                "REFOCUS_EVENT=start",
                "REFOCUS_PHASE=", "REFOCUS_CYCLE=", "REFOCUS_ENDS_AT=2030-01-02T03:04:05Z", "REFOCUS_OUTCOME=",
                "REFOCUS_LABEL=", "/usr/libexec/refocus/refocus-helper", "run-hook", "start",
            ])
    }

    @Test func rootAndUnknownOwnersGetNoHook() throws {
        let context = HookContext(sessionID: 1, lists: [], endsAt: Date())
        #expect(HookLauncher.launch(event: .start, owner: 0, context: context, runner: "/bin/true") == nil)
        #expect(HookLauncher.launch(event: .start, owner: 4_000_000_000, context: context, runner: "/bin/true") == nil)
        #expect(HookLauncher.launch(event: .start, owner: 1001, context: context, runner: "/tmp/a=b") == nil)
    }

    /// Starts `/bin/sh -c script` as a child of this test, detached.
    static func child(_ script: String) throws -> pid_t {
        try DetachedProcess.start("/bin/sh", ["-c", script])
    }

    static func reapStatus(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }

    @Test func aReapedRunnerIsReportedOnceAndOthersAreNotRunners() throws {
        var runs = HookRuns()
        let now = ContinuousClock.now, date = Date(timeIntervalSince1970: 1_800_000_000)
        let pid = try Self.child("exit 3")
        runs.record(pid: pid, event: .workEnd, sessionID: 9, at: now)
        #expect(runs.running.map(\.pid) == [pid])
        let status = Self.reapStatus(pid)
        #expect(runs.reap(pid: pid + 100_000, status: status, at: date) == nil, "not a hook runner (a notifier)")
        #expect(
            runs.reap(pid: pid, status: status, at: date)
                == HookReport(event: .workEnd, sessionID: 9, outcome: .failed(.exit(3)), at: date))
        #expect(runs.reap(pid: pid, status: status, at: date) == nil, "forgotten once reaped")
        #expect(runs.running.isEmpty && runs.nextBackstop == nil)
    }

    @Test func aRunnerAliveAtTheBackstopIsKilledAndReportedAsTimedOut() throws {
        var runs = HookRuns()
        let started = ContinuousClock.now
        let pid = try Self.child("exec sleep 60")
        runs.record(pid: pid, event: .start, sessionID: 3, at: started)
        #expect(runs.nextBackstop == started + .seconds(45))
        #expect(runs.overdue(now: started + .seconds(44)).isEmpty)
        #expect(runs.killOverdue(now: started + .seconds(44)).isEmpty)
        let killed = runs.killOverdue(now: started + .seconds(45))
        #expect(killed.map(\.pid) == [pid] && killed.first?.event == .start && killed.first?.sessionID == 3)
        #expect(runs.overdue(now: started + .seconds(90)).isEmpty && runs.nextBackstop == nil, "killed once")
        let status = Self.reapStatus(pid)
        #expect(status & 0x7F == SIGKILL, "killed for real: \(status)")
        #expect(runs.reap(pid: pid, status: status, at: Date(timeIntervalSince1970: 0))?.outcome == .timedOut)
    }
}
