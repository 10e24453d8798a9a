/// The administrator's choices for the browsers' managed policies
/// (`browser_doh` and `browser_allowlist` in policy.toml).
///
/// Browsers read their managed policies machine-wide: Chromium from
/// /etc/chromium/policies, Firefox from /etc/firefox/policies, for every
/// user alike. So an allowlist session, which the firewall binds to its
/// owner alone, restricts every user's browsers on the machine while it
/// runs; an administrator of a machine that several people use at once
/// turns that off (`browser_allowlist = false`), leaving allowlist
/// sessions to the firewall, which binds the owner only.
public struct BrowserChoices: Sendable, Equatable {
    /// When the browsers' own DNS over HTTPS is turned off (`browser_doh`).
    public var doh: BrowserDoH
    /// Whether allowlist sessions also restrict the browsers to their
    /// lists (`browser_allowlist`, default true).
    public var allowlist: Bool

    /// The choices; the defaults are the policy's.
    public init(doh: BrowserDoH = .session, allowlist: Bool = true) {
        self.doh = doh
        self.allowlist = allowlist
    }
}
