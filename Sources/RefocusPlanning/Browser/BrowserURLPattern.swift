/// A host or a path of one, as an allowlist names it for the browsers:
/// the host with every name under it, and the path prefix (empty: the
/// whole host).
struct BrowserURLPattern: Hashable {
    /// The host, in its ASCII form.
    let host: String
    /// The path and below, starting with `/`; empty for every path.
    let path: String
}
