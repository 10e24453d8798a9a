import RefocusCore

/// How a finished `refocus` run becomes an answer: its JSON as printed, its
/// text as `{"output": …}`, its CSV as a download; a failure as
/// `{"error": the CLI's message, "exit": its status}` with the HTTP status
/// nearest to the CLI's exit status (sysexits(3)).
enum CommandAnswer {
    static func response(_ kind: CommandRun.Answer, status: Int32, stdout: [UInt8], stderr: [UInt8]) -> HttpResponse {
        guard status == 0 else {
            var message = String(decoding: stderr, as: UTF8.self)
            while message.hasSuffix("\n") { message.removeLast() }
            if message.hasPrefix("refocus: ") { message.removeFirst("refocus: ".count) }
            if message.isEmpty { message = "refocus ended with status \(status)" }
            return .error(httpStatus(exit: status), message, exit: status)
        }
        switch kind {
        case .json: return .json(stdout.isEmpty ? "{}\n" : String(decoding: stdout, as: UTF8.self))
        case .text: return .json("{\"output\": \(JSONString.quoted(String(decoding: stdout, as: UTF8.self)))}\n")
        case .csv(let filename):
            return HttpResponse(
                .ok,
                fields: [
                    ("Content-Type", "text/csv; charset=utf-8"),
                    ("Content-Disposition", "attachment; filename=\"\(filename)\""),
                ], body: stdout)
        }
    }

    /// 64 usage and 65 bad data: 422; 66 not found: 404; 75 busy: 409; 77 not permitted: 403;
    /// 78 configuration: 503; anything else: 500.
    static func httpStatus(exit: Int32) -> HttpStatus {
        switch exit {
        case 64, 65: .unprocessable
        case 66: .notFound
        case 75: .conflict
        case 77: .forbidden
        case 78: .unavailable
        default: .internalError
        }
    }
}
