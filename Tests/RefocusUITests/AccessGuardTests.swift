import RefocusUI
import Testing

/// Who gets in: the owner's connections from the dashboard's own origin
/// with the token; each other case is refused for its own reason.
struct AccessGuardTests {
    static let token = AccessToken(text: String(repeating: "ab", count: 32))
    static let guardian = AccessGuard(token: token, port: 8765, owner: 1000)
    static let cookie = "refocus-8765=" + token.text

    static func request(_ fields: [String: String]) -> HttpRequest { request(.get, "/api/status", fields) }

    static func request(
        _ method: HttpRequest.Method, _ path: String, query: String = "", _ fields: [String: String] = [:]
    ) -> HttpRequest {
        HttpRequest(method: method, path: path, query: query, fields: ["host": "127.0.0.1:8765"].merging(fields) { $1 })
    }

    static let post = [
        "cookie": cookie, "origin": "http://127.0.0.1:8765", "x-refocus-token": token.text,
        "content-type": "application/json", "sec-fetch-site": "same-origin",
    ]

    @Test func theOwnersPageGetsIn() {
        #expect(Self.guardian.decide(Self.request(.get, "/", query: "token=" + Self.token.text), peer: 1000) == .enter)
        #expect(Self.guardian.decide(Self.request(["cookie": Self.cookie]), peer: 1000) == .allow)
        #expect(
            Self.guardian.decide(Self.request(["cookie": Self.cookie, "host": "localhost:8765"]), peer: 1000) == .allow)
        #expect(Self.guardian.decide(Self.request(.post, "/api/start", Self.post), peer: 1000) == .allow)
        #expect(Self.guardian.cookie.hasSuffix("; Path=/; HttpOnly; SameSite=Strict"))
    }

    @Test(arguments: [
        ("another user's connection", 1001 as UInt32?, ["cookie": cookie]),
        ("an unknown connection", nil, ["cookie": cookie]),
        ("a rebinding name", 1000, ["cookie": cookie, "host": "rebind.test:8765"]),
        ("another port", 1000, ["cookie": cookie, "host": "127.0.0.1:8766"]),
        ("no token", 1000, [:]),
        ("a wrong cookie", 1000, ["cookie": "refocus-8765=" + String(repeating: "ab", count: 31) + "ac"]),
        ("another port's cookie", 1000, ["cookie": "refocus-8766=" + token.text]),
        ("another origin", 1000, ["cookie": cookie, "origin": "http://127.0.0.1:8099"]),
        ("a null origin", 1000, ["cookie": cookie, "origin": "null"]),
    ])
    func getsAreRefused(_ why: String, peer: UInt32?, fields: [String: String]) {
        guard case .refuse = Self.guardian.decide(Self.request(fields), peer: peer) else {
            Issue.record("\(why) got in")
            return
        }
    }

    @Test(arguments: ["origin", "x-refocus-token", "content-type", "cookie"])
    func aPostWithoutEachOfItsProofsIsRefused(_ missing: String) {
        var fields = Self.post
        fields[missing] = nil
        guard case .refuse = Self.guardian.decide(Self.request(.post, "/api/start", fields), peer: 1000) else {
            Issue.record("a POST without \(missing) got in")
            return
        }
    }

    @Test func aPostFromAnotherSiteOrAsAFormIsRefused() {
        for (name, value) in [
            ("sec-fetch-site", "same-site"), ("content-type", "text/plain"), ("x-refocus-token", "x"),
        ] {
            var fields = Self.post
            fields[name] = value
            guard case .refuse = Self.guardian.decide(Self.request(.post, "/api/start", fields), peer: 1000) else {
                Issue.record("\(name): \(value) got in")
                continue
            }
        }
        #expect(Self.guardian.decide(Self.request(.get, "/", query: "token=nope"), peer: 1000) != .enter)
    }

    @Test func tokensAreRandomAndCompareWhole() {
        let one = AccessToken.random(), two = AccessToken.random()
        #expect(one != two && one.text.count == 64 && one.text.allSatisfy(\.isHexDigit))
        #expect(one.matches(one.text) && !one.matches(String(one.text.dropLast())) && !one.matches(nil))
    }
}
