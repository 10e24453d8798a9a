import Glibc
import RefocusCore

/// The addresses this machine needs at the moment, which no session may
/// block: the name servers of resolv.conf, the default gateways, and the
/// machine's own addresses (`ProtectedAddresses`). Read by the helper at
/// each start and each reconcile, so that a change (a new DHCP lease)
/// counts at once, and by refocus at each start, to leave such entries of
/// a list out. Needs no privilege; what cannot be read is left out.
public enum SystemProtections {
    /// Everything the system reports now.
    public static func read() -> [ProtectedAddresses.Protection] {
        var protections: [ProtectedAddresses.Protection] = []
        if let resolvConf = try? SystemNameServers.load() {
            protections += resolvConf.servers.map { .init(AddressRange($0), "a name server in \(resolvConf.path)") }
        }
        let gateways =
            RouteTables.ipv4Gateways(text("/proc/net/route")) + RouteTables.ipv6Gateways(text("/proc/net/ipv6_route"))
        protections += gateways.map { .init(AddressRange($0), "a default gateway") }
        protections += ownAddresses().map { .init(AddressRange($0), "an address of this machine") }
        return protections
    }

    /// The addresses of this machine's interfaces.
    static func ownAddresses() -> [IPAddress] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [IPAddress] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr else { continue }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    addresses.append(.v4(UInt32(bigEndian: $0.pointee.sin_addr.s_addr)))
                }
            case AF_INET6:
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    let parsed = withUnsafeBytes(of: $0.pointee.sin6_addr, { IPAddress(bytes: $0) })
                    if let parsed { addresses.append(parsed) }
                }
            default: break
            }
        }
        return addresses
    }

    private static func text(_ path: String) -> String {
        String(decoding: (try? FileReader.readIfPresent(path, limit: 4 << 20)) ?? [], as: UTF8.self)
    }
}
