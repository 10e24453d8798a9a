/// Reads one request from the bytes a connection has sent so far, strictly
/// (RFC 9112 where the dashboard needs it, and nothing more): a request line
/// `METHOD SP /target SP HTTP/1.1`, fields of token names and visible
/// values, CRLF line ends, a body only by `Content-Length`. Every size is
/// capped, so that a client can make the server hold at most
/// `maximumHead + maximumBody` bytes for it.
public enum HttpRequestParser {
    /// The request line and fields, CRLFs included.
    public static let maximumHead = 16 * 1024
    /// A body: a list imported from a file is the largest the page sends.
    public static let maximumBody = 1024 * 1024
    /// Header fields in one request.
    public static let maximumFields = 64

    /// What the bytes so far make.
    public enum Outcome: Equatable, Sendable {
        /// Not a whole request yet (and nothing wrong so far).
        case incomplete
        /// A request, and how many bytes it took.
        case request(HttpRequest, consumed: Int)
        /// A request the server refuses, with the status to answer and why.
        case refused(HttpStatus, String)
    }

    /// Parses `bytes`, the start of a connection's input.
    public static func parse(_ bytes: [UInt8]) -> Outcome {
        guard let headEnd = endOfHead(bytes) else {
            return bytes.count > maximumHead
                ? .refused(.headerFieldsTooLarge, "the request's head is too long") : .incomplete
        }
        guard headEnd <= maximumHead else { return .refused(.headerFieldsTooLarge, "the request's head is too long") }
        var lines = split(bytes[..<(headEnd - 2)])
        guard !lines.isEmpty else { return .refused(.badRequest, "no request line") }
        let requestLine = lines.removeFirst()
        let target: (HttpRequest.Method, String, String)
        switch parseRequestLine(requestLine) {
        case .success(let parsed): target = parsed
        case .failure(let refusal): return .refused(refusal.status, refusal.reason)
        }
        guard lines.count <= maximumFields else { return .refused(.headerFieldsTooLarge, "too many header fields") }
        var fields: [String: String] = [:]
        for line in lines {
            guard let (name, value) = parseField(line) else { return .refused(.badRequest, "a malformed header field") }
            guard fields[name] == nil else { return .refused(.badRequest, "the header field \(name) twice") }
            fields[name] = value
        }
        guard fields["transfer-encoding"] == nil else {
            return .refused(.notImplemented, "Transfer-Encoding is not supported; send Content-Length")
        }
        guard fields["host"] != nil else { return .refused(.badRequest, "no Host field") }
        var length = 0
        if let declared = fields["content-length"] {
            guard !declared.isEmpty, declared.count <= 8, declared.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                let value = Int(declared)
            else { return .refused(.badRequest, "a malformed Content-Length") }
            guard value <= maximumBody else { return .refused(.contentTooLarge, "the body is over 1 MiB") }
            length = value
        }
        let bodyStart = headEnd + 2
        guard bytes.count >= bodyStart + length else { return .incomplete }
        let request = HttpRequest(
            method: target.0, path: target.1, query: target.2, fields: fields,
            body: Array(bytes[bodyStart..<(bodyStart + length)]))
        return .request(request, consumed: bodyStart + length)
    }

    /// The index of the CRLF that ends the last field (before the empty line), nil when not yet sent.
    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        let limit = min(bytes.count, maximumHead + 4)
        guard limit >= 4 else { return nil }
        for index in 0...(limit - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 2
        }
        return nil
    }

    /// The CRLF-separated lines of `head`; a bare CR or LF is kept inside a line, where it is refused.
    private static func split(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var index = head.startIndex
        while index < head.endIndex {
            if head[index] == 13, index + 1 < head.endIndex, head[index + 1] == 10 {
                lines.append(head[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(head[start..<head.endIndex])
        return lines
    }

    private struct Refusal: Error {
        let status: HttpStatus
        let reason: String
    }

    /// `METHOD SP target SP HTTP/1.1`, the target in origin form of visible ASCII.
    private static func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<
        (HttpRequest.Method, String, String), Refusal
    > {
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(Refusal(status: .badRequest, reason: "a malformed request line"))
        }
        guard parts[2].elementsEqual("HTTP/1.1".utf8) || parts[2].elementsEqual("HTTP/1.0".utf8) else {
            return .failure(Refusal(status: .versionNotSupported, reason: "only HTTP/1.1 is spoken"))
        }
        guard let method = HttpRequest.Method(rawValue: String(decoding: parts[0], as: UTF8.self)) else {
            return .failure(Refusal(status: .methodNotAllowed, reason: "only GET and POST are answered"))
        }
        let target = parts[1]
        guard target.first == UInt8(ascii: "/"), target.count <= 2048, target.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            return .failure(Refusal(status: .badRequest, reason: "the target is not a path of visible ASCII"))
        }
        let text = String(decoding: target, as: UTF8.self)
        guard let mark = text.firstIndex(of: "?") else { return .success((method, text, "")) }
        return .success((method, String(text[..<mark]), String(text[text.index(after: mark)...])))
    }

    /// `name: value`: a token name (lower-cased), a value of visible ASCII, spaces and tabs, trimmed.
    private static func parseField(_ line: ArraySlice<UInt8>) -> (String, String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return nil }
        let name = line[line.startIndex..<colon]
        guard name.allSatisfy(isTokenByte) else { return nil }
        let value = line[(colon + 1)...]
        guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else { return nil }
        let text = Substring(String(decoding: value, as: UTF8.self)).trimmingSpaces
        return (String(decoding: name, as: UTF8.self).lowercased(), String(text))
    }

    /// RFC 9110's tchar.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
