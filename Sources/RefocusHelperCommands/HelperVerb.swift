import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusProtocol

/// A verb of the helper: identify the caller, read the verb's request,
/// take the lock, serve it, answer in JSON on stdout. Failures are answered
/// in JSON too, with the exit code of their category.
protocol HelperVerb: ParsableCommand {
    /// What the verb reads on stdin: its `HelperPayload`, or `NoRequest`.
    associatedtype Request: VerbRequest

    /// Serves one request.
    func respond(_ context: HelperContext, _ request: Request) throws -> HelperResponse
}

extension HelperVerb {
    /// The verb's name, from the name of its request's verb (or its own, for verbs that read none).
    func run() throws {
        try ResponseWriter.answer {
            let run = try HelperRun()
            // A limit a member lowered and root here cannot raise would cut the store's and /etc/hosts'
            // writes short, and pass on to a daemon this run starts: refused before anything is
            // written or started. Root itself keeps its own limits (clear works on any state).
            let shortfalls = run.caller.isRootItself ? [] : ProcessDefaults.shortfalls()
            guard shortfalls.isEmpty else { throw HelperError.limitsBelowDefaults(shortfalls) }
            // The request comes before the lock: a caller who sends it slowly,
            // or never, holds up only their own run.
            let request = try Request.read(within: HelperDeadlines.request)
            let context = try HelperContext(run)
            return try respond(context, request)
        }
    }

    /// The protocol code for an error that is not already a protocol failure.
    static func code(for category: ErrorCategory) -> ProtocolErrorCode {
        ResponseWriter.code(for: category)
    }
}

/// What a verb reads on the helper's standard input.
protocol VerbRequest: Sendable {
    /// Reads it, waiting at most `deadline`.
    static func read(within deadline: Duration) throws -> Self
}

extension VerbRequest where Self: HelperPayload {
    /// The verb's envelope, read and decoded strictly (`RequestReader`).
    static func read(within deadline: Duration) throws -> Self {
        try RequestReader.read(Self.self, within: deadline)
    }
}

extension StartRequest: VerbRequest {}
extension StopRequest: VerbRequest {}
extension PaceRequest: VerbRequest {}
extension StatusRequest: VerbRequest {}
extension HistoryRequest: VerbRequest {}
extension FocusRequest: VerbRequest {}
extension AllowanceRequest: VerbRequest {}

/// What verbs that read nothing on stdin read (`reconcile`, `clear`).
struct NoRequest: VerbRequest {
    static func read(within deadline: Duration) throws -> NoRequest { NoRequest() }
}
