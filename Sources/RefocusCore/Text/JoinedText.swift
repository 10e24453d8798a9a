extension Array where Element == String {
    /// The strings with `separator` between them, as `joined(separator:)`
    /// gives, built by plain concatenation. The standard library's
    /// `joined(separator:)` is generic over `StringProtocol` and runs
    /// unspecialized here, so its first call has the runtime look up
    /// conformances by scanning every conformance record of the binary: a
    /// fifth of the status line's instructions (`refocus status --format
    /// waybar`, run by a status bar every second).
    package func joinedText(_ separator: String = "") -> String {
        var text = ""
        for (index, element) in enumerated() {
            if index > 0 { text += separator }
            text += element
        }
        return text
    }
}
