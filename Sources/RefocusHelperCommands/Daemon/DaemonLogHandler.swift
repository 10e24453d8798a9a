import Logging
import RefocusOS

/// The daemon's swift-log handler: one line per message on standard error,
/// through `NonBlockingLog` (never waiting: a line that would block is
/// dropped and counted), as `refocus-helper daemon: MESSAGE`, with the
/// metadata after it as `key=value` pairs. Messages below `logLevel` are
/// dropped.
struct DaemonLogHandler: LogHandler {
    /// The writer, shared by every copy of the handler.
    let log: NonBlockingLog
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(level: Logger.Level, message: Logger.Message, metadata extra: Logger.Metadata?, source: String,
             file: String, function: String, line: UInt) {
        let all = metadata.merging(extra ?? [:]) { $1 }
        let pairs = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        log.write(pairs.isEmpty ? "\(message)" : "\(message) (\(pairs.joined(separator: " ")))")
    }
}

extension Logger {
    /// The daemon's logger, writing through `log`.
    static func daemon(_ log: NonBlockingLog) -> Logger {
        Logger(label: "refocus-helper daemon") { _ in DaemonLogHandler(log: log) }
    }
}
