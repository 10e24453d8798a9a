import RefocusUI
import Testing

/// The dashboard's request parser: what a browser sends is taken whole, a
/// request split across reads waits for its end, and each thing a hostile or
/// broken client could send is refused with its own status, every size capped.
struct HttpRequestParserTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aBrowsersGetAndAPostWithItsBody() {
        let get = Self.bytes(
            "GET /api/stats?by=label HTTP/1.1\r\nHost: 127.0.0.1:8765\r\nCookie: a=1; refocus-8765=tok\r\n\r\n")
        guard case .request(let request, let consumed) = HttpRequestParser.parse(get) else {
            Issue.record("not parsed")
            return
        }
        #expect(consumed == get.count)
        #expect(request.method == .get && request.path == "/api/stats" && request.queryValue("by") == "label")
        #expect(request.cookie("refocus-8765") == "tok" && request[field: "host"] == "127.0.0.1:8765")

        let post = Self.bytes("POST /api/start HTTP/1.1\r\nHost: h\r\nContent-Length: 18\r\n\r\n{\"preset\":\"quick\"}")
        #expect(HttpRequestParser.parse(Array(post.dropLast(3))) == .incomplete)
        guard case .request(let started, _) = HttpRequestParser.parse(post) else {
            Issue.record("post not parsed")
            return
        }
        #expect(started.body == Self.bytes("{\"preset\":\"quick\"}"))
    }

    @Test(arguments: [
        ("PUT / HTTP/1.1\r\nHost: h\r\n\r\n", 405),
        ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
        ("GET http://evil/ HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("GET /a\u{7f} HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: h\r\nHost: i\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: h\r\nX: a\u{1}b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: h\r\nBad Name: v\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2000000\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: +5\r\n\r\n", 400),
        ("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ])
    func refusesWhatItDoesNotSpeak(request: String, status: Int) {
        guard case .refused(let refused, _) = HttpRequestParser.parse(Self.bytes(request)) else {
            Issue.record("\(request.debugDescription) was not refused")
            return
        }
        #expect(refused.rawValue == status, "\(request.debugDescription)")
    }

    @Test func aHeadOverItsCapIsRefusedBeforeItEnds() {
        let endless = Self.bytes("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: HttpRequestParser.maximumHead))
        guard case .refused(let status, _) = HttpRequestParser.parse(endless) else {
            Issue.record("not refused")
            return
        }
        #expect(status == .headerFieldsTooLarge)
        let many = "GET / HTTP/1.1\r\nHost: h\r\n" + (0..<70).map { "X\($0): v\r\n" }.joined() + "\r\n"
        #expect(HttpRequestParser.parse(Self.bytes(many)) == .refused(.headerFieldsTooLarge, "too many header fields"))
    }
}
