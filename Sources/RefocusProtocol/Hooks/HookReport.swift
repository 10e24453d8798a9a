#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One run of a hook as the daemon records it: which hook, for which
/// session, how it ended and when. The status snapshot carries the last
/// one that went wrong, so that `refocus status` can say so.
///
/// In JSON: `{"event":"start","sessionID":12,"outcome":{"result":"failed","exitCode":3},"at":"…"}`;
/// the outcome's `result` is `ran`, `failed`, `timed-out`, `refused`,
/// `none` or `runner-failed`, with `exitCode` or `signal` for the failures
/// (`exitAbove127: true` for an exit status above 127).
public struct HookReport: Codable, Sendable, Equatable {
    /// The hook's event (and name).
    public var event: HookEvent
    /// The session it ran for.
    public var sessionID: Int64
    /// How it ended.
    public var outcome: HookOutcome
    /// When it ended.
    public var at: Date

    /// A report.
    public init(event: HookEvent, sessionID: Int64, outcome: HookOutcome, at: Date) {
        self.event = event
        self.sessionID = sessionID
        self.outcome = outcome
        self.at = at
    }

    /// `the start hook of session 12 exited with 3`.
    public var sentence: String {
        "the \(event.rawValue) hook of session \(sessionID) \(outcome.sentencePart)"
    }
}

extension HookOutcome {
    /// The end of a sentence about a hook: `exited with 3`, `timed out and was killed`.
    var sentencePart: String {
        switch self {
        case .ran: "ran"
        case .none: "does not exist"
        case .refused: "was refused (see ~/.local/state/refocus/hooks.log)"
        case .runnerFailed(let failure): "did not run: the hook runner \(failure)"
        default: description
        }
    }
}

extension HookOutcome: Codable {
    fileprivate enum CodingKeys: String, CodingKey { case result, exitCode, signal, exitAbove127 }

    private enum Result: String, Codable {
        case ran, failed, timedOut = "timed-out", refused, none, runnerFailed = "runner-failed"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Result.self, forKey: .result) {
        case .ran: self = .ran
        case .timedOut: self = .timedOut
        case .refused: self = .refused
        case .none: self = .none
        case .failed: self = .failed(try HookFailure(from: container))
        case .runnerFailed: self = .runnerFailed(try HookFailure(from: container))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let (result, failure): (Result, HookFailure?) =
            switch self {
            case .ran: (.ran, nil)
            case .failed(let failure): (.failed, failure)
            case .timedOut: (.timedOut, nil)
            case .refused: (.refused, nil)
            case .none: (.none, nil)
            case .runnerFailed(let failure): (.runnerFailed, failure)
            }
        try container.encode(result, forKey: .result)
        switch failure {
        case .exit(let status): try container.encode(status, forKey: .exitCode)
        case .signal(let signal): try container.encode(signal, forKey: .signal)
        case .exitAbove127: try container.encode(true, forKey: .exitAbove127)
        case nil: break
        }
    }
}

extension HookFailure {
    /// The failure an outcome's keys describe.
    fileprivate init(from container: KeyedDecodingContainer<HookOutcome.CodingKeys>) throws {
        if let status = try container.decodeIfPresent(Int32.self, forKey: .exitCode) {
            self = .exit(status)
        } else if let signal = try container.decodeIfPresent(Int32.self, forKey: .signal) {
            self = .signal(signal)
        } else if try container.decodeIfPresent(Bool.self, forKey: .exitAbove127) == true {
            self = .exitAbove127
        } else {
            throw DecodingError.keyNotFound(
                HookOutcome.CodingKeys.exitCode,
                .init(
                    codingPath: container.codingPath,
                    debugDescription: "a failure names exitCode, signal or exitAbove127"))
        }
    }
}
