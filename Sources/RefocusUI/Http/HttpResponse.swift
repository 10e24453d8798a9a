import RefocusCore

/// An answer of the dashboard's server. Every answer carries the same
/// protections (`HttpResponse.protections`): a content security policy that
/// allows the page's own files alone, no sniffing, no framing, no referrer,
/// no caching; the connection closes after it.
public struct HttpResponse: Equatable, Sendable {
    public var status: HttpStatus
    /// Header fields beyond the protections, `Content-Length` and `Connection`.
    public var fields: [(String, String)]
    public var body: [UInt8]

    public init(_ status: HttpStatus, fields: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.fields = fields
        self.body = body
    }

    public static func == (left: HttpResponse, right: HttpResponse) -> Bool {
        left.status == right.status && left.body == right.body
            && left.fields.map { "\($0.0): \($0.1)" } == right.fields.map { "\($0.0): \($0.1)" }
    }

    /// A body of `type`.
    public static func content(_ body: [UInt8], type: String, status: HttpStatus = .ok) -> HttpResponse {
        HttpResponse(status, fields: [("Content-Type", type)], body: body)
    }

    /// JSON text the CLI printed, or an object of ours.
    public static func json(_ text: String, status: HttpStatus = .ok) -> HttpResponse {
        content(Array(text.utf8), type: "application/json; charset=utf-8", status: status)
    }

    /// `{"error": reason}` (and the CLI's exit status, when one ran).
    public static func error(_ status: HttpStatus, _ reason: String, exit: Int32? = nil) -> HttpResponse {
        let exitPart = exit.map { ", \"exit\": \($0)" } ?? ""
        return json("{\"error\": \(JSONString.quoted(reason))\(exitPart)}\n", status: status)
    }

    /// The fields every answer carries.
    public static let protections: [(String, String)] = [
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
                + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
        ),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cache-Control", "no-store"),
    ]

    /// The status line, fields and body, as sent.
    public var bytes: [UInt8] {
        var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        for (name, value) in fields + Self.protections { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// The head of a stream of server-sent events, which has no length and stays open.
    public static let eventStreamHead: [UInt8] = {
        var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
        for (name, value) in protections { head += "\(name): \(value)\r\n" }
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8)
    }()
}
