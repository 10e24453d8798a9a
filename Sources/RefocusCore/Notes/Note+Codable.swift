/// A note in JSON: `{"kind": "namesTimedOut", "count": 3, "purpose": "blocking", "text": "3 names did not …"}`,
/// the kind, its values, and its words for scripts that read those. A plain string (a helper that sent words
/// only) and an object of a kind this program does not know both read as a `remark` of their words.
extension Note: Codable {
    private enum Key: String, CodingKey {
        case kind, text, id, reason, count, limit, purpose, error, table, because, log, list, lists, domains, cause,
            key, cap
    }

    /// Reads a note: an object of a known kind, else its words.
    public init(from decoder: any Decoder) throws {
        if let words = try? decoder.singleValueContainer().decode(String.self) {
            self = .remark(words)
            return
        }
        let values = try decoder.container(keyedBy: Key.self)
        guard let kind = NoteKind(rawValue: try values.decode(String.self, forKey: .kind)) else {
            self = .remark(try values.decode(String.self, forKey: .text))
            return
        }
        func string(_ key: Key) throws -> String { try values.decode(String.self, forKey: key) }
        func int(_ key: Key) throws -> Int { try values.decode(Int.self, forKey: key) }
        switch kind {
        case .damagedSession:
            self = .damagedSession(id: try values.decode(Int64.self, forKey: .id), reason: try string(.reason))
        case .remark: self = .remark(try string(.text))
        case .chromiumRulesOverLimit: self = .chromiumRulesOverLimit(count: try int(.count), limit: try int(.limit))
        case .chromiumAllowedOverLimit: self = .chromiumAllowedOverLimit(count: try int(.count), limit: try int(.limit))
        case .allowedRangesNotInBrowsers: self = .allowedRangesNotInBrowsers(count: try int(.count))
        case .firefoxRulesOverLimit: self = .firefoxRulesOverLimit(count: try int(.count), limit: try int(.limit))
        case .namesTimedOut:
            self = .namesTimedOut(
                count: try int(.count), purpose: try values.decode(ResolvePurpose.self, forKey: .purpose))
        case .namesNotResolved:
            self = .namesNotResolved(
                error: try string(.error), purpose: try values.decode(ResolvePurpose.self, forKey: .purpose))
        case .tableKeptByDaemon: self = .tableKeptByDaemon(table: try string(.table))
        case .tableNotMade: self = .tableNotMade(table: try string(.table), error: try string(.error))
        case .fallbackRoutesInForce:
            self = .fallbackRoutesInForce(because: try values.decode(Note.self, forKey: .because))
        case .fallbackRoutesFailed:
            self = .fallbackRoutesFailed(
                error: try string(.error), because: try values.decodeIfPresent(Note.self, forKey: .because))
        case .fallbackRoutesNotRemoved: self = .fallbackRoutesNotRemoved(error: try string(.error))
        case .daemonNotRunning: self = .daemonNotRunning(log: try string(.log))
        case .daemonStuck: self = .daemonStuck(reason: try string(.reason))
        case .listInResolverOnly:
            let cause: ResolverOnlyCause =
                try string(.cause) == "machineTotal"
                ? .machineTotal(key: try string(.key), cap: try int(.cap)) : .overHostsOnlyAbove(limit: try int(.limit))
            self = .listInResolverOnly(list: try string(.list), domains: try int(.domains), cause: cause)
        case .listInHostsOnly:
            self = .listInHostsOnly(
                list: try string(.list), domains: try int(.domains), hostsOnlyAbove: try int(.limit))
        case .sessionEnded: self = .sessionEnded(id: try values.decode(Int64.self, forKey: .id))
        case .allowlistProgramsIgnored:
            self = .allowlistProgramsIgnored(lists: try values.decode([String].self, forKey: .lists))
        case .perUserNamesUnblocked: self = .perUserNamesUnblocked(count: try int(.count))
        }
    }

    /// Writes the kind, the values and the words.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: Key.self)
        try values.encode(kind.rawValue, forKey: .kind)
        switch self {
        case .damagedSession(let id, let reason):
            try values.encode(id, forKey: .id)
            try values.encode(reason, forKey: .reason)
        case .remark:
            break
        case .sessionEnded(let id):
            try values.encode(id, forKey: .id)
        case .allowlistProgramsIgnored(let lists):
            try values.encode(lists, forKey: .lists)
        case .chromiumRulesOverLimit(let count, let limit), .chromiumAllowedOverLimit(let count, let limit),
            .firefoxRulesOverLimit(let count, let limit):
            try values.encode(count, forKey: .count)
            try values.encode(limit, forKey: .limit)
        case .allowedRangesNotInBrowsers(let count), .perUserNamesUnblocked(let count):
            try values.encode(count, forKey: .count)
        case .namesTimedOut(let count, let purpose):
            try values.encode(count, forKey: .count)
            try values.encode(purpose, forKey: .purpose)
        case .namesNotResolved(let error, let purpose):
            try values.encode(error, forKey: .error)
            try values.encode(purpose, forKey: .purpose)
        case .tableKeptByDaemon(let table):
            try values.encode(table, forKey: .table)
        case .tableNotMade(let table, let error):
            try values.encode(table, forKey: .table)
            try values.encode(error, forKey: .error)
        case .fallbackRoutesInForce(let because):
            try values.encode(because, forKey: .because)
        case .fallbackRoutesFailed(let error, let because):
            try values.encode(error, forKey: .error)
            try values.encodeIfPresent(because, forKey: .because)
        case .fallbackRoutesNotRemoved(let error):
            try values.encode(error, forKey: .error)
        case .daemonNotRunning(let log):
            try values.encode(log, forKey: .log)
        case .daemonStuck(let reason):
            try values.encode(reason, forKey: .reason)
        case .listInResolverOnly(let list, let domains, let cause):
            try values.encode(list, forKey: .list)
            try values.encode(domains, forKey: .domains)
            switch cause {
            case .overHostsOnlyAbove(let limit):
                try values.encode("hostsOnlyAbove", forKey: .cause)
                try values.encode(limit, forKey: .limit)
            case .machineTotal(let key, let cap):
                try values.encode("machineTotal", forKey: .cause)
                try values.encode(key, forKey: .key)
                try values.encode(cap, forKey: .cap)
            }
        case .listInHostsOnly(let list, let domains, let limit):
            try values.encode(list, forKey: .list)
            try values.encode(domains, forKey: .domains)
            try values.encode(limit, forKey: .limit)
        }
        try values.encode(text, forKey: .text)
    }
}
