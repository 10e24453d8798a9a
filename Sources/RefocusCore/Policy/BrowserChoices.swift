/// The administrator's choices for the browsers' managed policies
/// (`browser_doh` and `browser_allowlist` in policy.toml).
///
/// Browsers read their managed policies machine-wide: Chromium from
/// /etc/chromium/policies, Firefox from /etc/firefox/policies, for every
/// user alike. So an allowlist session in the browsers, which the firewall
/// binds to its owner alone, would restrict every user's browsers on the
/// machine while it runs (Chromium's `URLBlocklist: ["*"]`, Firefox's
/// `<all_urls>`). Allowlist sessions therefore stay out of the browsers
/// unless the administrator of a machine one person uses turns that on
/// (`browser_allowlist = true`); the firewall binds their owner either way.
public struct BrowserChoices: Sendable, Equatable {
    /// When the browsers' own DNS over HTTPS is turned off (`browser_doh`).
    public var doh: BrowserDoH
    /// Whether allowlist sessions also restrict every user's browsers to
    /// their lists (`browser_allowlist`, default false).
    public var allowlist: Bool

    /// The choices; the defaults are the policy's.
    public init(doh: BrowserDoH = .session, allowlist: Bool = false) {
        self.doh = doh
        self.allowlist = allowlist
    }
}
