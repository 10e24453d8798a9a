import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusProtocol

/// `refocus-helper focus`: every ended session of the caller (root:
/// everyone's) as a focus record, oldest first, those started since the
/// request's `since` only when it has one, in the compact `FocusColumns`
/// form under the answer's `focus` key, and the caller's own use of their
/// daily allowances per list and day (root's own too: the rows carry no
/// owner) under `usedAllowances`: what `refocus stats` reads.
struct FocusVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: FocusRequest.verb.rawValue,
        abstract: "Report the caller's ended sessions for stats.",
        discussion: """
            Every ended session of the caller (root: everyone's) since the request's date, oldest first, as \
            focus records: what refocus stats reads. They travel as one compact focus \
            object beside the sessions: one column per field, numbers as comma-separated \
            strings (times as the hexadecimal digits of their bits), list names and labels named once. At most 1,000,000 sessions: more are \
            refused (over-limit), naming --since. Beside them, the caller's own use of their \
            daily allowances per list and day (the last 60 days at most, since the request's date).
            """)

    func respond(_ context: HelperContext, _ request: FocusRequest) throws -> HelperResponse {
        _ = try context.enforce(onlyIfExpired: true)
        let owner = context.caller.readableOwner
        let cap = HelperProtocol.maximumFocusRecords
        let zone = MachineTimeZone.current
        let today = zone.day(of: context.now)
        let since = request.since.map { zone.day(of: $0) }
        let caller = context.caller.uid
        let (records, used) = try context.store.read { transaction in
            (
                try transaction.focusRecords(owner: owner, since: request.since, limit: cap + 1),
                try transaction.allowanceUse(owner: caller, today: today, since: since)
            )
        }
        guard records.count <= cap else {
            throw ProtocolFailure(
                code: .overLimit,
                message: "more than \(cap) ended sessions to count, more than one answer holds; "
                    + "count fewer with a later date (refocus stats --since DATE)")
        }
        return HelperResponse(sessions: [], focus: FocusColumns(records), usedAllowances: AllowanceUseColumns.of(used))
    }
}
