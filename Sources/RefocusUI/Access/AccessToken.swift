/// The secret that opens one dashboard: 32 random bytes from getrandom(2)
/// (the standard library's system generator),
/// as 64 lower-case hex digits. It reaches the browser in the address
/// `refocus ui` opens, then lives in a cookie; compared in constant time.
public struct AccessToken: Equatable, Sendable {
    public let text: String

    /// A new token from the kernel's random generator.
    public static func random() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let words = (0..<4).map { _ in generator.next() as UInt64 }
        return AccessToken(text: words.map { String($0, radix: 16).leftPadded(to: 16) }.joined())
    }

    public init(text: String) { self.text = text }

    /// Whether `candidate` is this token, in time that depends on its length alone.
    public func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let expected = Array(text.utf8)
        let given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ given[index] }
        return difference == 0
    }
}

extension String {
    /// With zeros before it up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
