import Glibc
import RefocusOS

/// The per-user rows' second view (`ResolverUserBench`): the module's own
/// entry point, `_nss_refocus_gethostbyname4_r`, called in this process
/// (the module loaded with dlopen, as glibc loads it), without
/// getaddrinfo's sockets and sorting around it, whose noise is larger than
/// what a per-user entry adds. Batches of calls a name, interleaved; each
/// figure the median of the batches' means.
enum ResolverUserCallBench {
    /// `_nss_refocus_gethostbyname4_r` with the tuple list as a raw pointer.
    typealias ByName4 =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, Int,
            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
        ) -> Int32

    /// NSS_STATUS_SUCCESS and NSS_STATUS_NOTFOUND (nss.h).
    static let success: Int32 = 1, notFound: Int32 = 0

    /// Per name, the seconds a call takes; throws when a name is not answered as `blocked` says.
    static func measure(module: String, names: [(name: String, blocked: Bool)], calls: Int, rounds: Int) throws
        -> [Double]
    {
        guard let library = dlopen(module, RTLD_NOW | RTLD_LOCAL) else {
            throw BenchError.referenceFailed("dlopen \(module): \(String(cString: dlerror()))")
        }
        defer { dlclose(library) }
        guard let symbol = dlsym(library, "_nss_refocus_gethostbyname4_r") else {
            throw BenchError.referenceFailed("\(module) has no _nss_refocus_gethostbyname4_r")
        }
        let call = unsafeBitCast(symbol, to: ByName4.self)
        var buffer = [CChar](repeating: 0, count: 1024)
        var batches = [[Double]](repeating: [], count: names.count)
        for _ in 0..<rounds {
            for (index, entry) in names.enumerated() {
                var status: Int32 = -1
                let start = monotonicNanoseconds()
                for _ in 0..<calls {
                    var tuples: UnsafeMutableRawPointer? = nil
                    var code: Int32 = 0, hostCode: Int32 = 0, ttl: Int32 = 0
                    status = buffer.withUnsafeMutableBufferPointer {
                        call(entry.name, &tuples, $0.baseAddress, $0.count, &code, &hostCode, &ttl)
                    }
                }
                batches[index].append(Double(monotonicNanoseconds() - start) / 1e9 / Double(calls))
                guard status == (entry.blocked ? success : notFound) else {
                    throw BenchError.checkFailed("\(entry.name): the module answered status \(status)")
                }
            }
        }
        return batches.map { Samples($0).median }
    }
}
