import RefocusCore

/// Every name the /etc/hosts section blocks: distinct domains and their
/// subdomain expansions (`www.example.com`), sorted by their bytes, without
/// duplicates. Made by `HostsSection.names(domains:subdomains:)`.
///
/// Built without a `String` per name: the domains' bytes go into one buffer
/// and are sorted once; the expansions with one subdomain are then in the
/// same order, so all of them are merged in one pass. A collection of the
/// names as `String`s, each made when it is read.
public struct HostNames: Sendable, RandomAccessCollection {
    /// One name: `head` (empty, or a subdomain and a dot) followed by a domain.
    struct Name: Sendable {
        /// An index into `heads`; 0 is the empty head.
        let head: Int
        /// An index into `domains`.
        let domain: Int
    }

    /// The heads' bytes, then the domains' bytes.
    let bytes: [UInt8]
    /// Where each head sits in `bytes`: the empty head, then each subdomain with its dot.
    let heads: [Range<Int>]
    /// Where each distinct domain sits in `bytes`, in byte order.
    let domains: [Range<Int>]
    /// The names in byte order.
    let names: [Name]

    /// The names of `domains`, each also with every one of `subdomains`
    /// (valid labels) in front, except a domain whose first label is one of
    /// `subdomains` and an expansion longer than `DomainName.maximumLength`.
    init(domains: some Sequence<DomainName>, subdomains: [[UInt8]]) {
        var bytes: [UInt8] = []
        var heads = [0..<0]
        for label in subdomains {
            let start = bytes.count
            bytes += label
            bytes.append(UInt8(ascii: "."))
            heads.append(start..<bytes.count)
        }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(domains.underestimatedCount)
        for domain in domains {
            let start = bytes.count
            bytes += domain.ascii.utf8
            ranges.append(start..<bytes.count)
        }
        var keys = ranges.map { SortKey(bytes, tail: $0) }
        keys.sort { [bytes] in $0.precedes($1, in: bytes) }
        var previous: SortKey?
        var sorted: [Range<Int>] = []
        sorted.reserveCapacity(keys.count)
        for key in keys where previous.map({ !$0.matches(key, in: bytes) }) ?? true {
            sorted.append(key.tail)
            previous = key
        }
        self.bytes = bytes
        self.heads = heads
        self.domains = sorted
        names = Self.merge(bytes: bytes, heads: heads, domains: sorted)
    }

    /// The position of the first name.
    public var startIndex: Int { 0 }

    /// The position past the last name: the number of names.
    public var endIndex: Int { names.count }

    /// The `index`th name, in byte order.
    public subscript(index: Int) -> String {
        let name = names[index]
        return String(decoding: bytes[heads[name.head]] + bytes[domains[name.domain]], as: UTF8.self)
    }

    /// How many bytes all the names have together.
    var byteCount: Int {
        names.reduce(0) { $0 + heads[$1.head].count + domains[$1.domain].count }
    }
}

extension HostNames: Equatable {
    /// Equal when they hold the same names.
    public static func == (lhs: HostNames, rhs: HostNames) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
