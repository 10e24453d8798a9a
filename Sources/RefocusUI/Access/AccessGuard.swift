/// Who may use a dashboard: its own user, in a page it served. Every
/// request must come from a socket of that user (`LoopbackPeer`), name the
/// server itself in `Host` (a page on another name that resolves to
/// 127.0.0.1, DNS rebinding, is refused) and, when it says where it comes
/// from, come from the dashboard's own origin. Then the token: in the query
/// of the address `refocus ui` opened (answered by setting the cookie), else
/// in the cookie; and a POST, the only method that changes anything, also
/// carries it in `X-ReFocus-Token` (which another site's page cannot read
/// nor send without a preflight the server never allows) as JSON.
public struct AccessGuard: Sendable {
    /// What to do with a request.
    public enum Decision: Equatable, Sendable {
        /// Answer it.
        case allow
        /// Set the cookie and send the browser to `/` (the token leaves the address bar).
        case enter
        /// 403, and why (for the server's log; the client is told no more than "forbidden").
        case refuse(String)
    }

    public let token: AccessToken
    public let port: UInt16
    public let owner: UInt32

    public init(token: AccessToken, port: UInt16, owner: UInt32) {
        self.token = token
        self.port = port
        self.owner = owner
    }

    /// The cookie's name: per port, because a browser sends 127.0.0.1's cookies to every port.
    public var cookieName: String { "refocus-\(port)" }

    /// The `Set-Cookie` value that keeps the token.
    public var cookie: String { "\(cookieName)=\(token.text); Path=/; HttpOnly; SameSite=Strict" }

    /// The origins the page has (the address printed, and the same through `localhost`).
    private var origins: [String] { ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] }

    /// Decides on `request`, which came from a socket of `peer` (nil: unknown).
    public func decide(_ request: HttpRequest, peer: UInt32?) -> Decision {
        guard let peer else { return .refuse("the connection's owner is unknown") }
        guard peer == owner else { return .refuse("a connection of uid \(peer), not \(owner)") }
        guard let host = request[field: "host"], origins.contains("http://" + host) else {
            return .refuse("a foreign Host (\(request[field: "host"] ?? "none")): DNS rebinding is refused")
        }
        if let origin = request[field: "origin"], !origins.contains(origin) {
            return .refuse("a request from another origin (\(origin))")
        }
        if request.method == .get, request.path == "/", let offered = request.queryValue("token") {
            return token.matches(offered) ? .enter : .refuse("a wrong token in the address")
        }
        guard token.matches(request.cookie(cookieName)) else {
            return .refuse("no token: open the address 'refocus ui' printed")
        }
        guard request.method == .post else { return .allow }
        guard request[field: "origin"] != nil else { return .refuse("a POST without Origin") }
        if let site = request[field: "sec-fetch-site"], site != "same-origin" {
            return .refuse("a POST from \(site)")
        }
        guard token.matches(request[field: "x-refocus-token"]) else { return .refuse("a POST without X-ReFocus-Token") }
        guard let type = request[field: "content-type"], type.lowercased().hasPrefix("application/json") else {
            return .refuse("a POST that is not JSON")
        }
        return .allow
    }
}
