import Foundation
import RefocusCore
import RefocusFeatures
import Testing

/// Every decision `FollowPlan` takes from the files of the `sessions` area
/// (issue 32) on machine `desk`: its own folder passed over; a start applied
/// for the time left to its end, a past one ignored, one stopped before it
/// arrived skipped unless locked; a pomodoro kept when on time and blocked
/// straight to its end when over a minute late; clock skew noted; a change
/// matched to its start, waiting for it, or ignored; each kind of file that
/// is not an intent of its place refused with its reason; an intent with an
/// outcome here never planned again; and the order of the steps.
@Suite struct FollowPlanTests {
    static let here = "desk"
    /// A quarter second past a whole second: file times are whole seconds, so lengths round.
    static let now = Date(timeIntervalSince1970: 1_800_000_000.25)
    static let second = Date(timeIntervalSince1970: 1_800_000_000)

    /// An id made of one repeated hexadecimal digit, so that the ids of a test sort as their digits do.
    static func id(_ digit: Character) -> String { String(repeating: digit, count: 32) }

    static func start(
        _ digit: Character, from machine: String = "laptop", end: TimeInterval = 1500, locked: Bool = false,
        created: TimeInterval = -1
    ) throws -> SessionIntent {
        SessionIntent(
            id: id(digit), machine: machine, action: .start, lists: [try BlockListName("social")],
            end: second.addingTimeInterval(end), locked: locked, createdAt: second.addingTimeInterval(created))
    }

    static func change(
        _ action: SessionIntent.Action, _ digit: Character, of target: Character, from machine: String = "laptop",
        created: TimeInterval = 0
    ) -> SessionIntent {
        SessionIntent(
            id: id(digit), machine: machine, action: action, target: id(target),
            createdAt: second.addingTimeInterval(created))
    }

    /// The file a machine publishes for `intent`, at its own place.
    static func file(_ intent: SessionIntent) throws -> SyncStoreFile {
        SyncStoreFile(machine: intent.machine, name: intent.id + ".json", contents: .success(try intent.fileBytes()))
    }

    /// A file of `text` at `sessions/MACHINE/NAME`.
    static func file(_ text: String, machine: String = "laptop", name: String = id("a") + ".json") -> SyncStoreFile {
        SyncStoreFile(machine: machine, name: name, contents: .success(Array(text.utf8)))
    }

    static func steps(_ files: [SyncStoreFile], state: FollowState = FollowState()) -> [FollowPlan.Step] {
        FollowPlan.steps(files, state: state, machine: here, now: now)
    }

    @Test func thisMachinesOwnFolderIsPassedOverEvenWhatIsNoIntent() throws {
        let own = try Self.start("a", from: Self.here)
        #expect(Self.steps([try Self.file(own), Self.file("not json", machine: Self.here)]).isEmpty)
        let other = try Self.start("b")
        #expect(Self.steps([try Self.file(own), try Self.file(other)]).count == 1)
    }

    @Test func aStartIsAppliedForTheTimeLeftToItsEndRoundedUp() throws {
        let intent = try Self.start("a", end: 1500)
        // 1500 s after the whole second, a quarter second has gone: 1499.75 s left, a session of 1500 s.
        #expect(
            Self.steps([try Self.file(intent)])
                == [.start(intent, length: SessionLength(seconds: 1500), pomodoro: nil, note: nil)])
        let short = try Self.start("b", end: 2)
        #expect(
            Self.steps([try Self.file(short)])
                == [.start(short, length: SessionLength(seconds: 2), pomodoro: nil, note: nil)])
    }

    @Test(arguments: [0, -1, -86_400] as [TimeInterval])
    func aStartWhoseEndHasPassedIsIgnored(end: TimeInterval) throws {
        let intent = try Self.start("a", end: end, created: end - 1500)
        let steps = Self.steps([try Self.file(intent)])
        guard case .ignore(intent, let reason) = try #require(steps.first), steps.count == 1 else {
            Issue.record("\(steps)")
            return
        }
        #expect(reason.contains("had passed when it arrived"), "\(reason)")
    }

    @Test func aStartArrivingAtTheSecondItEndsIsIgnored() throws {
        let intent = try Self.start("a", end: 1500)
        let atItsEnd = Self.second.addingTimeInterval(1500)
        let steps = FollowPlan.steps([try Self.file(intent)], state: FollowState(), machine: Self.here, now: atItsEnd)
        guard case .ignore(intent, _) = try #require(steps.first) else {
            Issue.record("\(steps)")
            return
        }
        let aSecondBefore = FollowPlan.steps(
            [try Self.file(intent)], state: FollowState(), machine: Self.here, now: atItsEnd.addingTimeInterval(-1))
        #expect(aSecondBefore == [.start(intent, length: SessionLength(seconds: 1), pomodoro: nil, note: nil)])
    }

    @Test func anUnlockedStartStoppedInTheSameRoundIsSkippedALockedOneIsNot() throws {
        let unlocked = try Self.start("a"), stop = Self.change(.stop, "b", of: "a")
        #expect(
            Self.steps([try Self.file(stop), try Self.file(unlocked)]) == [
                .ignore(unlocked, reason: "it was stopped before it arrived"),
                .ignore(stop, reason: "its start was not applied here"),
            ])
        let locked = try Self.start("a", locked: true)
        #expect(
            Self.steps([try Self.file(stop), try Self.file(locked)]) == [
                .start(locked, length: SessionLength(seconds: 1500), pomodoro: nil, note: nil), .change(stop),
            ])
    }

    static func pomodoro(anchor: TimeInterval) throws -> SessionIntent {
        SessionIntent(
            id: id("c"), machine: "laptop", action: .start, lists: [try BlockListName("social")],
            pomodoro: .standard, anchor: second.addingTimeInterval(anchor), createdAt: second.addingTimeInterval(anchor)
        )
    }

    @Test func aPomodoroWithinAMinuteKeepsItsPlanLaterItIsBlockedStraightToItsEnd() throws {
        let total = PomodoroPlan.standard.total
        for anchor in [0, -30, -59] as [TimeInterval] {
            let onTime = try Self.pomodoro(anchor: anchor)
            #expect(
                Self.steps([try Self.file(onTime)])
                    == [.start(onTime, length: SessionLength(seconds: total), pomodoro: .standard, note: nil)],
                "\(anchor) s")
        }
        let late = try Self.pomodoro(anchor: -61)
        // 61.25 s late: the rest of the plan is total - 61.25 s, rounded up.
        #expect(
            Self.steps([try Self.file(late)]) == [
                .start(
                    late, length: SessionLength(seconds: total - 61), pomodoro: nil,
                    note: "arrived 61 s after its start: blocked straight to its end")
            ])
        let over = try Self.pomodoro(anchor: -TimeInterval(total))
        guard case .ignore = try #require(Self.steps([try Self.file(over)]).first) else {
            Issue.record("a pomodoro whose plan is over was applied")
            return
        }
    }

    @Test func aClockMoreThanAMinuteAheadIsNotedAndTheEndUsedAsWritten() throws {
        let ahead = try Self.start("a", end: 1500, created: 61)
        #expect(
            Self.steps([try Self.file(ahead)]) == [
                .start(
                    ahead, length: SessionLength(seconds: 1500), pomodoro: nil,
                    note: "laptop's clock is 60 s ahead of this one; the end is used as written")
            ])
        let justWithin = try Self.start("b", end: 1500, created: 60)
        #expect(
            Self.steps([try Self.file(justWithin)])
                == [.start(justWithin, length: SessionLength(seconds: 1500), pomodoro: nil, note: nil)])
    }

    @Test func aChangeFindsItsStartWaitsForItOrIsIgnored() throws {
        var linked = FollowState()
        linked.sessions[Self.id("a")] = 7
        for action in [SessionIntent.Action.stop, .pause, .resume, .next] {
            let change = Self.change(action, "b", of: "a", from: "phone")
            #expect(Self.steps([try Self.file(change)], state: linked) == [.change(change)], "\(action)")
        }
        let stop = Self.change(.stop, "b", of: "a")
        let arriving = try Self.start("a", locked: true)
        #expect(
            Self.steps([try Self.file(arriving), try Self.file(stop)])
                == [.start(arriving, length: SessionLength(seconds: 1500), pomodoro: nil, note: nil), .change(stop)])
        let pause = Self.change(.pause, "b", of: "a")
        let past = try Self.start("a", end: -5, created: -1500)
        #expect(
            Self.steps([try Self.file(past), try Self.file(pause)]).last
                == .ignore(pause, reason: "its start was not applied here"))
        #expect(Self.steps([try Self.file(pause)]) == [.wait(pause, reason: "waiting for its start to arrive")])
        let old = Self.change(.pause, "b", of: "a", created: -86_401)
        #expect(Self.steps([try Self.file(old)]) == [.ignore(old, reason: "its start never arrived")])
        let dayOld = Self.change(.pause, "b", of: "a", created: -86_399)
        #expect(Self.steps([try Self.file(dayOld)]) == [.wait(dayOld, reason: "waiting for its start to arrive")])
        var refused = FollowState()
        refused.outcomes[Self.id("a")] = .init(kind: .refused, machine: "laptop", action: .start, at: Self.second)
        #expect(
            Self.steps([try Self.file(pause)], state: refused)
                == [.ignore(pause, reason: "its start is not in force here (refused)")])
        var waiting = FollowState()
        waiting.outcomes[Self.id("a")] = .init(kind: .pending, machine: "laptop", action: .start, at: Self.second)
        #expect(
            Self.steps([try Self.file(pause)], state: waiting)
                == [.wait(pause, reason: "waiting for its start to arrive")])
    }

    /// A start's fields as JSON, with `replacing` put in (nil leaves a field out).
    static func startText(_ replacing: [String: String?] = [:], id: String = id("a"), machine: String = "laptop")
        -> String
    {
        var fields: [String: String] = [
            "version": "1", "id": "\"\(id)\"", "machine": "\"\(machine)\"", "action": "\"start\"",
            "lists": "[\"social\"]", "end": "\"2027-01-15T08:25:00Z\"", "createdAt": "\"2027-01-15T08:00:00Z\"",
        ]
        for (key, value) in replacing { fields[key] = value }
        return "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    @Test func theTextsUsedBelowAreIntentsAsTheyStand() throws {
        // So that each refusal below is the one change it makes, not a broken base.
        let steps = FollowPlan.steps(
            [Self.file(Self.startText())], state: FollowState(), machine: Self.here, now: Self.now)
        guard case .start = try #require(steps.first) else {
            Issue.record("\(steps)")
            return
        }
    }

    @Test(
        arguments: [
            (file("{}", name: "notes.txt"), "not an intent's name"),
            (file(startText(), name: id("a") + ".JSON"), "not an intent's name"),
            (file(startText(), name: id("a").uppercased() + ".json"), "not an intent's name"),
            (file(startText(), name: id("a")), "not an intent's name"),
            (file(startText(), name: ".." + id("a") + ".json"), "not an intent's name"),
            (file(startText(machine: "phone")), "its machine or id is not the one its place names"),
            (file(startText(id: id("b"))), "its machine or id is not the one its place names"),
            (file("{\"version\":1,\"id\":"), "not JSON"),
            (SyncStoreFile(machine: "laptop", name: id("a") + ".json", contents: .success([0xFF, 0xFE])), "not JSON"),
            (file(String(repeating: "[", count: 300) + String(repeating: "]", count: 300)), "not JSON"),
            (file(startText(["owner": "0"])), "unknown field 'owner'"),
            (file(startText(["lists": "[\"../social\"]"])), "'../social' is not a list name"),
            (file(startText(["lists": "[\"a/b\"]"])), "'a/b' is not a list name"),
            (
                file(startText(["lists": "[" + (0...32).map { "\"l\($0)\"" }.joined(separator: ",") + "]"])),
                "more than 32 elements"
            ),
            (
                file(startText(["action": "\"stop\"", "target": "\"\(id("b"))\""])),
                "a stop carries nothing but its target"
            ),
            (file(String(repeating: " ", count: SessionIntent.maximumBytes + 1)), "more than an intent's"),
        ] as [(SyncStoreFile, String)])
    func aFileThatIsNoIntentOfItsPlaceIsRefusedWithItsReason(file: SyncStoreFile, reason: String) {
        let steps = Self.steps([file])
        guard steps.count == 1, case .refuseFile(let key, let machine, let said) = steps[0] else {
            Issue.record("\(steps)")
            return
        }
        #expect(key == "sessions/\(file.machine)/\(file.name)")
        #expect(machine == file.machine)
        #expect(said.contains(reason), "\(said)")
    }

    @Test(
        arguments: [
            SyncStoreFile.Refusal.tooLarge(1 << 20), .notPlainFile, .otherOwner(1001), .badPlace,
            .unreadable("Permission denied"),
        ])
    func aFileTheTransportRefusedIsRefusedWithTheTransportsReason(refusal: SyncStoreFile.Refusal) {
        let file = SyncStoreFile(machine: "evil", name: Self.id("a") + ".json", contents: .failure(refusal))
        #expect(
            Self.steps([file])
                == [
                    .refuseFile(key: "sessions/evil/\(Self.id("a")).json", machine: "evil", reason: refusal.description)
                ])
    }

    @Test func anIntentWithAnOutcomeHereIsNotPlannedAgainUnlessItIsPending() throws {
        let intent = try Self.start("a"), stop = Self.change(.stop, "b", of: "c")
        for kind in [FollowState.Outcome.Kind.published, .applied, .refused, .ignored] {
            var state = FollowState()
            state.outcomes[intent.id] = .init(kind: kind, machine: "laptop", action: .start, at: Self.second)
            state.outcomes[stop.id] = .init(kind: kind, machine: "laptop", action: .stop, at: Self.second)
            #expect(Self.steps([try Self.file(intent), try Self.file(stop)], state: state).isEmpty, "\(kind)")
        }
        var pending = FollowState()
        pending.outcomes[intent.id] = .init(kind: .pending, machine: "laptop", action: .start, at: Self.second)
        #expect(
            Self.steps([try Self.file(intent)], state: pending)
                == [.start(intent, length: SessionLength(seconds: 1500), pomodoro: nil, note: nil)])
    }

    @Test func refusalsComeFirstThenStartsThenChangesEachOldestFirst() throws {
        let early = try Self.start("d", from: "phone", created: -300), late = try Self.start("1", created: -10)
        let sameTime = try Self.start("5", from: "phone", created: -10)
        let pause = Self.change(.pause, "2", of: "1", created: -5), next = Self.change(.next, "0", of: "d", created: -1)
        let broken = Self.file("{", machine: "tablet")
        let files = try [pause, late, next, sameTime, early].map { try Self.file($0) } + [broken]
        let length = SessionLength(seconds: 1500)
        #expect(
            Self.steps(files) == [
                .refuseFile(key: broken.path(in: .sessions), machine: "tablet", reason: Self.reason(broken)),
                .start(early, length: length, pomodoro: nil, note: nil),
                .start(late, length: length, pomodoro: nil, note: nil),
                .start(sameTime, length: length, pomodoro: nil, note: nil),
                .change(pause), .change(next),
            ])
    }

    /// The reason `FollowPlan` gives for a file it refuses.
    static func reason(_ file: SyncStoreFile) -> String {
        guard
            case .refuseFile(_, _, let reason) = FollowPlan.steps([file], state: FollowState(), machine: here, now: now)
                .first
        else { return "" }
        return reason
    }
}
