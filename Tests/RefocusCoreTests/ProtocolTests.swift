import Foundation
import Testing
@testable import RefocusCore
@testable import RefocusPlanning
@testable import RefocusProtocol

@Suite struct ProtocolTests {
    /// Decodes `json` as the envelope of the verb it names, as the helper of that verb does.
    func decode(_ json: String) throws {
        let verb = (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["verb"] as? String
        let data = Data(json.utf8)
        switch HelperVerbName(rawValue: verb ?? "") {
        case .start: _ = try HelperProtocol.decoder().decode(RequestEnvelope<StartRequest>.self, from: data)
        case .stop: _ = try HelperProtocol.decoder().decode(RequestEnvelope<StopRequest>.self, from: data)
        case .history: _ = try HelperProtocol.decoder().decode(RequestEnvelope<HistoryRequest>.self, from: data)
        case .focus: _ = try HelperProtocol.decoder().decode(RequestEnvelope<FocusRequest>.self, from: data)
        default: _ = try HelperProtocol.decoder().decode(RequestEnvelope<StatusRequest>.self, from: data)
        }
    }

    /// `payload` encoded in its envelope and decoded back.
    func roundTrip<Payload: HelperPayload>(_ payload: Payload) throws -> Payload {
        let data = try HelperProtocol.encoder().encode(RequestEnvelope(payload))
        return try HelperProtocol.decoder().decode(RequestEnvelope<Payload>.self, from: data).payload
    }

    @Test func startRoundTrips() throws {
        let list = BlockList(
            name: try BlockListName("work"),
            entries: [try BlockEntry(parsing: "reddit.com"), try BlockEntry(parsing: "192.0.2.0/24")],
            programs: [try ProgramName("steam")])
        let envelope = RequestEnvelope(StartRequest(lists: [list], length: SessionLength(seconds: 3000), locked: true))
        let data = try HelperProtocol.encoder().encode(envelope)
        #expect(
            String(decoding: data, as: UTF8.self) == """
                {"start":{"length":3000,"lists":[{"entries":["reddit.com","192.0.2.0\\/24"],"name":"work",\
                "programs":["steam"]}],"locked":true,"notify":true},"verb":"start","version":1}
                """)
        #expect(try HelperProtocol.decoder().decode(RequestEnvelope<StartRequest>.self, from: data) == envelope)
    }

    @Test func otherVerbsRoundTrip() throws {
        #expect(
            String(decoding: try HelperProtocol.encoder().encode(RequestEnvelope(StatusRequest())), as: UTF8.self)
                == #"{"verb":"status","version":1}"#)
        #expect(try roundTrip(StatusRequest()) == StatusRequest())
        for stop in [StopRequest(sessionID: 7), StopRequest(sessionID: nil)] { #expect(try roundTrip(stop) == stop) }
        for history in [
            HistoryRequest(limit: 20), HistoryRequest(limit: 20, since: Date(timeIntervalSince1970: 1_800_000_000)),
        ] {
            #expect(try roundTrip(history) == history)
        }
        for focus in [FocusRequest(), FocusRequest(since: Date(timeIntervalSince1970: 1_800_000_000))] {
            #expect(try roundTrip(focus) == focus)
        }
    }

    @Test func theEnvelopeIsForItsVerbOnly() {
        #expect(throws: ProtocolFailure(code: .badRequest, message: "the request is for 'stop', not 'start'")) {
            try HelperProtocol.decoder().decode(
                RequestEnvelope<StartRequest>.self,
                from: Data(#"{"version":1,"verb":"stop","stop":{}}"#.utf8))
        }
        #expect(
            HelperVerbName.allCases.map(\.rawValue) == [
                "start", "stop", "pace", "status", "history", "focus", "allowance", "reconcile", "clear", "daemon",
                "nsswitch",
            ])
        #expect(
            [StartRequest.verb, StopRequest.verb, StatusRequest.verb, HistoryRequest.verb] == [
                .start, .stop, .status, .history,
            ])
    }

    static let rejected: [String] = [
        #"{"version":1,"verb":"status","extra":1}"#,  // unknown top-level key
        #"{"version":1,"verb":"status","start":{}}"#,  // payload for a bare verb
        #"{"version":1,"verb":"start"}"#,  // missing payload
        #"{"version":1,"verb":"reboot"}"#,  // unknown verb
        #"{"verb":"status"}"#,  // no version
        #"{"version":1,"verb":"history","history":{"limit":0}}"#,  // limit out of range
        #"{"version":1,"verb":"history","history":{"limit":5,"since":"last week"}}"#,  // since not a date
        #"{"version":1,"verb":"stop","stop":{"sessionID":1,"uid":0}}"#,  // smuggled caller
        #"{"version":1,"verb":"focus","focus":{"owner":0}}"#,  // smuggled owner
        #"{"version":1,"verb":"focus","focus":{"since":"yesterday"}}"#,  // since not a date
        #"{"version":1,"verb":"focus"}"#,  // missing payload
        #"{"version":1,"verb":"start","start":{"lists":[],"length":60,"locked":false}}"#,  // no list
        #"{"version":1,"verb":"start","start":{"lists":[{"name":"w","entries":["co.uk"],"programs":[]}],"length":60,"locked":false}}"#,
        #"{"version":1,"verb":"start","start":{"lists":[{"name":"../x","entries":[],"programs":[]}],"length":60,"locked":false}}"#,
        #"{"version":1,"verb":"start","start":{"lists":[{"name":"w","entries":[],"programs":["/bin/sh"]}],"length":60,"locked":false}}"#,
        #"{"version":1,"verb":"start","start":{"lists":[{"name":"w","entries":[],"programs":[],"owner":0}],"length":60,"locked":false}}"#,
        #"{"version":1,"verb":"start","start":{"lists":[{"name":"w","entries":[],"programs":[]},{"name":"w","entries":[],"programs":[]}],"length":60,"locked":false}}"#,
        #"{"version":1,"verb":"start","start":{"lists":[{"name":"w","entries":[],"programs":[]}],"length":-5,"locked":false}}"#,
        #"[]"#,
        #"not json"#,
    ]

    @Test(arguments: rejected)
    func rejectsInvalidRequests(_ json: String) {
        #expect(throws: (any Error).self) { try decode(json) }
    }

    @Test func rejectsOtherVersionsWithTheirCode() {
        #expect(
            throws: ProtocolFailure(
                code: .unsupportedVersion,
                message: "request version 2; this helper speaks version 1")
        ) {
            try decode(#"{"version":2,"verb":"status"}"#)
        }
    }

    @Test func rejectsTooManyLists() throws {
        let lists = (0...HelperProtocol.maximumLists).map { #"{"name":"l\#($0)","entries":[],"programs":[]}"# }
        let json =
            #"{"version":1,"verb":"start","start":{"lists":[\#(lists.joined(separator: ","))],"length":60,"locked":false}}"#
        #expect(throws: (any Error).self) { try decode(json) }
    }

    @Test func responsesRoundTripAndCheckOk() throws {
        let session = SessionSummary(
            id: 3, owner: 1000, lists: [try BlockListName("social")],
            start: Date(timeIntervalSince1970: 1_800_000_000),
            plannedEnd: Date(timeIntervalSince1970: 1_800_003_000), locked: false)
        let module = ResolverModuleState(
            path: "/etc/nsswitch.conf",
            conf: NsswitchConf(bytes: Array("hosts: files refocus dns\n".utf8)),
            library: "/usr/lib/x86_64-linux-gnu/libnss_refocus.so.2")
        for response in [
            HelperResponse(sessions: [session], notes: [.remark("a note")]),
            HelperResponse(sessions: [], resolverModule: module),
            HelperResponse(failure: ProtocolFailure(code: .sessionLocked, message: "locked for 20m")),
        ] {
            let data = try HelperProtocol.encoder().encode(response)
            #expect(try HelperProtocol.decoder().decode(HelperResponse.self, from: data) == response)
        }
        let state = String(decoding: try HelperProtocol.encoder().encode(module), as: UTF8.self)
        #expect(
            state.contains(#""hostsServices":["files","refocus","dns"]"#) && state.contains(#""named":true"#)
                && state.contains(#""beforeResolvers":true"#), "\(state)")
        #expect(module.inForce)
        let lying = #"{"version":1,"ok":true,"sessions":[],"notes":[],"error":{"code":"busy","message":"x"}}"#
        #expect(throws: (any Error).self) {
            try HelperProtocol.decoder().decode(HelperResponse.self, from: Data(lying.utf8))
        }
    }

    @Test func everyErrorCodeHasAStableSpellingAndCategory() {
        #expect(
            ProtocolErrorCode.allCases.map(\.rawValue) == [
                "bad-request", "unsupported-version", "request-too-large", "length-out-of-bounds",
                "not-permitted", "not-found", "session-locked", "over-limit", "busy", "too-many-runs", "system-error",
                "bad-policy",
            ])
        #expect(ExitStatus(ProtocolErrorCode.overLimit.category) == .notPermitted)
        #expect(ExitStatus(ProtocolErrorCode.badPolicy.category).rawValue == 78)
        #expect(ExitStatus(ProtocolErrorCode.sessionLocked.category) == .notPermitted)
        #expect(ExitStatus(ProtocolErrorCode.busy.category).rawValue == 75)
        #expect(ExitStatus(ProtocolErrorCode.tooManyRuns.category).rawValue == 75)
    }
}
