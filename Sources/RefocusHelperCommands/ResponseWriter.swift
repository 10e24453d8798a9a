import Foundation
import RefocusCore

/// Writes the one JSON answer on stdout.
enum ResponseWriter {
    static func write(_ response: HelperResponse) {
        let data = (try? HelperProtocol.encoder().encode(response))
            ?? Data(#"{"ok":false,"version":1,"error":{"code":"system-error","message":"cannot encode the answer"}}"#.utf8)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
