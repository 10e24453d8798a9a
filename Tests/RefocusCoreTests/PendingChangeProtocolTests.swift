import Foundation
import Testing

@testable import RefocusCore
@testable import RefocusProtocol

/// The wire of pending changes: the emergency exit's reason, the pending
/// change itself, and the fields the stop and start requests and the
/// session summary gained, each decoded strictly.
@Suite struct PendingChangeProtocolTests {
    /// `value` encoded as the helper encodes, as text.
    func text(_ value: some Encodable) throws -> String {
        String(decoding: try HelperProtocol.encoder().encode(value), as: UTF8.self)
    }

    /// `json` decoded as `T` by the helper's decoder.
    func decode<T: Decodable>(_: T.Type, _ json: String) throws -> T {
        try HelperProtocol.decoder().decode(T.self, from: Data(json.utf8))
    }

    static let at = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [
        ("", "it is empty"), ("   ", "it is empty"),
        (String(repeating: "x", count: 201), "it is longer than 200 characters"),
        ("the doctor\ncalled", "it holds a control character or a line break"),
        ("tab\there", "it holds a control character or a line break"),
        ("zero\u{200B}width", "it holds a control character or a line break"),
        (" padded", "it starts or ends with white space"),
    ])
    func reasonsAreRefusedWithTheRule(_ text: String, _ rule: String) {
        #expect(throws: EmergencyReasonError(reason: text, rule: rule)) { try EmergencyReason(text) }
    }

    @Test func reasonsOnOneLineAreKept() throws {
        #expect(try EmergencyReason("the doctor called").rawValue == "the doctor called")
        #expect(try EmergencyReason(String(repeating: "é", count: 200)).rawValue.count == 200)
        #expect(
            EmergencyReasonError(reason: "", rule: "it is empty").description
                == "\"\" is not a reason for an emergency exit: it is empty; give 1 to 200 characters on one line, "
                + "such as 'the doctor called'")
        #expect(SessionOutcome(rawValue: "emergency") == .emergency)
    }

    @Test func pendingChangesRoundTrip() throws {
        let emergency = PendingChange(
            kind: .emergency, requestedAt: Self.at, effectiveAt: Self.at.addingTimeInterval(900),
            reason: try EmergencyReason("the doctor called"))
        #expect(
            try text(emergency) == #"{"effectiveAt":"2027-01-15T08:15:00Z","kind":"emergency","#
                + #""reason":"the doctor called","requestedAt":"2027-01-15T08:00:00Z"}"#)
        let stop = PendingChange(kind: .stop, requestedAt: Self.at, effectiveAt: Self.at.addingTimeInterval(120))
        #expect(
            try text(stop)
                == #"{"effectiveAt":"2027-01-15T08:02:00Z","kind":"stop","requestedAt":"2027-01-15T08:00:00Z"}"#)
        for change in [emergency, stop, PendingChange(kind: .pause, requestedAt: Self.at, effectiveAt: Self.at)] {
            #expect(try decode(PendingChange.self, try text(change)) == change)
        }
    }

    @Test(arguments: [
        #"{"kind":"emergency","requestedAt":"2027-01-15T08:00:00Z","effectiveAt":"2027-01-15T08:15:00Z"}"#,
        #"{"kind":"stop","requestedAt":"2027-01-15T08:00:00Z","effectiveAt":"2027-01-15T08:15:00Z","reason":"x"}"#,
        #"{"kind":"stop","requestedAt":"2027-01-15T08:00:00Z","effectiveAt":"2027-01-15T07:59:59Z"}"#,
        #"{"kind":"stop","requestedAt":"2027-01-15T08:00:00Z","effectiveAt":"2027-01-15T08:15:00Z","by":0}"#,
        #"{"kind":"resume","requestedAt":"2027-01-15T08:00:00Z","effectiveAt":"2027-01-15T08:15:00Z"}"#,
        #"{"kind":"emergency","requestedAt":"2027-01-15T08:00:00Z","effectiveAt":"2027-01-15T08:15:00Z","reason":""}"#,
        #"{"kind":"stop","effectiveAt":"2027-01-15T08:15:00Z"}"#,
    ])
    func pendingChangesAreDecodedStrictly(_ json: String) {
        #expect(throws: (any Error).self) { try decode(PendingChange.self, json) }
    }

    @Test func stopRequestsCarryTheEmergencyExitOrTheWithdrawal() throws {
        let reason = try EmergencyReason("the doctor called")
        #expect(try text(StopRequest(sessionID: 3)) == #"{"sessionID":3}"#)
        #expect(try text(StopRequest(sessionID: nil, cancel: true)) == #"{"cancel":true}"#)
        #expect(
            try text(StopRequest(sessionID: 3, emergency: reason))
                == #"{"emergency":"the doctor called","sessionID":3}"#)
        for request in [
            StopRequest(sessionID: 3), StopRequest(sessionID: nil, cancel: true),
            StopRequest(sessionID: 3, emergency: reason),
        ] {
            #expect(try decode(StopRequest.self, try text(request)) == request)
        }
        #expect(try decode(StopRequest.self, #"{"cancel":false}"#) == StopRequest(sessionID: nil))
        for json in [
            #"{"cancel":true,"emergency":"the doctor called"}"#, #"{"emergency":" x"}"#, #"{"emergency":""}"#,
            #"{"cancel":1}"#, #"{"emergency":true}"#,
        ] {
            #expect(throws: (any Error).self, "\(json)") { try decode(StopRequest.self, json) }
        }
    }

    @Test func startRequestsCarryTheirDelayWhenThereIsOne() throws {
        let list = BlockList(name: try BlockListName("social"), entries: [try BlockEntry(parsing: "reddit.com")])
        var request = StartRequest(lists: [list], length: SessionLength(seconds: 3000), locked: false)
        #expect(try !text(request).contains("delay"))
        request.delay = 0
        #expect(try !text(request).contains("delay"))
        request.delay = 120
        #expect(try text(request).contains(#""delay":120"#))
        #expect(try decode(StartRequest.self, try text(request)) == request)
        let base = #"{"lists":[{"name":"social","entries":["reddit.com"],"programs":[]}],"length":60,"locked":false"#
        #expect(try decode(StartRequest.self, base + #","delay":86400}"#).delay == 86_400)
        #expect(try decode(StartRequest.self, base + #","delay":0}"#).delay == nil, "0 is none")
        for delay in ["-1", "86401", "1.5", "\"2m\""] {
            #expect(throws: (any Error).self, "\(delay)") {
                try decode(StartRequest.self, base + #","delay":"# + delay + "}")
            }
        }
    }

    @Test func summariesCarryThePendingChangeTheReasonAndTheDelay() throws {
        let plain = SessionSummary(
            id: 4, owner: 1000, lists: [try BlockListName("social")], start: Self.at,
            plannedEnd: Self.at.addingTimeInterval(3600), locked: true)
        for key in ["pending", "reason", "delay"] { #expect(try !text(plain).contains(key)) }
        var pending = plain
        pending.pending = PendingChange(
            kind: .emergency, requestedAt: Self.at, effectiveAt: Self.at.addingTimeInterval(900),
            reason: try EmergencyReason("the doctor called"))
        pending.delay = 120
        var ended = plain
        (ended.endedAt, ended.outcome) = (Self.at.addingTimeInterval(900), .emergency)
        ended.reason = try EmergencyReason("the doctor called")
        for summary in [plain, pending, ended] {
            #expect(try decode(SessionSummary.self, try text(summary)) == summary)
        }
        #expect(try text(pending).contains(#""pending":{"effectiveAt":"2027-01-15T08:15:00Z","kind":"emergency""#))
        #expect(try text(ended).contains(#""outcome":"emergency","#))
        #expect(try text(ended).contains(#""reason":"the doctor called""#))
    }
}
