import Foundation
import RefocusCore

/// Writes the one JSON answer on stdout; a caller who closed it (SIGPIPE is
/// ignored) loses the answer, and the exit status still tells.
enum ResponseWriter {
    static func write(_ response: HelperResponse) {
        let data = (try? HelperProtocol.encoder().encode(response))
            ?? Data(#"{"ok":false,"version":1,"error":{"code":"system-error","message":"cannot encode the answer"}}"#.utf8)
        try? FileHandle.standardOutput.write(contentsOf: data + Data("\n".utf8))
    }
}
