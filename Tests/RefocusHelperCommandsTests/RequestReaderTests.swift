import Foundation
import Glibc
import RefocusCore
import Testing
@testable import RefocusHelperCommands
@testable import RefocusProtocol

/// The helper's request reader, on a pipe of the test's own: the verb its
/// command line names is checked once, in the envelope; size, duplicate
/// keys, a late request and bad fields are refused with their codes.
@Suite struct RequestReaderTests {
    /// What reading `text` from a pipe as `Payload`'s envelope gives: the payload or the failure.
    static func read<Payload: HelperPayload>(
        _ text: String, as _: Payload.Type,
        closing: Bool = true
    ) throws -> Result<Payload, ProtocolFailure> {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        if closing { close(ends[1]) }
        defer { if !closing { close(ends[1]) } }
        do {
            return .success(try RequestReader.read(Payload.self, within: .milliseconds(300), from: ends[0]))
        } catch let failure as ProtocolFailure {
            return .failure(failure)
        }
    }

    @Test func theVerbsEnvelopeIsDecoded() throws {
        let stop = try Self.read(#"{"version":1,"verb":"stop","stop":{"sessionID":4}}"#, as: StopRequest.self)
        #expect(try stop.get() == StopRequest(sessionID: 4))
        #expect(try Self.read(#"{"version":1,"verb":"status"}"#, as: StatusRequest.self).get() == StatusRequest())
    }

    @Test(arguments: [
        (
            #"{"version":1,"verb":"stop","stop":{}}"#, ProtocolErrorCode.badRequest,
            "the request is for 'stop', not 'history'"
        ),
        (#"{"version":2,"verb":"history","history":{"limit":1}}"#, .unsupportedVersion, "request version 2"),
        (#"{"version":1,"verb":"history","history":{"limit":1},"history":{"limit":2}}"#, .badRequest, "history"),
        (
            #"{"version":1,"verb":"history","history":{"limit":0}}"#, .badRequest,
            "history.limit: limit must be from 1 to 10000"
        ),
        (#"{"version":1,"verb":"history"}"#, .badRequest, "the request is invalid"),
        ("", .badRequest, "the request is invalid"),
    ])
    func aRequestForAnotherVerbOrBadIsRefusedWithItsCode(json: String, code: ProtocolErrorCode, message: String) throws
    {
        guard case .failure(let failure) = try Self.read(json, as: HistoryRequest.self) else {
            Issue.record("accepted: \(json)")
            return
        }
        #expect(failure.code == code, "\(failure)")
        #expect(failure.message.contains(message), "\(failure.message)")
    }

    @Test func aRequestThatNeverEndsIsRefusedAtTheDeadline() throws {
        let started = ContinuousClock.now
        guard case .failure(let failure) = try Self.read(#"{"version":1,"#, as: StatusRequest.self, closing: false)
        else {
            Issue.record("a request without an end was accepted")
            return
        }
        #expect(failure.code == .badRequest)
        #expect(failure.message.hasPrefix("the request did not arrive within"), "\(failure.message)")
        #expect(ContinuousClock.now - started >= .milliseconds(300))
    }

    /// Writes `text` into a socket pair from a thread and reads it as
    /// `Payload`'s request (a socket, so that the writer left with bytes when
    /// the reader stops gets EPIPE, not SIGPIPE: `MSG_NOSIGNAL`).
    static func readWritten<Payload: HelperPayload>(_ text: String, as _: Payload.Type) throws -> Payload {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let (reading, writing) = (ends[0], ends[1])
        defer { close(reading) }
        let writer = Thread {
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes {
                    send(writing, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if count <= 0 { break }
                offset += count
            }
            close(writing)
        }
        writer.start()
        return try RequestReader.read(Payload.self, within: .seconds(10), from: reading)
    }

    /// A request of `Payload`'s verb padded with an unknown field to `size` bytes.
    static func padded(_ verb: String, to size: Int) -> String {
        let head = #"{"version":1,"verb":"\#(verb)","x":""#
        return head + String(repeating: "a", count: size - head.utf8.count - 2) + "\"}"
    }

    @Test func aRequestLargerThanTheCapIsRefused() throws {
        #expect(
            throws: ProtocolFailure(
                code: .requestTooLarge,
                message: "the request is larger than 16777216 bytes, "
                    + "the most a 'start' request needs")
        ) {
            try Self.readWritten(
                Self.padded("start", to: HelperProtocol.maximumRequestBytes + 1), as: StartRequest.self)
        }
    }

    /// Every verb but start reads a few numbers and a date: 8 KiB, refused before decoding.
    @Test func aSmallVerbsCapIsEightKibibytes() throws {
        #expect(
            throws: ProtocolFailure(
                code: .requestTooLarge,
                message: "the request is larger than 8192 bytes, "
                    + "the most a 'status' request needs")
        ) {
            try Self.readWritten(Self.padded("status", to: 16 << 20), as: StatusRequest.self)
        }
        #expect(
            throws: ProtocolFailure(
                code: .requestTooLarge,
                message: "the request is larger than 8192 bytes, "
                    + "the most a 'history' request needs")
        ) {
            try Self.readWritten(Self.padded("history", to: 8_193), as: HistoryRequest.self)
        }
        // At the cap, the request is read and decoded: its unknown field is what is refused.
        #expect(throws: ProtocolFailure.self) {
            try Self.readWritten(Self.padded("status", to: 8_192), as: StatusRequest.self)
        }
        do {
            _ = try Self.readWritten(Self.padded("status", to: 8_192), as: StatusRequest.self)
        } catch let failure as ProtocolFailure {
            #expect(failure.code == .badRequest, "\(failure)")
        }
        // A start of more than 8 KiB is read whole.
        let domains = (0..<1_000).map { "\"d\($0).example\"" }.joined(separator: ",")
        let start =
            #"{"version":1,"verb":"start","start":{"lists":[{"name":"big","entries":["# + domains
            + #"],"programs":[]}],"length":600,"locked":false}}"#
        #expect(start.utf8.count > 8_192)
        #expect(try Self.readWritten(start, as: StartRequest.self).lists.first?.entries.count == 1_000)
    }
}

/// The protocol code each error category answers with, and the daemon's
/// handling of the commands of one wake-up.
@Suite struct VerbCodeAndDaemonCommandTests {
    @Test(arguments: [
        (ErrorCategory.usage, ProtocolErrorCode.badRequest), (.data, .badRequest), (.notFound, .notFound),
        (.notPermitted, .notPermitted), (.busy, .busy), (.system, .systemError), (.configuration, .badPolicy),
    ])
    func eachCategoryHasItsCode(category: ErrorCategory, code: ProtocolErrorCode) {
        #expect(StartVerb.code(for: category) == code)
        #expect(ExitStatus(code.category) == ExitStatus(category) || category == .usage, "the exit status agrees")
    }

    @Test func theVerbsAreNamedByTheirRequests() {
        #expect(StartVerb.configuration.commandName == "start")
        #expect(StopVerb.configuration.commandName == "stop")
        #expect(StatusVerb.configuration.commandName == "status")
        #expect(HistoryVerb.configuration.commandName == "history")
        #expect(ReconcileVerb.configuration.commandName == "reconcile")
        #expect(ClearVerb.configuration.commandName == "clear")
        #expect(DaemonVerb.configuration.commandName == "daemon")
    }
}
