/// When ReFocus turns off the browsers' own DNS over HTTPS through their
/// managed policies (`browser_doh` in policy.toml). A browser resolving
/// over HTTPS does not read /etc/hosts, and Firefox reads it once per
/// process: with DoH off at all times, a name blocked at a session's start
/// is blocked at once even in a Firefox that was already running.
public enum BrowserDoH: String, CaseIterable, Sendable {
    /// Always: the policies hold only the DoH setting when no session blocks anything.
    case off
    /// During sessions only (the default).
    case session
    /// Never: the policies carry no DoH key at all.
    case leave
}
