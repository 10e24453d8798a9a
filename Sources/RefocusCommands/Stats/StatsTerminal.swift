#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// Whether `refocus stats` may colour its heatmap.
enum StatsTerminal {
    /// True when standard output is a terminal, NO_COLOR is unset or empty
    /// (no-color.org) and TERM is not `dumb`.
    static func colours(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: Bool = isatty(STDOUT_FILENO) == 1
    ) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
