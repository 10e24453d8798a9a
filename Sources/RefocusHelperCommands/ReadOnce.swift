/// A value read at its first use and kept for the rest of the helper run
/// (the administrator's schedules: two folders of root's files, read once
/// however many times a verb asks, and not at all when none does). A class,
/// so that a `HelperContext` passed by value shares it.
final class ReadOnce<Value> {
    private let read: () -> Value
    private var kept: Value?

    /// Reads with `read`, at the first use only.
    init(_ read: @escaping () -> Value) {
        self.read = read
    }

    /// The value, read now when this is its first use.
    var value: Value {
        if let kept { return kept }
        let value = read()
        kept = value
        return value
    }
}
