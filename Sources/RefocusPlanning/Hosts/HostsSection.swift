import RefocusCore

/// The body of the `refocus` section of /etc/hosts: every blocked domain and
/// its common subdomains mapped to the `Sinkhole` addresses `192.0.2.1` and
/// `100::1`, which reach nothing (not `0.0.0.0` and `::`, which reach local
/// listeners).
///
/// The output is sorted by name and deterministic, so that reconciling the
/// same sessions twice writes the same bytes.
public enum HostsSection {
    /// The name of the managed section: `# BEGIN refocus` … `# END refocus`.
    public static let sectionName = "refocus"

    /// The largest body ReFocus writes: 64 MiB. A start that would make a
    /// larger one is refused, and reconcile never writes one; /etc/hosts is
    /// read with a limit far above it (`readLimit`), so that a file that
    /// grew by other means can still be repaired.
    public static let maximumBodyBytes = 64 << 20
    /// The most bytes of /etc/hosts read: four times `maximumBodyBytes`.
    public static let readLimit = 4 * maximumBodyBytes

    /// The section's body for `domains`, each expanded with `subdomains`:
    /// a `192.0.2.1 name` and a `100::1 name` line for each of `names(domains:subdomains:)`.
    public static func body(domains: some Sequence<DomainName>, subdomains: [String] = Policy.defaultSubdomains)
        -> SectionBody
    {
        body(of: names(domains: domains, subdomains: subdomains))
    }

    /// The section's body for `names`: `192.0.2.1 name` then `100::1 name`, for each name in order.
    public static func body(of names: HostNames) -> SectionBody {
        // Per head, the text before the domain: `0.0.0.0 www.`, then `\n:: www.` on the next line;
        // then the end of the second line.
        var pieces: [UInt8] = []
        var before: [(ipv4: Range<Int>, ipv6: Range<Int>)] = []
        for head in names.heads {
            let ipv4 = pieces.count
            pieces += ipv4Prefix + names.bytes[head]
            let ipv6 = pieces.count
            pieces += [Byte.lineFeed] + ipv6Prefix + names.bytes[head]
            before.append((ipv4..<ipv6, ipv6..<pieces.count))
        }
        let lineEnd = pieces.count..<(pieces.count + 1)
        pieces.append(Byte.lineFeed)
        let count = bodyByteCount(of: names)
        // Each piece is copied straight into place: five pieces a name, for
        // hundreds of thousands of names, cost several times more as appends.
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            pieces.withUnsafeBufferPointer { pieces in
                names.bytes.withUnsafeBufferPointer { pool in
                    func put(_ piece: UnsafeBufferPointer<UInt8>) {
                        precondition(initialized + piece.count <= buffer.count, "the section body outgrew its count")
                        _ = buffer[initialized...].initialize(fromContentsOf: piece)
                        initialized += piece.count
                    }
                    for name in names.names {
                        let domain = UnsafeBufferPointer(rebasing: pool[names.domains[name.domain]])
                        put(UnsafeBufferPointer(rebasing: pieces[before[name.head].ipv4]))
                        put(domain)
                        put(UnsafeBufferPointer(rebasing: pieces[before[name.head].ipv6]))
                        put(domain)
                        put(UnsafeBufferPointer(rebasing: pieces[lineEnd]))
                    }
                }
            }
        }
        return SectionBody(renderedLines: bytes, lineCount: 2 * names.count)
    }

    /// Every name the section blocks for `domains`, each expanded with
    /// `subdomains`, sorted by their bytes and without duplicates.
    ///
    /// A domain whose first label is itself one of the subdomains
    /// (`www.example.com`) is not expanded again, nor one that would grow
    /// past `DomainName.maximumLength`. Subdomains that are not valid labels
    /// are ignored; validate them where they are configured with `Policy.isValidSubdomain`.
    public static func names(domains: some Sequence<DomainName>, subdomains: [String] = Policy.defaultSubdomains)
        -> HostNames
    {
        HostNames(domains: domains, subdomains: subdomains.filter(Policy.isValidSubdomain).map { Array($0.utf8) })
    }

    /// Whether `line` (without its terminator) has the shape of a line the
    /// section writes: a sinkhole address, or the `0.0.0.0` and `::` of
    /// earlier versions, one space, and a host name.
    public static func isOwnLine(_ line: ArraySlice<UInt8>) -> Bool {
        for prefix in [ipv4Prefix, ipv6Prefix, Array("0.0.0.0 ".utf8), Array(":: ".utf8)]
        where line.starts(with: prefix) {
            let name = line.dropFirst(prefix.count)
            return !name.isEmpty
                && name.allSatisfy {
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                        || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                }
        }
        return false
    }

    /// How many bytes `body(of: names)` has, without making it.
    public static func bodyByteCount(of names: HostNames) -> Int {
        2 * names.byteCount + names.count * (ipv4Prefix.count + 1 + ipv6Prefix.count + 1)
    }

    private static let ipv4Prefix = Array("\(Sinkhole.ipv4) ".utf8)
    private static let ipv6Prefix = Array("\(Sinkhole.ipv6) ".utf8)
}
