#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol

/// What decides whether an owner may take a locked session's emergency
/// exit now: the policy's choices, when the owner asked for the exits that
/// ended sessions in the last 7 days (the pending ones are on the open
/// sessions), and the machine's time zone for the date of the next one.
public struct EmergencyAllowance: Sendable {
    /// The policy's loosening choices.
    public var choices: LooseningChoices
    /// When the owner asked for each emergency exit that ended a session
    /// (outcome `emergency`) in the last 7 days.
    public var endedExits: [Date]
    /// The machine's time zone, for the date the next exit is possible.
    public var zone: LocalZone

    /// The window the allowance counts exits in.
    public static let window: TimeInterval = 7 * 86_400

    /// An allowance.
    public init(choices: LooseningChoices, endedExits: [Date], zone: LocalZone) {
        self.choices = choices
        self.endedExits = endedExits
        self.zone = zone
    }

    /// No emergency exit at all: what the rules assume when they are not told the policy.
    public static let closed: EmergencyAllowance = {
        var choices = LooseningChoices()
        choices.emergencyExit = false
        return EmergencyAllowance(choices: choices, endedExits: [], zone: .utc)
    }()

    /// When the owner asked for the exits that count at `now`, oldest
    /// first: the ended ones and the pending ones on `mine`, asked within the window.
    public func taken(by mine: [Session], at now: Date) -> [Date] {
        let pending = mine.compactMap { $0.pending?.kind == .emergency ? $0.pending?.requestedAt : nil }
        return (endedExits + pending).filter { now.timeIntervalSince($0) < Self.window }.sorted()
    }

    /// Whether another exit is possible at `now` for the owner of `mine`.
    public func allowsAnother(_ mine: [Session], at now: Date) -> Bool {
        choices.emergencyExit && taken(by: mine, at: now).count < choices.emergencyPerWeek
    }

    /// Why no exit is possible at `now` for the owner of `mine`; nil when one is.
    public func refusal(_ mine: [Session], at now: Date) -> ProtocolFailure? {
        guard choices.emergencyExit else {
            return ProtocolFailure(
                code: .notPermitted,
                message:
                    "locked sessions have no emergency exit on this machine (emergency_exit = false in \(Policy.path))")
        }
        guard choices.emergencyPerWeek > 0 else {
            return ProtocolFailure(
                code: .notPermitted,
                message: "the policy allows no emergency exit (emergency_per_week = 0 in \(Policy.path))")
        }
        let taken = taken(by: mine, at: now)
        guard taken.count >= choices.emergencyPerWeek else { return nil }
        // The next is possible once enough of them are older than the window.
        let next = taken[taken.count - choices.emergencyPerWeek].addingTimeInterval(Self.window)
        return ProtocolFailure(
            code: .overLimit,
            message: "you have taken \(taken.count) emergency exit\(taken.count == 1 ? "" : "s") in the last 7 days "
                + "(the policy allows \(choices.emergencyPerWeek)); the next is possible on \(zone.minute(of: next))")
    }
}
