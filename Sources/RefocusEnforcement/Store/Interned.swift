/// Values parsed once per distinct text: a history of 100,000 sessions
/// names a handful of lists and labels. The texts already seen are
/// compared byte by byte while there are few (no `String` made for a row
/// whose text is known), looked up by hash beyond `fewTexts`. Used by the
/// store's reads of many rows (`focusRecords`, `allowanceUse`).
struct Interned<Value> {
    static var fewTexts: Int { 16 }
    private var few: [(text: [UInt8], value: Value)] = []
    private var many: [String: Value] = [:]
    private let parse: (String) throws -> Value

    init(_ parse: @escaping (String) throws -> Value) {
        self.parse = parse
    }

    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Value {
        if many.isEmpty {
            for known in few where known.text.elementsEqual(bytes) { return known.value }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if let known = many[text] { return known }
        let value = try parse(text)
        if many.isEmpty, few.count < Self.fewTexts {
            few.append((Array(bytes), value))
            return value
        }
        if many.isEmpty {
            for known in few { many[String(decoding: known.text, as: UTF8.self)] = known.value }
            few = []
        }
        many[text] = value
        return value
    }
}
