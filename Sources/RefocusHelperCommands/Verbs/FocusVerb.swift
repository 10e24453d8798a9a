import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusProtocol

/// `refocus-helper focus`: every ended session of the caller (root:
/// everyone's) as a focus record, oldest first, those started since the
/// request's `since` only when it has one, in the compact `FocusColumns`
/// form under the answer's `focus` key: what `refocus stats` reads.
struct FocusVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: FocusRequest.verb.rawValue,
        abstract: "Report the caller's ended sessions for stats.",
        discussion: """
            Every ended session of the caller (root: everyone's) since the request's date, oldest first, as \
            focus records: what refocus stats reads. They travel as one compact focus \
            object beside the sessions: one column per field, numbers as comma-separated \
            strings (times as the hexadecimal digits of their bits), list names and labels named once. At most 1,000,000 sessions: more are \
            refused (over-limit), naming --since.
            """)

    func respond(_ context: HelperContext, _ request: FocusRequest) throws -> HelperResponse {
        _ = try context.enforce(onlyIfExpired: true)
        let owner = context.caller.readableOwner
        let cap = HelperProtocol.maximumFocusRecords
        let records = try context.store.read {
            try $0.focusRecords(owner: owner, since: request.since, limit: cap + 1)
        }
        guard records.count <= cap else {
            throw ProtocolFailure(
                code: .overLimit,
                message: "more than \(cap) ended sessions to count, more than one answer holds; "
                    + "count fewer with a later date (refocus stats --since DATE)")
        }
        return HelperResponse(sessions: [], focus: FocusColumns(records))
    }
}
