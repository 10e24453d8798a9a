import CNSSRefocus
import Glibc
import Testing

extension NSSModuleTests {
    /// A buffer too small for the answer: every size from 0 up to the one
    /// the answer needs gives TRYAGAIN with ERANGE (and NETDB_INTERNAL), so
    /// that glibc retries with a larger buffer, and from that size on the
    /// full answer; at no size and no alignment of the buffer does the module
    /// write outside it. A name that is not blocked is NOTFOUND whatever the
    /// buffer, or glibc would grow it forever.
    @Suite struct Buffers {
        /// One of the entry points, with a buffer of a given size.
        struct Call: Sendable, CustomTestStringConvertible {
            let label: String
            let expected: String
            /// The most the answer may need for `name`: pointer alignment, then the data.
            let bound: @Sendable (String) -> Int
            let call: @Sendable (String, String, GuardedBuffer) -> Answer

            var testDescription: String { label }
        }

        static let pointer = MemoryLayout<UnsafeRawPointer>.size
        static let calls = [
            Call(
                label: "gethostbyname4_r", expected: sinkholes,
                bound: { pointer - 1 + 2 * MemoryLayout<gaih_addrtuple>.stride + $0.utf8.count + 1 }
            ) {
                Module.byName4($0, $1, buffer: $2)
            },
            Call(
                label: "gethostbyname4_r, the caller's tuple", expected: sinkholes,
                bound: { pointer - 1 + 2 * MemoryLayout<gaih_addrtuple>.stride + $0.utf8.count + 1 }
            ) {
                Module.byName4($0, $1, buffer: $2, callerTuple: true)
            },
            Call(
                label: "gethostbyname3_r AF_INET", expected: "192.0.2.1",
                bound: { pointer - 1 + 3 * pointer + 8 + $0.utf8.count + 1 }
            ) {
                Module.byName3($0, $1, family: AF_INET, buffer: $2)
            },
            Call(
                label: "gethostbyname3_r AF_INET6", expected: "100::1",
                bound: { pointer - 1 + 3 * pointer + 16 + $0.utf8.count + 1 }
            ) {
                Module.byName3($0, $1, family: AF_INET6, buffer: $2)
            },
        ]

        @Test(
            arguments: calls, ["reddit.com", "a.b.c.reddit.com", NSSModuleTests.name(under: "reddit.com", length: 253)])
        func everySizeBelowTheNeededOneAsksForALargerOne(call: Call, name: String) throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            try folder.install(blocking: "reddit.com")
            for misalignment in 0..<MemoryLayout<UnsafeRawPointer>.alignment {
                var wrong: [String] = []
                var needed: Int?
                for size in 0...roomy {
                    let answer = call.call(folder.path, name, GuardedBuffer(count: size, misalignment: misalignment))
                    if !answer.problems.isEmpty { wrong.append("size \(size): \(answer)") }
                    if needed == nil, answer.status == NSS_STATUS_SUCCESS { needed = size }
                    let expected =
                        needed == nil
                        ? "TRYAGAIN ERANGE NETDB_INTERNAL" : "SUCCESS 0 NETDB_SUCCESS \(name) \(call.expected)"
                    if answer.summary != expected { wrong.append("size \(size): \(answer.summary)") }
                }
                #expect(wrong.isEmpty, "misaligned by \(misalignment): \(wrong.prefix(4)) (\(wrong.count) in all)")
                let size = try #require(needed, "misaligned by \(misalignment): no size up to \(roomy) was enough")
                #expect(size <= call.bound(name), "misaligned by \(misalignment): needs \(size) bytes")
            }
        }

        @Test func aNameThatIsNotBlockedIsNotFoundWhateverTheBuffer() throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            try folder.install(blocking: "reddit.com")
            var wrong: [String] = []
            for call in Self.calls {
                for size in 0...64 {
                    let answer = call.call(
                        folder.path, "notreddit.com", GuardedBuffer(count: size, misalignment: size % 8))
                    if answer.summary != notFound || !answer.problems.isEmpty {
                        wrong.append("\(call.label) \(size): \(answer)")
                    }
                }
            }
            #expect(wrong.isEmpty, "\(wrong.prefix(4)) (\(wrong.count) in all)")
        }
    }
}
