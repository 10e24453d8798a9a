import CNSSRefocus
import Glibc
import Testing

extension NSSModuleTests {
    /// A blocked name and every name under it are answered with the sinkhole
    /// addresses in the layouts glibc reads (a gaih_addrtuple list for
    /// getaddrinfo, a hostent for gethostbyname*: the name as asked, h_length
    /// and h_addrtype of the family, the address list NULL-terminated, no
    /// aliases, everything inside the caller's buffer); every other name is
    /// NOTFOUND with ENOENT and HOST_NOT_FOUND, so that the next service
    /// answers; a family other than IPv4 and IPv6 is UNAVAIL; the caller's
    /// errno survives.
    @Suite struct Answers {
        static let blockedNames = [
            "reddit.com", "old.reddit.com", "a.b.c.reddit.com", "WWW.Reddit.COM", "reddit.com.",
            "xn--bcher-kva.de", "www.xn--bcher-kva.de", NSSModuleTests.name(under: "reddit.com", length: 253),
        ]

        @Test(arguments: blockedNames)
        func aBlockedNameAndEveryNameUnderItAnswerTheSinkhole(name: String) throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            try folder.install(blocking: "reddit.com", "bücher.de")
            let both = Module.byName4(folder.path, name, buffer: GuardedBuffer(count: roomy))
            #expect(both.summary == "SUCCESS 0 NETDB_SUCCESS \(name) \(sinkholes)")
            #expect(both.problems.isEmpty, "\(both)")
            let ipv4 = Module.byName3(folder.path, name, family: AF_INET, buffer: GuardedBuffer(count: roomy))
            #expect(ipv4.summary == "SUCCESS 0 NETDB_SUCCESS \(name) 192.0.2.1")
            #expect(ipv4.problems.isEmpty, "\(ipv4)")
            let ipv6 = Module.byName3(folder.path, name, family: AF_INET6, buffer: GuardedBuffer(count: roomy))
            #expect(ipv6.summary == "SUCCESS 0 NETDB_SUCCESS \(name) 100::1")
            #expect(ipv6.problems.isEmpty, "\(ipv6)")
        }

        @Test(arguments: [
            "notreddit.com", "example.org", "reddit.co", "com", "reddit.com.evil.example", "reddit..com", "",
            ".", "bücher.de", NSSModuleTests.name(under: "reddit.com", length: 254),
            NSSModuleTests.name(under: "reddit.com", length: 1000),
        ])
        func everyOtherNameIsNotFoundSoTheNextServiceAnswers(name: String) throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            try folder.install(blocking: "reddit.com", "bücher.de")
            for family in [AF_INET, AF_INET6] {
                let answer = Module.byName3(folder.path, name, family: family, buffer: GuardedBuffer(count: roomy))
                #expect(answer.summary == notFound, "\(family)")
                #expect(answer.problems.isEmpty, "\(answer)")
            }
            let both = Module.byName4(folder.path, name, buffer: GuardedBuffer(count: roomy))
            #expect(both.summary == notFound)
            #expect(both.problems.isEmpty, "\(both)")
        }

        @Test func theLongNamesAreAsLongAsTheTestsSay() throws {
            #expect(NSSModuleTests.name(under: "reddit.com", length: 253).count == 253)
            #expect(NSSModuleTests.name(under: "reddit.com", length: 254).count == 254)
            #expect(
                NSSModuleTests.name(under: "reddit.com", length: 253).split(separator: ".").allSatisfy {
                    $0.count <= 63
                })
        }

        @Test(arguments: [AF_UNSPEC, AF_UNIX, AF_PACKET, AF_NETLINK, -1])
        func aFamilyOtherThanIPv4AndIPv6IsUnavailable(family: Int32) throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            try folder.install(blocking: "reddit.com")
            for name in ["reddit.com", "example.org"] {
                let answer = Module.byName3(folder.path, name, family: family, buffer: GuardedBuffer(count: roomy))
                #expect(answer.summary == "UNAVAIL EAFNOSUPPORT NO_DATA", "\(name)")
                #expect(answer.problems.isEmpty, "\(answer)")
            }
        }

        /// nscd passes `*pat` pointing to a tuple of its own: the first tuple
        /// goes there, and the rest of the list follows it in the buffer.
        @Test func aTupleOfTheCallersGetsTheFirstAnswer() throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            try folder.install(blocking: "reddit.com")
            let answer = Module.byName4(
                folder.path, "www.reddit.com", buffer: GuardedBuffer(count: roomy), callerTuple: true)
            #expect(answer.summary == "SUCCESS 0 NETDB_SUCCESS www.reddit.com \(sinkholes)")
            #expect(answer.problems.isEmpty, "\(answer)")
            let missed = Module.byName4(
                folder.path, "example.org", buffer: GuardedBuffer(count: roomy), callerTuple: true)
            #expect(missed.summary == notFound)
            #expect(missed.problems.isEmpty, "\(missed)")
        }

        /// glibc passes `&errno` as errnop, but a caller's errno must not
        /// change through the module's own calls (stat, open, mmap of an
        /// index that is absent or present): errnop gets the answer's code.
        @Test func theCallersErrnoIsKept() throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            var tuples: UnsafeMutablePointer<gaih_addrtuple>?
            var host = hostent()
            var code: Int32 = 0, hostCode: Int32 = 0, ttl: Int32 = 0
            var canonical: UnsafeMutablePointer<CChar>?
            let buffer = GuardedBuffer(count: roomy)
            for stage in ["absent", "present"] {
                if stage == "present" { try folder.install(blocking: "reddit.com") }
                for name in ["example.org", "reddit.com"] {
                    tuples = nil
                    errno = EDOM
                    let status4 = rf_nss_gethostbyname4_at(
                        folder.path, name, &tuples, buffer.start, buffer.count,
                        &code, &hostCode, &ttl)
                    let kept4 = errno
                    errno = EDOM
                    let status3 = rf_nss_gethostbyname3_at(
                        folder.path, name, AF_INET, &host, buffer.start, buffer.count,
                        &code, &hostCode, &ttl, &canonical)
                    let kept3 = errno
                    #expect(kept4 == EDOM && kept3 == EDOM, "\(stage) \(name): errno \(kept4), \(kept3)")
                    let found = stage == "present" && name == "reddit.com"
                    #expect(status4 == (found ? NSS_STATUS_SUCCESS : NSS_STATUS_NOTFOUND), "\(stage) \(name)")
                    #expect(status3 == (found ? NSS_STATUS_SUCCESS : NSS_STATUS_NOTFOUND), "\(stage) \(name)")
                }
            }
        }
    }
}
