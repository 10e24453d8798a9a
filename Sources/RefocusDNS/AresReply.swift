import CAres
import RefocusCore
import RefocusOS

/// Turns what c-ares hands a query callback into a `LookupOutcome`, parsing
/// A and AAAA answers with c-ares' own parsers (no packet code here).
enum AresReply {
    /// The outcome of a query that ended with `status`; `answer` is the raw
    /// reply, valid only during the callback.
    static func outcome(status: Int32, type: RecordType, answer: UnsafePointer<UInt8>?, length: Int32) -> LookupOutcome
    {
        switch status {
        case ARES_SUCCESS:
            guard let answer else { return .serverFailure(reason: "empty answer") }
            return parse(type, answer: answer, length: length)
        case ARES_ENODATA: return .noData
        case ARES_ENOTFOUND: return .notFound
        case ARES_ETIMEOUT, ARES_ECANCELLED, ARES_EDESTRUCTION: return .timedOut
        default: return .serverFailure(reason: reason(status))
        }
    }

    /// What a status code means, in words: ours for the failures of a query,
    /// c-ares' text for the rest.
    static func reason(_ status: Int32) -> String {
        switch status {
        case ARES_ESERVFAIL: "the server failed (SERVFAIL)"
        case ARES_EREFUSED: "the server refused (REFUSED)"
        case ARES_ECONNREFUSED: "every server refused the query or could not be reached"
        case ARES_EFORMERR, ARES_EBADRESP: "the server's answer was malformed"
        default: String(cString: ares_strerror(status))
        }
    }

    private static func parse(_ type: RecordType, answer: UnsafePointer<UInt8>, length: Int32) -> LookupOutcome {
        let parsed =
            switch type {
            case .a:
                parseRecords(
                    ares_addrttl(), answer, length, parser: { ares_parse_a_reply($0, $1, nil, $2, $3) },
                    address: { withUnsafeBytes(of: $0.ipaddr) { IPAddress(bytes: $0) } }, ttl: \.ttl)
            case .aaaa:
                parseRecords(
                    ares_addr6ttl(), answer, length, parser: { ares_parse_aaaa_reply($0, $1, nil, $2, $3) },
                    address: { withUnsafeBytes(of: $0.ip6addr) { IPAddress(bytes: $0) } }, ttl: \.ttl)
            }
        switch parsed {
        case .success(let (addresses, ttl)): return .addresses(addresses, ttl: ttl)
        case .failure(let status) where status.code == ARES_ENODATA: return .noData
        case .failure(let status): return .serverFailure(reason: reason(status.code))
        }
    }

    /// Runs one of c-ares' address parsers into a buffer of `Record`s,
    /// doubling the buffer while the parser fills it, so that no address of
    /// a large answer is lost; with the shortest time to live of the records
    /// (c-ares gives each address the smaller of its own and its CNAMEs' TTLs).
    private static func parseRecords<Record>(
        _ empty: Record, _ answer: UnsafePointer<UInt8>, _ length: Int32,
        parser: (UnsafePointer<UInt8>, Int32, UnsafeMutablePointer<Record>?, UnsafeMutablePointer<Int32>) -> Int32,
        address: (Record) -> IPAddress?, ttl: (Record) -> Int32
    ) -> Result<([IPAddress], UInt32), AresStatus> {
        var capacity = 64
        while true {
            var records = [Record](repeating: empty, count: capacity)
            var count = Int32(capacity)
            let status = records.withUnsafeMutableBufferPointer { parser(answer, length, $0.baseAddress, &count) }
            guard status == ARES_SUCCESS else { return .failure(AresStatus(status)) }
            if Int(count) < capacity || capacity >= Int(length) {
                let kept = records.prefix(Int(count))
                return .success((kept.compactMap(address), UInt32(clamping: kept.map(ttl).min() ?? 0)))
            }
            capacity *= 2
        }
    }
}

/// A c-ares status code carried as an error.
struct AresStatus: Error, Equatable {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}
