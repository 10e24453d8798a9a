import Logging
import RefocusOS
import Synchronization

/// The daemon's swift-log handler: one line per message on standard error,
/// through `NonBlockingLog` (never waiting: a line that would block is
/// dropped and counted), as `refocus-helper daemon: MESSAGE`, with the
/// metadata after it as `(key=value …)`. Messages below `logLevel` are
/// dropped.
struct DaemonLogHandler: LogHandler {
    /// The writer, shared by every copy of the handler; one line at a time.
    let log: SharedLog
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let pairs = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        log.write(pairs.isEmpty ? "\(event.message)" : "\(event.message) (\(pairs.joined(separator: " ")))")
    }

    /// A `NonBlockingLog` that writes one line at a time, from any thread.
    final class SharedLog: Sendable {
        private let log: Mutex<NonBlockingLog>

        /// Shares `log`.
        init(_ log: sending NonBlockingLog) {
            self.log = Mutex(log)
        }

        /// Writes `line` (see `NonBlockingLog.write`).
        func write(_ line: String) {
            log.withLock { $0.write(line) }
        }
    }
}

extension Logger {
    /// The daemon's logger, writing through `log`.
    package static func daemon(_ log: sending NonBlockingLog) -> Logger {
        let shared = DaemonLogHandler.SharedLog(log)
        return Logger(label: "refocus-helper daemon") { _ in DaemonLogHandler(log: shared) }
    }
}
