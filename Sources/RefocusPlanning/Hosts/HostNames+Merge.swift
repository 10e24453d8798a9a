import RefocusCore

extension HostNames {
    /// The names in byte order: the sorted `domains` under each of `heads`,
    /// merged. Under one head the names are in the domains' order already,
    /// so each head is a sorted list and one pass over the lists' first
    /// names sorts them all. A name two lists share (`www.example.com`
    /// listed, and `example.com` under `www.`) is kept once.
    static func merge(bytes: [UInt8], heads: [Range<Int>], domains: [Range<Int>]) -> [Name] {
        // A domain that starts with a subdomain and its dot is not expanded again.
        let expands = domains.map { domain in !heads.dropFirst().contains { bytes[domain].starts(with: bytes[$0]) } }
        /// The first domain from `start` on that `head` makes a name with.
        func next(_ head: Int, from start: Int) -> Int {
            guard head != 0 else { return start }
            var index = start
            while index < domains.count,
                !expands[index] || heads[head].count + domains[index].count > DomainName.maximumLength
            {
                index += 1
            }
            return index
        }
        func makeKey(_ head: Int, _ domain: Int) -> SortKey? {
            domain < domains.count ? SortKey(bytes, head: heads[head], tail: domains[domain]) : nil
        }

        var cursors = heads.indices.map { next($0, from: 0) }
        var keys = heads.indices.map { makeKey($0, cursors[$0]) }
        var names: [Name] = []
        names.reserveCapacity(domains.count * heads.count)
        var last: (head: Int, key: SortKey)?
        while true {
            var first: (head: Int, key: SortKey)?
            for (head, key) in keys.enumerated() {
                guard let key else { continue }
                if let current = first, !key.precedes(current.key, in: bytes) { continue }
                first = (head, key)
            }
            guard let (head, key) = first else { return names }
            // Names under one head differ; equal names under two heads come one after the other.
            if last.map({ $0.head == head || !$0.key.matches(key, in: bytes) }) ?? true {
                names.append(Name(head: head, domain: cursors[head]))
                last = (head, key)
            }
            cursors[head] = next(head, from: cursors[head] + 1)
            keys[head] = makeKey(head, cursors[head])
        }
    }
}
