import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS

/// A verb of the helper: identify the caller, read the request, serve it,
/// answer in JSON on stdout. Failures are answered in JSON too, with the
/// exit code of their category.
protocol HelperVerb: ParsableCommand {
    /// The verb whose request this verb reads on stdin (`context.request`); nil when it reads none.
    static var requestVerb: String? { get }

    /// Serves one request.
    func respond(_ context: HelperContext) throws -> HelperResponse
}

extension HelperVerb {
    static var requestVerb: String? { nil }

    func run() throws {
        do {
            ResponseWriter.write(try respond(try HelperContext(reading: Self.requestVerb)))
        } catch let error as any RefocusError {
            let failure = error as? ProtocolFailure ?? ProtocolFailure(code: Self.code(for: error.category),
                                                                       message: error.description)
            ResponseWriter.write(HelperResponse(failure: failure))
            throw ExitCode(ExitStatus(error.category).rawValue)
        }
    }

    /// The protocol code for an error that is not already a protocol failure.
    static func code(for category: ErrorCategory) -> ProtocolErrorCode {
        switch category {
        case .usage, .data: .badRequest
        case .notFound: .notFound
        case .notPermitted: .notPermitted
        case .busy: .busy
        case .system: .systemError
        case .configuration: .badPolicy
        }
    }

    /// The request did not match the verb (decoding already refuses this).
    var badVerb: ProtocolFailure {
        ProtocolFailure(code: .badRequest, message: "the request does not match the verb")
    }
}
