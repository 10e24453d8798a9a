#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// A session's `hookProblem` as `HookReport` encodes it: {event, sessionID,
/// outcome: {result, exitCode | signal | exitAbove127}, at}.
extension StatusSnapshotReader {
    /// The report in `fields`; nil when it is not as the encoder writes it.
    static func hookReport(_ fields: JSONValue) -> HookReport? {
        guard let event = fields["event"]?.string.flatMap(HookEvent.init(rawValue:)),
            let sessionID = fields["sessionID"]?.whole(Int64.self),
            let outcomeFields = fields["outcome"], let result = outcomeFields["result"]?.string,
            let at = date(fields["at"]?.string)
        else { return nil }
        let outcome: HookOutcome
        switch result {
        case "ran": outcome = .ran
        case "timed-out": outcome = .timedOut
        case "refused": outcome = .refused
        case "none": outcome = .none
        case "failed", "runner-failed":
            guard let failure = hookFailure(outcomeFields) else { return nil }
            outcome = result == "failed" ? .failed(failure) : .runnerFailed(failure)
        default: return nil
        }
        return HookReport(event: event, sessionID: sessionID, outcome: outcome, at: at)
    }

    /// The failure an outcome's members name, tried in `HookFailure`'s decoder's order.
    private static func hookFailure(_ fields: JSONValue) -> HookFailure? {
        if let value = fields.present("exitCode") { return value.whole(Int32.self).map(HookFailure.exit) }
        if let value = fields.present("signal") { return value.whole(Int32.self).map(HookFailure.signal) }
        return fields.present("exitAbove127")?.bool == true ? .exitAbove127 : nil
    }
}
