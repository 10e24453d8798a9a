import Foundation

/// What a benchmark ran on, for the first line of its figures: timings mean
/// little without the processor, the cores this process may use, the kernel
/// and how busy the machine was.
enum Machine {
    /// `AMD EPYC, 2 cores, Linux 6.1.0, load 0.52 0.40 0.31`.
    static var summary: String {
        "\(processor), \(ProcessInfo.processInfo.activeProcessorCount) cores, Linux \(kernel), load \(load)"
    }

    /// The processor's model name, from /proc/cpuinfo.
    static var processor: String {
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("model name") }?.split(separator: ":").last?
            .trimmingCharacters(in: .whitespaces) ?? "unknown processor"
    }

    /// The kernel's release.
    static var kernel: String {
        firstLine(of: "/proc/sys/kernel/osrelease") ?? "unknown"
    }

    /// The load averages over 1, 5 and 15 minutes.
    static var load: String {
        firstLine(of: "/proc/loadavg")?.split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
    }

    private static func firstLine(of path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").first.map(String.init)
    }
}
