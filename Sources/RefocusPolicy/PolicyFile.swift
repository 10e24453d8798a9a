import RefocusCore
import RefocusOS

/// Reads the administrator's policy from `/etc/refocus/policy.toml`.
///
/// A missing file is the default policy. An unknown key, a value of the
/// wrong type or an invalid value is an error naming the key and the fix,
/// never a silent default: a typo in a policy must not loosen it.
public enum PolicyFile {
    /// The policy's path.
    public static let defaultPath = Policy.path

    /// The policy in `path`, or the default when the file does not exist.
    public static func load(path: String = defaultPath) throws -> Policy {
        guard let bytes = try FileReader.readIfPresent(path, limit: 1 << 20) else { return Policy() }
        return try parse(bytes, path: path)
    }

    /// The policy a TOML text describes.
    public static func parse(_ text: String, path: String) throws(PolicyError) -> Policy {
        try parse(Array(text.utf8), path: path)
    }

    /// The policy that the bytes of a TOML file describe (UTF-8; other bytes are refused with their line).
    public static func parse(_ bytes: [UInt8], path: String) throws(PolicyError) -> Policy {
        let table: TOMLTable
        do {
            table = try TOMLTable(parsing: bytes)
        } catch {
            throw .invalid(path: path, key: nil, reason: "not valid TOML: \(error)")
        }
        var policy = Policy()
        var minimum = policy.sessionBounds.minimum
        var maximum = policy.sessionBounds.maximum
        for (key, value) in table {
            switch PolicyKey(rawValue: key) {
            case nil:
                throw .invalid(
                    path: path, key: key,
                    reason: "unknown key; the keys are "
                        + PolicyKey.allCases.map(\.rawValue).joined(separator: ", "))
            case .minSession?: minimum = try length(value, key: .minSession, path: path)
            case .maxSession?: maximum = try length(value, key: .maxSession, path: path)
            case let known?: try apply(known, value, to: &policy, path: path)
            }
        }
        do {
            policy.sessionBounds = try SessionLengthBounds(minimum: minimum, maximum: maximum)
        } catch {
            throw .invalid(path: path, key: PolicyKey.minSession.rawValue, reason: error.description)
        }
        return policy
    }

    private static func length(
        _ value: TOMLValue, key: PolicyKey,
        path: String
    ) throws(PolicyError) -> SessionLength {
        guard let text = value.string else {
            throw .invalid(path: path, key: key.rawValue, reason: "give a length in quotes, such as \"24h\"")
        }
        do {
            return try SessionLength.parse(text, bounds: .unbounded)
        } catch {
            throw .invalid(path: path, key: key.rawValue, reason: error.description)
        }
    }

    private static func apply(
        _ key: PolicyKey, _ value: TOMLValue, to policy: inout Policy,
        path: String
    ) throws(PolicyError) {
        let fail = { (reason: String) in PolicyError.invalid(path: path, key: key.rawValue, reason: reason) }
        switch key {
        case .maxSession, .minSession:
            break  // handled by `parse`, which checks them together
        case .hostsOnlyAbove:
            guard let number = value.int, number >= 0 else { throw fail("give a whole number of names, such as 5000") }
            policy.hostsOnlyAbove = number
        case .resolveTimeoutMs:
            guard let number = value.int, (100...60_000).contains(number) else {
                throw fail("give milliseconds from 100 to 60000, such as 2000")
            }
            policy.resolveTimeoutMilliseconds = number
        case .subdomains:
            guard let labels = value.array?.map(\.string),
                labels.allSatisfy({ $0.map(Policy.isValidSubdomain) == true })
            else { throw fail("give an array of lower-case labels, such as [\"www\", \"m\"]") }
            policy.subdomains = labels.compactMap { $0 }
        case .neverBlock:
            guard let names = value.array?.map(\.string) else {
                throw fail("give an array of domains, such as [\"example.com\"]")
            }
            var domains = Set<DomainName>()
            for name in names {
                guard let name else { throw fail("give an array of domains, such as [\"example.com\"]") }
                do { domains.insert(try DomainName(validating: name)) } catch { throw fail(error.description) }
            }
            policy.neverBlock = domains
        case .rootMayClearLocked:
            guard let flag = value.bool else { throw fail("give true or false, without quotes") }
            policy.rootMayClearLocked = flag
        case .blockDoHEndpoints:
            guard let flag = value.bool else { throw fail("give true or false, without quotes") }
            policy.enforcement.blockDoHEndpoints = flag
        case .execPermission:
            guard let flag = value.bool else { throw fail("give true or false, without quotes") }
            policy.enforcement.refuseExecs = flag
        case .neverBlockAddresses:
            let example = "give an array of addresses and CIDR ranges, such as [\"192.0.2.10\", \"10.20.0.0/16\"]"
            guard let texts = value.array?.map(\.string) else { throw fail(example) }
            var ranges: [AddressRange] = []
            for text in texts {
                guard let text else { throw fail(example) }
                do { ranges.append(try AddressRange(parsing: text)) } catch { throw fail(error.description) }
            }
            policy.neverBlockAddresses = ranges
        case .maxNamesPerUser, .maxAddressesPerUser, .maxProgramsPerUser, .maxNamesPerMachine, .maxAddressesPerMachine,
            .maxProgramsPerMachine, .maxSessionsPerUser, .minPrefixIPv4, .minPrefixIPv6, .totalPrefixIPv4,
            .totalPrefixIPv6,
            .maxHostsNamesPerMachine:
            guard let cap = PolicyKey.caps.first(where: { $0.key == key }) else { break }
            guard let number = value.int, (1...cap.maximum).contains(number) else {
                throw fail("give a whole number from 1 to \(cap.maximum), such as \(Policy().caps[keyPath: cap.field])")
            }
            policy.caps[keyPath: cap.field] = number
        case .nftablesTable:
            guard let name = value.string, Policy.isValidTableName(name) else {
                throw fail(
                    "give a name in quotes: a lower-case letter, then up to 31 lower-case letters, digits "
                        + "or underscores, such as \"refocus\"")
            }
            policy.nftablesTable = name
        case .browserDoh:
            policy.browsers.doh = try choice(value, fail: fail) { (choice: BrowserDoH) in
                switch choice {
                case .off: "always"
                case .session: "during sessions, the default"
                case .leave: "never"
                }
            }
        case .browserAllowlist:
            guard let flag = value.bool else { throw fail("give true or false, without quotes") }
            policy.browsers.allowlist = flag
        case .emergencyExit:
            guard let flag = value.bool else { throw fail("give true or false, without quotes") }
            policy.loosening.emergencyExit = flag
        case .emergencyDelay:
            policy.loosening.emergencyDelay = try delay(value, key: key, path: path, example: "15m")
        case .minDelay:
            policy.loosening.minimumDelay = try delay(value, key: key, path: path, example: "2m")
        case .allowance:
            policy.allowances = try allowances(value, path: path)
        case .allowanceSiteStep:
            let step = try delay(value, key: key, path: path, example: "1m")
            guard (1...Policy.maximumAllowanceSiteStep).contains(step) else {
                throw .invalid(
                    path: path, key: key.rawValue,
                    reason: "give a length in quotes from \"1s\" to \"10m\", such as \"1m\"")
            }
            policy.allowanceSiteStep = step
        case .emergencyPerWeek:
            guard let number = value.int, (0...LooseningChoices.maximumPerWeek).contains(number) else {
                throw fail(
                    "give a whole number from 0 (no emergency exit) to \(LooseningChoices.maximumPerWeek), such as 1")
            }
            policy.loosening.emergencyPerWeek = number
        case .perUserFallback:
            policy.perUser.fallback = try choice(value, fail: fail) { (choice: PerUserFallback) in
                switch choice {
                case .refuse: "a targeted user's names are not blocked without the resolver module, the default"
                case .machine: "they go into /etc/hosts for every user"
                }
            }
        case .userSessions:
            policy.perUser.userSessions = try choice(value, fail: fail) { (choice: UserSessionScope) in
                switch choice {
                case .machine: "a user's session blocks for everyone, the default"
                case .owner: "for its owner only"
                }
            }
        }
    }

    /// A delay in seconds from a length in quotes, "0s" to "24h".
    private static func delay(
        _ value: TOMLValue, key: PolicyKey, path: String, example: String
    ) throws(PolicyError) -> Int {
        guard let text = value.string else {
            throw .invalid(
                path: path, key: key.rawValue,
                reason: "give a length in quotes from \"0s\" to \"24h\", such as \"\(example)\"")
        }
        do {
            return try SessionLength.parseDelay(text).seconds
        } catch {
            throw .invalid(path: path, key: key.rawValue, reason: error.description)
        }
    }
}
