import Foundation
import Glibc
import RefocusOS

/// `refocus-bench resolver-probe NAME COUNT SECONDS`, the child that
/// `ResolverBench` starts in its namespace: calls `getaddrinfo(NAME)`
/// (AF_UNSPEC, SOCK_STREAM) once untimed (the first call reads
/// nsswitch.conf, loads the NSS modules and maps the index), then COUNT
/// times, or for SECONDS if that ends first (at least 5 calls), each call
/// timed alone. Prints one line of `key=value` fields: `ResolverProbe.Result`.
enum ResolverProbe {
    /// What one probe measured and saw.
    struct Result {
        /// How many calls were timed.
        var calls = 0
        /// The first call's time, the median and the 99th percentile of the others, in seconds.
        var first = 0.0, median = 0.0, p99 = 0.0
        /// The addresses answered, sorted and joined by commas, or the error's name (`EAI_NONAME`).
        var answer = ""
        /// The file of libnss_refocus mapped into the probe after its calls, or `none`.
        var module = ""

        /// The line the probe prints.
        var line: String {
            "calls=\(calls) first=\(first) median=\(median) p99=\(p99) answer=\(answer) module=\(module)"
        }

        init() {}

        /// The result a probe printed as `line`; nil for anything else.
        init?(line: String) {
            var fields: [Substring: Substring] = [:]
            for field in line.split(separator: " ") {
                guard let equals = field.firstIndex(of: "=") else { return nil }
                fields[field[..<equals]] = field[field.index(after: equals)...]
            }
            guard let calls = fields["calls"].flatMap({ Int($0) }), let first = fields["first"].flatMap({ Double($0) }),
                let median = fields["median"].flatMap({ Double($0) }), let p99 = fields["p99"].flatMap({ Double($0) }),
                let answer = fields["answer"], let module = fields["module"]
            else { return nil }
            (self.calls, self.first, self.median, self.p99) = (calls, first, median, p99)
            (self.answer, self.module) = (String(answer), String(module))
        }
    }

    static func run(_ arguments: [String]) -> Never {
        guard arguments.count == 3, let count = Int(arguments[1]), count > 0, let seconds = Double(arguments[2]) else {
            BenchMain.fail("usage: refocus-bench resolver-probe NAME COUNT SECONDS", status: 64)
        }
        let name = arguments[0]
        var result = Result()
        let first = monotonicNanoseconds()
        result.answer = lookUp(name)
        result.first = Double(monotonicNanoseconds() - first) / 1e9
        var times: [Double] = []
        times.reserveCapacity(count)
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while times.count < count, times.count < 5 || monotonicNanoseconds() < deadline {
            var hints = streamHints()
            var list: UnsafeMutablePointer<addrinfo>?
            let start = monotonicNanoseconds()
            let status = getaddrinfo(name, nil, &hints, &list)
            times.append(Double(monotonicNanoseconds() - start) / 1e9)
            if status == 0 { freeaddrinfo(list) }
        }
        let samples = Samples(times)
        (result.calls, result.median, result.p99) = (times.count, samples.median, samples.percentile(0.99))
        result.module = mappedModule() ?? "none"
        print(result.line)
        exit(0)
    }

    /// What the probe asks for: any family, stream sockets (one answer an address).
    private static func streamHints() -> addrinfo {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        return hints
    }

    /// The addresses `getaddrinfo` answers for `name`, sorted, or the name of its error.
    private static func lookUp(_ name: String) -> String {
        var hints = streamHints()
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(name, nil, &hints, &list)
        guard status == 0 else { return status == EAI_NONAME ? "EAI_NONAME" : "EAI_\(-status)" }
        defer { freeaddrinfo(list) }
        var addresses: [String] = []
        var next = list
        while let entry = next?.pointee {
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if entry.ai_family == AF_INET, let address = entry.ai_addr {
                var bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                inet_ntop(AF_INET, &bytes, &text, socklen_t(text.count))
            } else if entry.ai_family == AF_INET6, let address = entry.ai_addr {
                var bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                inet_ntop(AF_INET6, &bytes, &text, socklen_t(text.count))
            }
            addresses.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            next = entry.ai_next
        }
        return Set(addresses).sorted().joined(separator: ",")
    }

    /// The path of the libnss_refocus this process has mapped, from /proc/self/maps.
    private static func mappedModule() -> String? {
        guard let maps = try? FileReader.readIfPresent("/proc/self/maps") else { return nil }
        return String(decoding: maps, as: UTF8.self).split(separator: "\n")
            .lazy.compactMap { $0.split(separator: " ").last }
            .first { $0.hasSuffix("/libnss_refocus.so.2") }.map(String.init)
    }
}
