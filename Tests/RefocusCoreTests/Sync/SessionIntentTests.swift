import Foundation
import RefocusCore
import RefocusFeatures
import Testing

/// Session intents (issue 32) as files of the sync store: what a machine
/// writes reads back the same, and what someone else could put in a shared
/// folder (too large, not JSON, nested deep, a smuggled field, a list name
/// that climbs out, a stop that carries a start's fields, a foreign
/// version) is refused with its reason, never read as something else.
@Suite struct SessionIntentTests {
    static let id = "0123456789abcdef0123456789abcdef"
    static let other = "fedcba9876543210fedcba9876543210"
    static let at = Date(timeIntervalSince1970: 1_800_000_000)

    static func start() throws -> SessionIntent {
        SessionIntent(
            id: id, machine: "laptop", action: .start, lists: [try BlockListName("social")],
            end: at.addingTimeInterval(1500), locked: true, label: try SessionLabel("thesis"), createdAt: at)
    }

    /// The intent a file of `text` holds, or why it was refused.
    static func read(_ text: String) -> Result<SessionIntent, SessionIntent.FileProblem> {
        Result { () throws(SessionIntent.FileProblem) in try SessionIntent.read(Array(text.utf8)) }
    }

    @Test func whatAMachineWritesReadsBackTheSame() throws {
        let start = try Self.start()
        #expect(try SessionIntent.read(try start.fileBytes()) == start)
        #expect(start.relativePath == "sessions/laptop/\(Self.id).json")
        #expect(start.endsAt == Self.at.addingTimeInterval(1500))
        let plan = PomodoroPlan.standard
        let pomodoro = SessionIntent(
            id: Self.other, machine: "desk-1", action: .start, lists: [try BlockListName("video")], pomodoro: plan,
            anchor: Self.at, createdAt: Self.at)
        #expect(try SessionIntent.read(try pomodoro.fileBytes()) == pomodoro)
        #expect(pomodoro.endsAt == Self.at.addingTimeInterval(TimeInterval(plan.total)))
        let stop = SessionIntent(id: Self.other, machine: "desk-1", action: .stop, target: Self.id, createdAt: Self.at)
        #expect(try SessionIntent.read(try stop.fileBytes()) == stop)
        #expect(stop.endsAt == nil)
    }

    /// A start's fields as JSON fragments, in order; `changes` replaces or adds fields (nil: leaves one out).
    static func text(_ changes: [String: String?]) -> String {
        let fields: [(String, String)] = [
            ("version", "1"), ("id", "\"\(id)\""), ("machine", "\"laptop\""), ("action", "\"start\""),
            ("lists", "[\"social\"]"), ("end", "\"2027-01-15T08:25:00Z\""),
            ("createdAt", "\"2027-01-15T08:00:00Z\""),
        ]
        return JSONFieldsText.object(fields, changing: changes)
    }

    static let stop: [String: String?] = ["action": "\"stop\"", "lists": nil, "end": nil]

    @Test(
        arguments: [
            (["owner": "0"], "unknown field 'owner'"),
            (["version": "2"], "version 2 is not 1"),
            (["lists": "[\"../etc\"]"], "'../etc' is not a list name"),
            (["machine": "\"../other\""], "its machine name is not a plain name"),
            (["id": "\"0123\""], "its id is not 32 lower-case hexadecimal digits"),
            (["end": nil], "a start has an end, or a pomodoro plan with its anchor, not both"),
            (["lists": "[]"], "a start names 1 to 32 lists, each once"),
            (["lists": "[\"social\",\"social\"]"], "a start names 1 to 32 lists, each once"),
            (stop, "a stop names the start it changes"),
            (stop.merging(["target": "\"\(id)\"", "locked": "true"]) { $1 }, "a stop carries nothing but its target"),
            (["action": "\"delete\""], "action"),
            (["end": "\"tomorrow\""], "end"),
        ] as [([String: String?], String)])
    func aHostileIntentIsRefusedWithItsReason(changes: [String: String?], reason: String) {
        switch Self.read(Self.text(changes)) {
        case .success(let intent): Issue.record("read as \(intent)")
        case .failure(.invalid(let said)): #expect(said.contains(reason), "\(said)")
        case .failure(let other): Issue.record("\(other)")
        }
    }

    @Test func tooManyListsTooLargeNotJSONOrTooDeepAreRefusedBeforeAnyField() throws {
        let many = Self.text(["lists": "[" + (0...32).map { "\"l\($0)\"" }.joined(separator: ",") + "]"])
        if case .failure(.invalid(let said)) = Self.read(many) {
            #expect(said.contains("more than 32 elements"), "\(said)")
        } else {
            Issue.record("33 lists read")
        }
        let huge = String(repeating: " ", count: SessionIntent.maximumBytes + 1)
        #expect(Self.read(huge) == .failure(.tooLarge(SessionIntent.maximumBytes + 1)))
        if case .failure(.notJSON) = Self.read("{\"version\":1,") {} else { Issue.record("cut JSON read") }
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        if case .failure(.notJSON) = Self.read(deep) {} else { Issue.record("a depth bomb read") }
    }
}
