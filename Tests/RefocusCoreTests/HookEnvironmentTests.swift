import Foundation
import RefocusCore
import Testing
import RefocusHooks
import RefocusPlanning
import RefocusProtocol

/// What a hook is told: the `REFOCUS_*` pairs built from a session's
/// context, the checks the runner applies to what it is passed, and the
/// whole clean environment it builds from them.
struct HookEnvironmentTests {
    static let endsAt = Date(timeIntervalSince1970: 1_893_553_445)

    @Test func aPomodoroContextGivesEveryVariableInOrder() throws {
        let context = HookContext(
            sessionID: 42, lists: [try BlockListName("social"), try BlockListName("news")],
            endsAt: Self.endsAt, phase: .shortBreak, cycle: HookCycle(2, of: 4),
            label: try SessionLabel("thesis chapter 2"))
        let pairs = context.environment(for: .breakStart)
        #expect(
            pairs.map { "\($0.name)=\($0.value)" } == [
                "REFOCUS_SESSION_ID=42", "REFOCUS_LISTS=social,news", "REFOCUS_EVENT=break-start",
                "REFOCUS_PHASE=short-break", "REFOCUS_CYCLE=2/4", "REFOCUS_ENDS_AT=2030-01-02T03:04:05Z",
                "REFOCUS_OUTCOME=", "REFOCUS_LABEL=thesis chapter 2",
            ])
        for (name, value) in pairs {
            let variable = try #require(HookVariable(rawValue: name))
            #expect(variable.accepts(value), "what the daemon writes, the runner accepts: \(name)=\(value)")
        }
    }

    @Test func aPlainSessionsEndLeavesThePomodoroVariablesEmpty() throws {
        let context = HookContext(
            sessionID: 1, lists: [try BlockListName("work")], endsAt: Self.endsAt,
            outcome: .stopped)
        #expect(
            context.environment(for: .end).map { "\($0.name)=\($0.value)" } == [
                "REFOCUS_SESSION_ID=1", "REFOCUS_LISTS=work", "REFOCUS_EVENT=end", "REFOCUS_PHASE=", "REFOCUS_CYCLE=",
                "REFOCUS_ENDS_AT=2030-01-02T03:04:05Z", "REFOCUS_OUTCOME=stopped", "REFOCUS_LABEL=",
            ])
    }

    @Test func theDaemonsEventsOfAPomodoroSessionGiveTheirContexts() throws {
        var session = try SessionPhasesTests.session()
        session.label = try SessionLabel("thesis")
        let announced = SessionAnnouncements.due(session, announced: nil, now: SessionPhasesTests.at(21))
        let marker = SessionAnnouncements.due(session, announced: nil, now: SessionPhasesTests.at(1)).marker
        let phases = SessionAnnouncements.due(session, announced: marker, now: SessionPhasesTests.at(21)).events
        let values = { (event: SessionEvent, session: Session) in
            HookContext(event, of: session).environment(for: event.kind).map(\.value)
        }
        #expect(announced.events.map(\.kind) == [.start, .breakStart])
        #expect(
            values(announced.events[0], session)[1...] == [
                "social", "start", "", "", HookTime.text(session.plannedEnd),
                "", "thesis",
            ])
        #expect(phases.map(\.kind) == [.workEnd, .breakStart])
        #expect(phases.map { values($0, session)[3...4] } == [["work", "1/2"], ["short-break", "1/2"]])
        var ended = session
        ended.endedAt = SessionPhasesTests.at(55)
        ended.outcome = .stopped
        #expect(
            values(SessionEvent(.end), ended) == [
                "3", "social", "end", "", "", HookTime.text(session.plannedEnd),
                "stopped", "thesis",
            ])
    }

    @Test func theEventsAreTheHooksNames() {
        #expect(HookEvent.names == ["start", "end", "work-start", "work-end", "break-start", "break-end"])
        #expect(PhaseKind.allCases.map(\.rawValue) == ["work", "short-break", "long-break"])
        #expect(HookRunnerCommand.arguments(.workEnd) == ["run-hook", "work-end"])
        #expect(HookRunnerCommand.arguments(.start, timeLimitSeconds: 1) == ["run-hook", "start", "--time-limit", "1"])
    }

    @Test(arguments: [
        (HookVariable.sessionID, "12", true), (.sessionID, "", false), (.sessionID, "012", false),
        (.sessionID, "-1", false), (.sessionID, "1 2", false), (.sessionID, "1234567890123456789", false),
        (.lists, "social,news", true), (.lists, "", true), (.lists, "social,", false), (.lists, "So cial", false),
        (.lists, "social;rm -rf ~", false),
        (.event, "work-start", true), (.event, "", false), (.event, "Start", false), (.event, "../start", false),
        (.phase, "long-break", true), (.phase, "", true), (.phase, "lunch", false),
        (.cycle, "2/4", true), (.cycle, "", true), (.cycle, "0/4", false), (.cycle, "5/4", false),
        (.cycle, "02/4", false), (.cycle, "2/4/6", false), (.cycle, " 2/4", false),
        (.endsAt, "2030-01-02T03:04:05Z", true), (.endsAt, "", false), (.endsAt, "2030-01-02 03:04:05", false),
        (.endsAt, "2030-01-02T03:04:05+01:00", false), (.endsAt, "2030-13-02T03:04:05Z", false),
        (.outcome, "cleared", true), (.outcome, "", true), (.outcome, "ok", false),
        (.label, "thesis", true), (.label, "", true), (.label, "two\nlines", false), (.label, " padded", false),
        (.label, String(repeating: "x", count: 65), false),
    ])
    func theRunnerAcceptsOnlyWhatTheDaemonWrites(variable: HookVariable, value: String, accepted: Bool) {
        #expect(variable.accepts(value) == accepted, "\(variable.rawValue)=\(String(reflecting: value))")
    }

    @Test func longValuesAreCapped() throws {
        let lists = (0..<64).map { String(format: "%02d", $0) + String(repeating: "a", count: 62) }
        #expect(HookVariable.lists.accepts(lists.joined(separator: ",")), "64 lists of 64 bytes fit")
        #expect(!HookVariable.lists.accepts((lists + ["x"]).joined(separator: ",")), "a 65th does not")
        #expect(!HookVariable.label.accepts(String(repeating: "é", count: HookVariable.maximumLength)))
    }

    @Test func onlyKnownValidVariablesPass() {
        let passed = [
            "REFOCUS_SESSION_ID": "7", "REFOCUS_LISTS": "bad list", "REFOCUS_LABEL": "ok",
            "REFOCUS_OTHER": "x", "LD_PRELOAD": "/tmp/evil.so", "HOME": "/elsewhere",
        ]
        let (accepted, rejected) = HookVariable.filter(passed)
        #expect(accepted.map { "\($0.name)=\($0.value)" } == ["REFOCUS_SESSION_ID=7", "REFOCUS_LABEL=ok"])
        #expect(rejected == [.lists])
    }

    @Test func theHooksEnvironmentIsBuiltFromTrustedValuesOnly() {
        let passed = [
            "REFOCUS_SESSION_ID": "7", "REFOCUS_EVENT": "end", "REFOCUS_PHASE": "nap", "PATH": "/tmp",
            "HOME": "/elsewhere", "LD_PRELOAD": "/tmp/evil.so", "REFOCUS_ENDS_AT": "2030-01-02T03:04:05Z",
        ]
        let full = HookEnvironment(
            event: .start, name: "ann", uid: 1001, home: "/home/ann", shell: "/bin/bash",
            runtimeDirectory: true, sessionBus: true, passed: passed)
        #expect(
            full.entries == [
                "HOME=/home/ann", "USER=ann", "LOGNAME=ann", "PATH=/usr/local/bin:/usr/bin:/bin", "SHELL=/bin/bash",
                "XDG_RUNTIME_DIR=/run/user/1001", "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1001/bus",
                "REFOCUS_SESSION_ID=7", "REFOCUS_EVENT=start", "REFOCUS_ENDS_AT=2030-01-02T03:04:05Z",
            ], "REFOCUS_EVENT is the runner's own event")
        #expect(full.rejected == [.phase])
        let loggedOut = HookEnvironment(
            event: .start, name: "ann", uid: 1001, home: "/home/ann", shell: "/bin/sh",
            runtimeDirectory: false, sessionBus: true, passed: [:])
        #expect(
            loggedOut.entries == [
                "HOME=/home/ann", "USER=ann", "LOGNAME=ann", "PATH=/usr/local/bin:/usr/bin:/bin",
                "SHELL=/bin/sh", "REFOCUS_EVENT=start",
            ])
        let noBus = HookEnvironment(
            event: .end, name: "ann", uid: 1001, home: "/home/ann", shell: "/bin/sh",
            runtimeDirectory: true, sessionBus: false, passed: [:])
        #expect(noBus.entries.contains("XDG_RUNTIME_DIR=/run/user/1001"))
        #expect(!noBus.entries.contains { $0.hasPrefix("DBUS_SESSION_BUS_ADDRESS=") })
    }

    @Test func cyclesAndTimesReadOnlyTheirOwnForm() {
        #expect(HookCycle(1, of: 4)?.text == "1/4")
        #expect(HookCycle(0, of: 4) == nil && HookCycle(5, of: 4) == nil && HookCycle(1, of: 1000) == nil)
        #expect(HookCycle("12/999") == HookCycle(12, of: 999))
        #expect(HookTime.text(Self.endsAt) == "2030-01-02T03:04:05Z")
        #expect(HookTime.date("2030-01-02T03:04:05Z") == Self.endsAt)
        #expect(HookTime.date("2030-01-02T03:04:05.5Z") == nil)
    }
}
