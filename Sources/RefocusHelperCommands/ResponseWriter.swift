import ArgumentParser
import Foundation
import RefocusCore
import RefocusProtocol

/// Writes the one JSON answer on stdout; a caller who closed it (SIGPIPE is
/// ignored) loses the answer, and the exit status still tells.
enum ResponseWriter {
    static func write(_ response: HelperResponse) {
        // Bytes, not Data: a 100,000-session answer is 6 MB, and each copy of it cost milliseconds of page faults.
        var bytes =
            (try? response.jsonBytes())
            ?? Array(
                #"{"ok":false,"version":1,"error":{"code":"system-error","message":"cannot encode the answer"}}"#.utf8)
        bytes.append(UInt8(ascii: "\n"))
        try? FileHandle.standardOutput.write(contentsOf: bytes)
    }
}

extension ResponseWriter {
    /// Writes `serve`'s answer; a failure is answered in JSON too, and
    /// thrown on as the exit code of its category.
    static func answer(_ serve: () throws -> HelperResponse) throws {
        do {
            write(try serve())
        } catch let error as any RefocusError {
            let failure =
                error as? ProtocolFailure
                ?? ProtocolFailure(
                    code: code(for: error.category),
                    message: error.description)
            write(HelperResponse(failure: failure))
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
}
