/// The properties fuzz targets check: a broken one prints what broke and
/// traps, which libFuzzer reports as a crash and saves the input of.
enum FuzzCheck {
    /// Traps with `property` and the input, unless `condition` holds.
    static func require(_ condition: Bool, _ property: @autoclosure () -> String, input: [UInt8]) {
        guard !condition else { return }
        fatalError("broken: \(property())\ninput: \(quoted(input))")
    }

    /// Bytes as a Swift string literal, for a message.
    static func quoted(_ bytes: [UInt8]) -> String {
        String(reflecting: String(decoding: bytes, as: UTF8.self))
    }
}
