import RefocusCore

/// Merges a `FirefoxPolicy` into an administrator's policies.json, and takes
/// it out again. Every key that is not ours is kept, in its order; under
/// `policies`, `DNSOverHTTPS` gets `Enabled: false` and `Locked: true`
/// (other sub-keys kept), and `WebsiteFilter.Block` and `.Exceptions` get
/// our patterns after the administrator's. A file that is not JSON, whose
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
        if !policy.patterns.isEmpty || !policy.exceptions.isEmpty {
            var filter = policies["WebsiteFilter"] ?? .object([])
            guard case .object = filter else { throw .wrongType("policies.WebsiteFilter", expected: "an object") }
            for (key, patterns) in [("Block", policy.patterns), ("Exceptions", policy.exceptions)]
            where !patterns.isEmpty {
                let entries = try Self.entries(key, of: filter)
                let present = Set(entries.compactMap { if case .string(let text) = $0 { text } else { nil } })
                let room = max(0, FirefoxPolicy.maximumPatterns - entries.count)
                let ours = patterns.filter { !present.contains($0) }
                leftOut += max(0, ours.count - room)
                filter = filter.setting(key, to: .array(entries + ours.prefix(room).map(JSONValue.string)))
            }
            policies = policies.setting("WebsiteFilter", to: filter)
        }
        return Merged(bytes: Array(document.setting("policies", to: policies).text.utf8), leftOut: leftOut)
    }

    /// `current` (a file that held `written`, merged into `original`, and
    /// was then edited by the administrator) without what the merge added:
    /// the `Block` and `Exceptions` patterns that `written` has beyond
    /// `original`, and `DNSOverHTTPS` put back as `original` had it.
    /// `current` itself, byte for byte, when none of that is in it (a file
    /// replaced whole).
    public static func unmerge(_ current: [UInt8], written: [UInt8], original: [UInt8]?) throws(Problem) -> [UInt8] {
        let edited = try parse(current)
        let before = try policiesObject(of: try parse(original))
        let wrote = try policiesObject(of: try parse(written))
        var policies = try policiesObject(of: edited)
        if let doh = before["DNSOverHTTPS"] {
            policies = policies.setting("DNSOverHTTPS", to: doh)
        } else {
            policies = policies.removing("DNSOverHTTPS")
        }
        if let found = policies["WebsiteFilter"] {
            var filter = found
            for key in ["Block", "Exceptions"] {
                guard case .array(let entries)? = filter[key] else { continue }
                let added = Set(patterns(key, in: wrote)).subtracting(patterns(key, in: before))
                let kept = entries.filter { if case .string(let text) = $0 { !added.contains(text) } else { true } }
                filter =
                    kept.isEmpty && before["WebsiteFilter"]?[key] == nil
                    ? filter.removing(key) : filter.setting(key, to: .array(kept))
            }
            if filter != found {
                policies =
                    filter == .object([]) && before["WebsiteFilter"] == nil
                    ? policies.removing("WebsiteFilter") : policies.setting("WebsiteFilter", to: filter)
            }
        }
        let result =
            edited["policies"] == nil && policies == .object([])
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

    private static func entries(_ key: String, of filter: JSONValue) throws(Problem) -> [JSONValue] {
        guard let value = filter[key] else { return [] }
        guard case .array(let entries) = value else {
            throw .wrongType("policies.WebsiteFilter.\(key)", expected: "an array")
        }
        return entries
    }

    private static func patterns(_ key: String, in policies: JSONValue) -> [String] {
        guard case .array(let entries)? = policies["WebsiteFilter"]?[key] else { return [] }
        return entries.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
}
