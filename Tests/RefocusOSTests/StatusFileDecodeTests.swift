import Foundation
import RefocusCore
import Testing

@testable import RefocusOS
@testable import RefocusProtocol

/// The status file's reader (`StatusFile.decode`, its fast path
/// `StatusSnapshotReader`) against the type that writes it
/// (`StatusSnapshot`'s `Codable`, through `JSONValueDecoder` and
/// `JSONDecoder`): what the daemon writes reads back equal, every change
/// of it reads as `Codable` reads it, and anything else is refused.
@Suite struct StatusFileDecodeTests {
    static func summary(_ id: Int64, lists: [String], start: TimeInterval, end: TimeInterval, locked: Bool) throws
        -> SessionSummary
    {
        SessionSummary(
            id: id, owner: 1000 + UInt32(id), lists: try lists.map { try BlockListName($0) },
            start: Date(timeIntervalSince1970: start), plannedEnd: Date(timeIntervalSince1970: end), locked: locked)
    }

    static func snapshots() throws -> [StatusSnapshot] {
        let first = StatusSnapshot.ActiveSession(
            try summary(
                1, lists: ["social"], start: 1_700_000_000, end: 1_700_003_000,
                locked: false),
            blockedAttempts: 0, programsKilled: 0)
        let second = StatusSnapshot.ActiveSession(
            try summary(
                7, lists: ["news", "games-2"], start: 951_782_400,
                end: 4_102_444_799, locked: true),
            blockedAttempts: 123_456_789_012, programsKilled: 3)
        // A pomodoro session in its second break, and one paused in its first work phase after an earlier pause.
        let plan = try PomodoroPlan(
            work: SessionLength(seconds: 1500), shortBreak: SessionLength(seconds: 300),
            cycles: 4, longBreak: SessionLength(seconds: 0))
        var pomodoro = try summary(8, lists: ["video"], start: 1_700_000_000, end: 1_700_006_900, locked: true)
        pomodoro.progress = SessionProgress(
            pomodoro: plan,
            phase: PhaseStatus(
                kind: .shortBreak, cycle: 2, cycles: 4,
                endsAt: Date(timeIntervalSince1970: 1_700_003_600)),
            completedWork: 2)
        var paused = try summary(9, lists: ["social"], start: 1_700_000_000, end: 1_700_007_000, locked: false)
        paused.label = try SessionLabel("thesis \"ch. 3\"")
        paused.progress = SessionProgress(
            pomodoro: .standard,
            phase: PhaseStatus(
                kind: .work, cycle: 1, cycles: 4,
                endsAt: Date(timeIntervalSince1970: 1_700_000_600)),
            pause: PauseStatus(
                pausedAt: Date(timeIntervalSince1970: 1_700_000_200),
                seconds: 720, count: 2),
            completedWork: 0)
        var resumed = try summary(10, lists: ["news"], start: 1_700_000_000, end: 1_700_009_000, locked: false)
        resumed.progress = SessionProgress(pause: PauseStatus(pausedAt: nil, seconds: 61, count: 1))
        let progressing = [pomodoro, paused, resumed].map {
            StatusSnapshot.ActiveSession($0, blockedAttempts: 5, programsKilled: 1)
        }
        // Every field of a session and of the counts set, an allowlist session with a failed hook.
        var ended = try summary(11, lists: ["work"], start: 1_700_000_000, end: 1_700_003_600, locked: false)
        (ended.endedAt, ended.outcome, ended.mode) = (Date(timeIntervalSince1970: 1_700_001_000), .stopped, .allow)
        (ended.entries, ended.programs, ended.label) = (12, 2, try SessionLabel("review"))
        let failedHook = HookReport(
            event: .start, sessionID: 11, outcome: .runnerFailed(.signal(9)),
            at: Date(timeIntervalSince1970: 1_700_000_005))
        let everything = StatusSnapshot.ActiveSession(
            ended, blockedAttempts: UInt64.max, programsKilled: 4,
            hookProblem: failedHook)
        let hooks = [HookOutcome.failed(.exit(3)), .failed(.exitAbove127), .timedOut, .refused].map {
            StatusSnapshot.ActiveSession(
                pomodoro,
                hookProblem: HookReport(
                    event: .end, sessionID: 8, outcome: $0,
                    at: Date(timeIntervalSince1970: 1_700_000_009)))
        }
        // A locked session whose emergency exit is pending, one with a pending pause, and an ended emergency exit.
        var exiting = try summary(12, lists: ["social"], start: 1_700_000_000, end: 1_700_009_000, locked: true)
        exiting.pending = PendingChange(
            kind: .emergency, requestedAt: Date(timeIntervalSince1970: 1_700_001_000),
            effectiveAt: Date(timeIntervalSince1970: 1_700_001_900),
            reason: try EmergencyReason("the \"doctor\" called"))
        exiting.delay = 120
        var pausing = try summary(13, lists: ["news"], start: 1_700_000_000, end: 1_700_009_000, locked: false)
        pausing.pending = PendingChange(
            kind: .pause, requestedAt: Date(timeIntervalSince1970: 1_700_001_000),
            effectiveAt: Date(timeIntervalSince1970: 1_700_001_120))
        pausing.delay = 120
        var exited = try summary(14, lists: ["video"], start: 1_700_000_000, end: 1_700_009_000, locked: true)
        (exited.endedAt, exited.outcome) = (Date(timeIntervalSince1970: 1_700_001_900), .emergency)
        exited.reason = try EmergencyReason("the doctor called")
        let loosening = [exiting, pausing, exited].map { StatusSnapshot.ActiveSession($0, blockedAttempts: 2) }
        // Daily allowances: one counting, one spent and locked for the day, one idle, one the administrator's; with
        // sessions and without.
        let allowances = [
            AllowanceSummary(
                owner: 1000, list: try BlockListName("video"), dailySeconds: 1800, usedSeconds: 600,
                countingSince: Date(timeIntervalSince1970: 1_700_001_000),
                resetsAt: Date(timeIntervalSince1970: 1_700_050_000), spent: false, programs: 2, domains: 3),
            AllowanceSummary(
                owner: 1001, list: try BlockListName("games-2"), dailySeconds: 60, usedSeconds: 60,
                resetsAt: Date(timeIntervalSince1970: 1_700_050_000),
                lockedUntil: Date(timeIntervalSince1970: 1_700_050_000), spent: true, programs: 1, domains: 0),
            AllowanceSummary(
                owner: 1000, list: try BlockListName("news"), dailySeconds: 86_399, usedSeconds: 0,
                resetsAt: Date(timeIntervalSince1970: 1_700_040_000), spent: false, programs: 0, domains: 12),
            AllowanceSummary(
                owner: 1002, list: try BlockListName("games"), dailySeconds: 3600, usedSeconds: 100,
                resetsAt: Date(timeIntervalSince1970: 1_700_040_000),
                lockedUntil: Date(timeIntervalSince1970: 1_700_040_000), spent: false, programs: 1, domains: 0,
                setByAdministrator: true),
        ]
        // The administrator's schedules in force: one locked for two users, one not.
        let administered = [
            AdministeredSummary(
                name: try BlockListName("school-nights"), lists: [try BlockListName("games")], uids: [1001, 1002],
                locked: true, start: Date(timeIntervalSince1970: 1_700_000_000),
                end: Date(timeIntervalSince1970: 1_700_039_600)),
            AdministeredSummary(
                name: try BlockListName("lab"), lists: [try BlockListName("games"), try BlockListName("video")],
                uids: [1003], locked: false, start: Date(timeIntervalSince1970: 1_700_000_060),
                end: Date(timeIntervalSince1970: 1_700_003_600)),
        ]
        return [
            StatusSnapshot(sessions: [], counts: nil, allowances: allowances),
            StatusSnapshot(sessions: [], counts: nil, administered: administered),
            StatusSnapshot(
                sessions: [first],
                counts: StatusSnapshot.Counts(names: 1, addresses: 0, programs: 3, programBlocking: .execEvents),
                allowances: [allowances[1]]),
            StatusSnapshot(sessions: loosening, counts: nil),
            StatusSnapshot(
                sessions: [everything],
                counts: StatusSnapshot.Counts(
                    names: 1, addresses: 2, programs: 3, programBlocking: .execPermission, firewall: .table,
                    resolverNames: 4, browserPolicies: [], dohEndpoints: 5)),
        ] + hooks.map { StatusSnapshot(sessions: [$0], counts: nil) } + [
            StatusSnapshot(
                sessions: progressing,
                counts: StatusSnapshot.Counts(
                    names: 6, addresses: 1, programs: 0,
                    programBlocking: .none, firewall: .table,
                    resolverNames: 3, browserPolicies: ["chromium", "brave"])),
            StatusSnapshot(sessions: [], counts: nil),
            StatusSnapshot(
                sessions: [first],
                counts: StatusSnapshot.Counts(
                    names: 6, addresses: 1, programs: 0,
                    programBlocking: .none)),
            StatusSnapshot(
                sessions: [first, second],
                counts: StatusSnapshot.Counts(
                    names: 300_000, addresses: 100_000,
                    programs: 2, programBlocking: .procScan)),
        ]
    }

    @Test func readsWhatTheDaemonWritesAsCodableDoes() throws {
        for snapshot in try Self.snapshots() {
            let bytes = StatusFile.encode(snapshot)
            let codable = try HelperProtocol.decoder().decode(StatusSnapshot.self, from: Data(bytes))
            #expect(codable == snapshot)
            #expect(StatusFile.decode(bytes) == snapshot, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(StatusFile.decodeByCodable(bytes) == snapshot)
        }
    }

    /// Values that stand in for a member, each wrong for most of them.
    static let replacements: [JSONValue] = [
        .null, .string("x"), .string("2026-11-21T19:00:00Z"), .string("social"), .string("work"), .string("failed"),
        .number("-1"), .number("0"), .number("1.5"), .number("13"), .number("18446744073709551615"), .bool(true),
        .bool(false), .array([]), .array([.string("social")]), .object([]),
    ]

    /// The fast path is checked against the type, member by member: in
    /// every snapshot the daemon can write, each member at every depth
    /// removed, or replaced by each of `replacements`, reads as
    /// `StatusSnapshot`'s `Codable` reads it (the same snapshot, or nil).
    @Test func readsEveryChangedMemberAsCodableDoes() throws {
        var compared = 0
        for snapshot in try Self.snapshots() {
            let document = try JSONValue(parsing: StatusFile.encode(snapshot))
            for variant in Self.variants(of: document) {
                let bytes = Array(variant.text.utf8)
                #expect(StatusFile.decode(bytes) == StatusFile.decodeByCodable(bytes), "\(variant.text)")
                compared += 1
            }
        }
        #expect(compared > 1_000)
    }

    /// `value` with one member removed or replaced, for every member at every depth.
    static func variants(of value: JSONValue) -> [JSONValue] {
        switch value {
        case .object(let members):
            var result: [JSONValue] = []
            for (index, member) in members.enumerated() {
                var removed = members
                removed.remove(at: index)
                result.append(.object(removed))
                for replacement in replacements + variants(of: member.value) {
                    var changed = members
                    changed[index].value = replacement
                    result.append(.object(changed))
                }
            }
            return result
        case .array(let elements):
            return elements.indices.flatMap { index in
                variants(of: elements[index]).map { element in
                    var changed = elements
                    changed[index] = element
                    return JSONValue.array(changed)
                }
            }
        default:
            return []
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
        #"{"version":1,"sessions":[],"allowances":{}}"#,
        #"{"version":1,"sessions":[],"administered":{}}"#,
        #"{"version":1,"sessions":[],"administered":[{"name":"lab","lists":["games"],"uids":[1000],"locked":true,"start":"2026-11-21T19:00:00Z"}]}"#,
        #"{"version":1,"sessions":[],"administered":[{"name":"lab","lists":["Games!"],"uids":[1000],"locked":true,"start":"2026-11-21T19:00:00Z","end":"2026-11-21T20:00:00Z"}]}"#,
        #"{"version":1,"sessions":[],"administered":[{"name":"lab","lists":["games"],"uids":[-1],"locked":true,"start":"2026-11-21T19:00:00Z","end":"2026-11-21T20:00:00Z"}]}"#,
        #"{"version":1,"sessions":[],"allowances":[{"owner":1000,"list":"video","dailySeconds":60}]}"#,
        #"{"version":1,"sessions":[],"allowances":[{"owner":1000,"list":"Video!","dailySeconds":60,"usedSeconds":0,"resetsAt":"2026-11-21T20:00:00Z","spent":false,"programs":1,"domains":0}]}"#,
        #"{"version":1,"sessions":[],"allowances":[{"owner":1000,"list":"video","dailySeconds":60,"usedSeconds":0,"resetsAt":"2026-11-21T20:00:00Z","spent":false,"programs":1,"domains":0,"countingSince":"now"}]}"#,
    ])
    func refusesWhatTheDaemonNeverWrites(text: String) {
        #expect(StatusFile.decode(Array(text.utf8)) == nil)
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
        let text =
            #"{"version":1,"sessions":[{"id":1,"owner":1000,"lists":["social"],"start":"2026-11-21T19:00:00Z","#
            + #""plannedEnd":"2026-11-21T20:00:00Z","locked":false,"blockedAttempts":0,"programsKilled":0,"# + member
            + "}]}"
        #expect(StatusFile.decode(Array(text.utf8)) == nil)
        let valid = text.replacingOccurrences(of: "," + member, with: "")
        #expect(StatusFile.decode(Array(valid.utf8)) != nil, "the same without it reads")
    }

    /// A status file that repeats a key is refused, as the helper refuses
    /// such a request: the old reader kept the last of the two (here
    /// `locked: true`) where `JSONDecoder` kept the first.
    @Test func refusesARepeatedKey() throws {
        let text =
            #"{"version":1,"sessions":[{"id":1,"owner":1000,"lists":["social"],"start":"2026-11-21T19:00:00Z","#
            + #""plannedEnd":"2026-11-21T20:00:00Z","locked":false,"blockedAttempts":0,"programsKilled":0,"locked":true}]}"#
        #expect(StatusFile.decode(Array(text.utf8)) == nil)
        let once = text.replacingOccurrences(of: #","locked":true"#, with: "")
        #expect(
            StatusFile.decode(Array(once.utf8))?.sessions.first?.session.locked == false, "the same without it reads")
    }

    /// The status file's caps: nesting past `StatusFile.maximumDepth`, and a file past `maximumBytes`.
    @Test func capsItsNestingAndSize() throws {
        let deep =
            String(repeating: "[", count: StatusFile.maximumDepth + 1)
            + String(repeating: "]", count: StatusFile.maximumDepth + 1)
        let text = #"{"version":1,"sessions":[],"extra":"# + deep + "}"
        #expect(StatusFile.decode(Array(text.utf8)) == nil)
        let shallow = #"{"version":1,"sessions":[],"extra":[[1]]}"#
        #expect(StatusFile.decode(Array(shallow.utf8)) != nil, "an unknown member within the caps is ignored")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("status-caps-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let padded =
            Array(shallow.utf8.dropLast()) + Array(#","pad":""#.utf8)
            + [UInt8](repeating: UInt8(ascii: "x"), count: StatusFile.maximumBytes) + Array("\"}".utf8)
        try Data(padded).write(to: URL(fileURLWithPath: folder + "/status.json"))
        #expect(StatusFile(path: folder + "/status.json").read() == nil)
        try Data(shallow.utf8).write(to: URL(fileURLWithPath: folder + "/status.json"))
        #expect(StatusFile(path: folder + "/status.json").read() != nil)
    }
}
