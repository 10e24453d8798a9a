/// One HTTP/1.1 request as the dashboard's server takes it: the method, the
/// path and query of an origin-form target, the header fields (names in
/// lower case, each at most once) and the body. Anything else a client may
/// send (other versions, absolute or asterisk targets, chunked bodies,
/// folded or repeated fields) is refused by `HttpRequestParser`.
public struct HttpRequest: Equatable, Sendable {
    /// The two methods the dashboard answers.
    public enum Method: String, Sendable { case get = "GET", post = "POST" }

    public let method: Method
    /// The target's path, such as `/api/status` (percent-escapes kept as sent).
    public let path: String
    /// The target's query, without `?`; empty when there is none.
    public let query: String
    /// The header fields by lower-case name.
    public let fields: [String: String]
    /// The body, `Content-Length` bytes (empty without one).
    public let body: [UInt8]

    public init(method: Method, path: String, query: String = "", fields: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.fields = fields
        self.body = body
    }

    /// The value of a field (`name` in lower case), nil when absent.
    public subscript(field name: String) -> String? { fields[name] }

    /// The value of `name` in the query (`a=1&b=2`), nil when absent.
    public func queryValue(_ name: String) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name { return String(parts[1]) }
        }
        return nil
    }

    /// The value of cookie `name` in the `Cookie` field, nil when absent.
    public func cookie(_ name: String) -> String? {
        guard let field = fields["cookie"] else { return nil }
        for pair in field.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0].trimmingSpaces == name { return String(parts[1].trimmingSpaces) }
        }
        return nil
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
