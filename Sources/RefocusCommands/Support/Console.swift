#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import RefocusOS
import RefocusProtocol

/// Writes what the commands print: results on stdout, problems on stderr.
enum Console {
    /// Prints an error or warning line on stderr, prefixed `refocus: `.
    static func error(_ message: String) {
        StandardError.write("refocus: \(message)\n")
    }

    /// Prints a line on stderr without a prefix (details under an error).
    static func detail(_ message: String, terminator: String = "\n") {
        StandardError.write(message + terminator)
    }

    /// Prints a value as indented JSON with sorted keys on stdout.
    static func json(_ value: some Encodable) throws {
        let encoder = HelperProtocol.encoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Whether stdin is a terminal a person can answer on.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }
}
