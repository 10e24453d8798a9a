extension Policy {
    /// The subdomains added to every blocked domain unless configured otherwise (`subdomains`).
    public static let defaultSubdomains = ["www", "m", "mobile", "app", "api"]

    /// Whether `label` can prefix a domain: 1–63 lower-case letters, digits
    /// or hyphens, not starting or ending with a hyphen.
    public static func isValidSubdomain(_ label: String) -> Bool {
        let bytes = Array(label.utf8)
        guard let first = bytes.first, let last = bytes.last, bytes.count <= DomainName.maximumLabelLength,
            first != UInt8(ascii: "-"), last != UInt8(ascii: "-")
        else { return false }
        return bytes.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "-")
        }
    }
}
