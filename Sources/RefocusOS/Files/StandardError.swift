import Glibc

/// Writes to the process's standard error without buffering, for messages
/// that must appear even if the process exits right after.
public enum StandardError {
    /// Writes `text` as it is (add the newline yourself).
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
