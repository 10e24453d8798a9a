/// Merges a `FirefoxPolicy` into an administrator's policies.json, and takes
/// it out again. Every key that is not ours is kept, in its order; under
/// `policies`, `DNSOverHTTPS` gets `Enabled: false` and `Locked: true`
/// (other sub-keys kept), and `WebsiteFilter.Block` gets our patterns after
/// the administrator's (`Exceptions` kept). A file that is not JSON, whose
/// top level is not an object, or whose `policies`, `WebsiteFilter` or
/// `Block` has the wrong type is refused, never overwritten.
public enum FirefoxPolicyMerge {
    /// Why an administrator's file cannot take the policy.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// Not JSON: the line and why.
        case notJSON(JSONValue.ParseProblem)
        /// A value that should be an object or array is not: its path.
        case wrongType(String, expected: String)

        /// One line, naming the place.
        public var description: String {
            switch self {
            case .notJSON(let problem): "not valid JSON at \(problem)"
            case let .wrongType(path, expected): "\(path) is not \(expected)"
            }
        }
    }

    /// The result of a merge.
    public struct Merged: Sendable, Equatable {
        /// The file's new bytes.
        public let bytes: [UInt8]
        /// How many of the policy's patterns did not fit under the limit.
        public let leftOut: Int
    }

    /// `policy` merged into `original` (nil: no file, as `{}`).
    public static func merge(_ policy: FirefoxPolicy, into original: [UInt8]?) throws(Problem) -> Merged {
        let document = try parse(original)
        var policies = try policiesObject(of: document)
        var leftOut = 0
        if policy.turnsDoHOff {
            var doh = policies["DNSOverHTTPS"] ?? .object([])
            if case .object = doh {} else { doh = .object([]) }
            for member in FirefoxPolicy.dohOff { doh = doh.setting(member.key, to: member.value) }
            policies = policies.setting("DNSOverHTTPS", to: doh)
        }
        if !policy.patterns.isEmpty {
            var filter = policies["WebsiteFilter"] ?? .object([])
            guard case .object = filter else { throw .wrongType("policies.WebsiteFilter", expected: "an object") }
            let block = try blockEntries(of: filter)
            let present = Set(block.compactMap { if case .string(let text) = $0 { text } else { nil } })
            let room = max(0, FirefoxPolicy.maximumPatterns - block.count)
            let ours = policy.patterns.filter { !present.contains($0) }
            leftOut = max(0, ours.count - room)
            filter = filter.setting("Block", to: .array(block + ours.prefix(room).map(JSONValue.string)))
            policies = policies.setting("WebsiteFilter", to: filter)
        }
        return Merged(bytes: Array(document.setting("policies", to: policies).text.utf8), leftOut: leftOut)
    }

    /// `current` (a file that held `written`, merged into `original`, and
    /// was then edited by the administrator) without what the merge added:
    /// the `Block` patterns that `written` has beyond `original`, and
    /// `DNSOverHTTPS` put back as `original` had it. `current` itself, byte
    /// for byte, when none of that is in it (a file replaced whole).
    public static func unmerge(_ current: [UInt8], written: [UInt8], original: [UInt8]?) throws(Problem) -> [UInt8] {
        let edited = try parse(current)
        let before = try policiesObject(of: try parse(original))
        let added = Set(patterns(in: try policiesObject(of: try parse(written))))
            .subtracting(patterns(in: before))
        var policies = try policiesObject(of: edited)
        if let doh = before["DNSOverHTTPS"] {
            policies = policies.setting("DNSOverHTTPS", to: doh)
        } else {
            policies = policies.removing("DNSOverHTTPS")
        }
        if let filter = policies["WebsiteFilter"], case .array(let block)? = filter["Block"] {
            let kept = block.filter { if case .string(let text) = $0 { !added.contains(text) } else { true } }
            let trimmed = kept.isEmpty && before["WebsiteFilter"]?["Block"] == nil
                ? filter.removing("Block") : filter.setting("Block", to: .array(kept))
            policies = trimmed == .object([]) && before["WebsiteFilter"] == nil
                ? policies.removing("WebsiteFilter") : policies.setting("WebsiteFilter", to: trimmed)
        }
        let result = edited["policies"] == nil && policies == .object([])
            ? edited : edited.setting("policies", to: policies)
        return result == edited ? current : Array(result.text.utf8)
    }

    private static func parse(_ bytes: [UInt8]?) throws(Problem) -> JSONValue {
        guard let bytes else { return .object([]) }
        let value: JSONValue
        do { value = try JSONValue(parsing: bytes) } catch { throw .notJSON(error) }
        guard case .object = value else { throw .wrongType("the top level", expected: "an object") }
        return value
    }

    private static func policiesObject(of document: JSONValue) throws(Problem) -> JSONValue {
        let policies = document["policies"] ?? .object([])
        guard case .object = policies else { throw .wrongType("policies", expected: "an object") }
        return policies
    }

    private static func blockEntries(of filter: JSONValue) throws(Problem) -> [JSONValue] {
        guard let block = filter["Block"] else { return [] }
        guard case .array(let entries) = block else { throw .wrongType("policies.WebsiteFilter.Block", expected: "an array") }
        return entries
    }

    private static func patterns(in policies: JSONValue) -> [String] {
        guard case .array(let block)? = policies["WebsiteFilter"]?["Block"] else { return [] }
        return block.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
}
