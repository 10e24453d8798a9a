import CNSSRefocus
import Glibc

/// One answer of the module, decoded from what it wrote, with every way its
/// layout breaks the NSS contract: a pointer outside the buffer or
/// misaligned, a list without its NULL, a write past the buffer.
struct Answer: CustomStringConvertible {
    var status: nss_status
    var errno: Int32
    var hostErrno: Int32
    /// The canonical name (h_name, or the first tuple's) and the addresses, in their order.
    var name: String?
    var addresses: [String] = []
    var aliases: [String] = []
    var problems: [String] = []

    /// `SUCCESS 0 NETDB_SUCCESS reddit.com 100::1 192.0.2.1`, `NOTFOUND ENOENT HOST_NOT_FOUND`:
    /// what a test compares.
    var summary: String {
        let head = [
            Self.statuses[status.rawValue] ?? "status \(status.rawValue)", Self.errnos[errno] ?? "errno \(errno)",
            Self.hostErrnos[hostErrno] ?? "h_errno \(hostErrno)",
        ]
        guard status == NSS_STATUS_SUCCESS else { return head.joined(separator: " ") }
        return (head + [name ?? "(no name)"] + addresses + aliases.map { "alias \($0)" }).joined(separator: " ")
    }

    var description: String { problems.isEmpty ? summary : summary + " (" + problems.joined(separator: "; ") + ")" }

    private static let statuses: [Int32: String] = [
        NSS_STATUS_SUCCESS.rawValue: "SUCCESS", NSS_STATUS_NOTFOUND.rawValue: "NOTFOUND",
        NSS_STATUS_UNAVAIL.rawValue: "UNAVAIL", NSS_STATUS_TRYAGAIN.rawValue: "TRYAGAIN",
    ]
    private static let errnos: [Int32: String] = [
        0: "0", ENOENT: "ENOENT", ERANGE: "ERANGE", EAFNOSUPPORT: "EAFNOSUPPORT",
    ]
    private static let hostErrnos: [Int32: String] = [
        NETDB_SUCCESS: "NETDB_SUCCESS", HOST_NOT_FOUND: "HOST_NOT_FOUND", NETDB_INTERNAL: "NETDB_INTERNAL",
        NO_DATA: "NO_DATA", TRY_AGAIN: "TRY_AGAIN",
    ]
}

/// The module's two entry points with the index's path (`rf_nss_*_at`), called
/// as glibc calls them, their answers decoded.
enum Module {
    /// Neither set by the module nor a value it would set.
    static let unset: Int32 = -12345

    /// gethostbyname4_r, as getaddrinfo calls it. With `callerTuple`, `*pat`
    /// points to a tuple of the caller's (nscd's convention), which must get
    /// the first tuple; otherwise `*pat` is NULL and must end up in the buffer.
    static func byName4(_ index: String, _ name: String, buffer: GuardedBuffer, callerTuple: Bool = false) -> Answer {
        let own = UnsafeMutablePointer<gaih_addrtuple>.allocate(capacity: 1)
        own.initialize(to: gaih_addrtuple())
        defer { own.deallocate() }
        var tuples: UnsafeMutablePointer<gaih_addrtuple>? = callerTuple ? own : nil
        var code = unset, hostCode = unset, ttl = unset
        let status = rf_nss_gethostbyname4_at(index, name, &tuples, buffer.start, buffer.count, &code, &hostCode, &ttl)
        var answer = Answer(status: status, errno: code, hostErrno: hostCode)
        if !buffer.guardsIntact { answer.problems.append("wrote outside the buffer") }
        guard status == NSS_STATUS_SUCCESS else {
            if tuples != (callerTuple ? own : nil) { answer.problems.append("*pat changed without an answer") }
            return answer
        }
        if ttl != 0 { answer.problems.append("ttl \(ttl)") }
        if callerTuple && tuples != own { answer.problems.append("*pat no longer points to the caller's tuple") }
        var next = tuples
        for position in 0..<8 {
            guard let tuple = next else { break }
            if !(callerTuple && position == 0) {
                guard buffer.holds(tuple, size: MemoryLayout<gaih_addrtuple>.size) else {
                    answer.problems.append("tuple \(position) outside the buffer")
                    return answer
                }
                if Int(bitPattern: tuple) % MemoryLayout<gaih_addrtuple>.alignment != 0 {
                    answer.problems.append("tuple \(position) misaligned")
                }
            }
            if let text = tuple.pointee.name {
                guard buffer.holdsString(text) else {
                    answer.problems.append("tuple \(position)'s name outside the buffer")
                    return answer
                }
                if position == 0 {
                    answer.name = String(cString: text)
                } else {
                    answer.aliases.append(String(cString: text))
                }
            } else if position == 0 {
                answer.problems.append("the first tuple has no name")
            }
            var address = tuple.pointee.addr
            answer.addresses.append(withUnsafeBytes(of: &address) { text(tuple.pointee.family, $0.baseAddress) })
            if tuple.pointee.scopeid != 0 {
                answer.problems.append("tuple \(position) has scope \(tuple.pointee.scopeid)")
            }
            next = tuple.pointee.next
            if position == 7, next != nil { answer.problems.append("the tuples do not end") }
        }
        return answer
    }

    /// gethostbyname3_r (gethostbyname2_r is it without ttl and canonical name).
    static func byName3(_ index: String, _ name: String, family: Int32, buffer: GuardedBuffer) -> Answer {
        var host = hostent()
        var code = unset, hostCode = unset, ttl = unset
        var canonical: UnsafeMutablePointer<CChar>?
        let status = rf_nss_gethostbyname3_at(
            index, name, family, &host, buffer.start, buffer.count, &code, &hostCode,
            &ttl, &canonical)
        var answer = Answer(status: status, errno: code, hostErrno: hostCode)
        if !buffer.guardsIntact { answer.problems.append("wrote outside the buffer") }
        guard status == NSS_STATUS_SUCCESS else {
            if canonical != nil { answer.problems.append("canonp set without an answer") }
            return answer
        }
        if ttl != 0 { answer.problems.append("ttl \(ttl)") }
        if host.h_addrtype != family { answer.problems.append("h_addrtype \(host.h_addrtype)") }
        let length = Int(host.h_length)
        if length != (family == AF_INET ? 4 : 16) { answer.problems.append("h_length \(length)") }
        if let hostName = host.h_name, buffer.holdsString(hostName) {
            answer.name = String(cString: hostName)
            if canonical != hostName { answer.problems.append("canonp is not h_name") }
        } else {
            answer.problems.append("h_name outside the buffer")
        }
        answer.aliases = list(host.h_aliases, "h_aliases", buffer, &answer.problems).map { alias in
            buffer.holdsString(alias) ? String(cString: alias) : "(outside the buffer)"
        }
        answer.addresses = list(host.h_addr_list, "h_addr_list", buffer, &answer.problems).map { address in
            buffer.holds(address, size: length) ? text(family, address) : "(outside the buffer)"
        }
        return answer
    }

    /// The entries of a NULL-terminated pointer list that must lie, aligned, in the buffer.
    private static func list(
        _ list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ what: String,
        _ buffer: GuardedBuffer, _ problems: inout [String]
    ) -> [UnsafeMutablePointer<CChar>] {
        guard let list, Int(bitPattern: list) % MemoryLayout<UnsafeRawPointer>.alignment == 0 else {
            problems.append("\(what) missing or misaligned")
            return []
        }
        var entries: [UnsafeMutablePointer<CChar>] = []
        var position = 0
        while true {
            guard buffer.holds(list + position, size: MemoryLayout<UnsafeRawPointer>.size) else {
                problems.append("\(what) runs out of the buffer")
                return entries
            }
            guard let entry = list[position] else { return entries }
            entries.append(entry)
            position += 1
        }
    }

    /// An address in its text form, or what is wrong with it.
    static func text(_ family: Int32, _ bytes: UnsafeRawPointer?) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard family == AF_INET || family == AF_INET6,
            inet_ntop(family, bytes, &text, socklen_t(text.count)) != nil
        else { return "(family \(family))" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
