import Foundation
import RefocusCore
import Testing

@testable import RefocusOS

/// The status file's own reader against `Codable`: what the daemon writes
/// reads back equal, and anything else is refused.
@Suite struct StatusSnapshotReaderTests {
    static func summary(_ id: Int64, lists: [String], start: TimeInterval, end: TimeInterval, locked: Bool) throws -> SessionSummary {
        SessionSummary(id: id, owner: 1000 + UInt32(id), lists: try lists.map { try BlockListName($0) },
                       start: Date(timeIntervalSince1970: start), plannedEnd: Date(timeIntervalSince1970: end), locked: locked)
    }

    static func snapshots() throws -> [StatusSnapshot] {
        let first = StatusSnapshot.ActiveSession(try summary(1, lists: ["social"], start: 1_700_000_000, end: 1_700_003_000,
                                                             locked: false),
                                                 blockedAttempts: 0, programsKilled: 0)
        let second = StatusSnapshot.ActiveSession(try summary(7, lists: ["news", "games-2"], start: 951_782_400,
                                                              end: 4_102_444_799, locked: true),
                                                  blockedAttempts: 123_456_789_012, programsKilled: 3)
        // A pomodoro session in its second break, and one paused in its first work phase after an earlier pause.
        let plan = try PomodoroPlan(work: SessionLength(seconds: 1500), shortBreak: SessionLength(seconds: 300),
                                    cycles: 4, longBreak: SessionLength(seconds: 0))
        var pomodoro = try summary(8, lists: ["video"], start: 1_700_000_000, end: 1_700_006_900, locked: true)
        pomodoro.progress = SessionProgress(pomodoro: plan, phase: PhaseStatus(kind: .shortBreak, cycle: 2, cycles: 4,
                                                                               endsAt: Date(timeIntervalSince1970: 1_700_003_600)),
                                            completedWork: 2)
        var paused = try summary(9, lists: ["social"], start: 1_700_000_000, end: 1_700_007_000, locked: false)
        paused.label = try SessionLabel("thesis \"ch. 3\"")
        paused.progress = SessionProgress(pomodoro: .standard, phase: PhaseStatus(kind: .work, cycle: 1, cycles: 4,
                                                                                  endsAt: Date(timeIntervalSince1970: 1_700_000_600)),
                                          pause: PauseStatus(pausedAt: Date(timeIntervalSince1970: 1_700_000_200),
                                                             seconds: 720, count: 2),
                                          completedWork: 0)
        var resumed = try summary(10, lists: ["news"], start: 1_700_000_000, end: 1_700_009_000, locked: false)
        resumed.progress = SessionProgress(pause: PauseStatus(pausedAt: nil, seconds: 61, count: 1))
        let progressing = [pomodoro, paused, resumed].map { StatusSnapshot.ActiveSession($0, blockedAttempts: 5, programsKilled: 1) }
        return [
            StatusSnapshot(sessions: progressing, counts: StatusSnapshot.Counts(names: 6, addresses: 1, programs: 0,
                                                                               programBlocking: .none, firewall: .table,
                                                                               resolverNames: 3, browserPolicies: ["chromium", "brave"])),
            StatusSnapshot(sessions: [], counts: nil),
            StatusSnapshot(sessions: [first], counts: StatusSnapshot.Counts(names: 6, addresses: 1, programs: 0,
                                                                           programBlocking: .none)),
            StatusSnapshot(sessions: [first, second], counts: StatusSnapshot.Counts(names: 300_000, addresses: 100_000,
                                                                                   programs: 2, programBlocking: .procScan)),
        ]
    }

    @Test func readsWhatTheDaemonWritesAsCodableDoes() throws {
        for snapshot in try Self.snapshots() {
            let bytes = StatusFile.encode(snapshot)
            let codable = try HelperProtocol.decoder().decode(StatusSnapshot.self, from: Data(bytes))
            #expect(codable == snapshot)
            #expect(StatusSnapshotReader.snapshot(from: bytes) == snapshot, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test(arguments: [
        "", "[]", "{}", #"{"version":2,"sessions":[]}"#, #"{"version":1}"#, #"{"version":1,"sessions":[1]}"#,
        #"{"version":1,"sessions":[],"counts":{"names":1}}"#,
        #"{"version":1,"sessions":[],"counts":{"names":1,"addresses":1,"programs":0,"programBlocking":"maybe"}}"#,
        #"{"version":1,"sessions":[{"id":1,"owner":1000,"lists":["social"],"start":"2026-11-21T19:00:00Z","plannedEnd":"2026-11-21T20:00:00Z","locked":false,"blockedAttempts":0}]}"#,
        #"{"version":1,"sessions":[{"id":1,"owner":-1,"lists":["social"],"start":"2026-11-21T19:00:00Z","plannedEnd":"2026-11-21T20:00:00Z","locked":false,"blockedAttempts":0,"programsKilled":0}]}"#,
        #"{"version":1,"sessions":[{"id":1,"owner":1000,"lists":["Not A Name"],"start":"2026-11-21T19:00:00Z","plannedEnd":"2026-11-21T20:00:00Z","locked":false,"blockedAttempts":0,"programsKilled":0}]}"#,
        #"{"version":1,"sessions":[{"id":1,"owner":1000,"lists":["social"],"start":"2026-02-30T19:00:00Z","plannedEnd":"2026-11-21T20:00:00Z","locked":false,"blockedAttempts":0,"programsKilled":0}]}"#,
        #"{"version":1,"sessions":[{"id":1,"owner":1000,"lists":["social"],"start":"2026-11-21 19:00:00Z","plannedEnd":"2026-11-21T20:00:00Z","locked":false,"blockedAttempts":0,"programsKilled":0}]}"#,
        #"{"version":1,"sessions":[{"id":1,"owner":1000,"lists":["social"],"start":"2026-11-21T19:00:00Z","plannedEnd":"2026-11-21T20:00:00Z","locked":"no","blockedAttempts":0,"programsKilled":0}]}"#,
    ])
    func refusesWhatTheDaemonNeverWrites(text: String) {
        #expect(StatusSnapshotReader.snapshot(from: Array(text.utf8)) == nil)
    }

    /// The progress fields as the encoder writes them, each made wrong in one way.
    @Test(arguments: [
        #""pomodoro":{"work":1500,"shortBreak":300,"cycles":13,"longBreak":900}"#,
        #""pomodoro":{"work":1500,"shortBreak":300,"cycles":4}"#,
        #""pomodoro":{"work":1500,"shortBreak":300,"cycles":4,"longBreak":900,"extra":1}"#,
        #""pomodoro":{"work":"25m","shortBreak":300,"cycles":4,"longBreak":900}"#,
        #""phase":{"kind":"lunch","cycle":1,"cycles":4,"endsAt":"2026-11-21T19:25:00Z"}"#,
        #""phase":{"kind":"work","cycle":1,"cycles":4}"#,
        #""pause":{"pausedAt":"yesterday","seconds":0,"count":1}"#,
        #""pause":{"seconds":0}"#,
        #""completedWork":"two""#,
    ])
    func refusesProgressTheDaemonNeverWrites(member: String) {
        let text = #"{"version":1,"sessions":[{"id":1,"owner":1000,"lists":["social"],"start":"2026-11-21T19:00:00Z","#
            + #""plannedEnd":"2026-11-21T20:00:00Z","locked":false,"blockedAttempts":0,"programsKilled":0,"# + member + "}]}"
        #expect(StatusSnapshotReader.snapshot(from: Array(text.utf8)) == nil)
        let valid = text.replacingOccurrences(of: "," + member, with: "")
        #expect(StatusSnapshotReader.snapshot(from: Array(valid.utf8)) != nil, "the same without it reads")
    }

    @Test func readsUTCTimesExactly() {
        #expect(StatusSnapshotReader.date("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(StatusSnapshotReader.date("2024-02-29T23:59:59Z") == Date(timeIntervalSince1970: 1_709_251_199))
        for bad in ["2023-02-29T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T19:60:00Z", "2026-11-21T19:00:00+01:00",
                    "2026-11-21T19:00:00.5Z", "2026-1-21T19:00:00Z", "２026-11-21T19:00:00Z", "1969-12-31T23:59:59Z",
                    "1013-11-21T19:54:29Z"] {
            #expect(StatusSnapshotReader.date(bad) == nil, "\(bad)")
        }
    }
}
