/// Turns the text of a session length into seconds, naming the first bad
/// token it meets. Bounds and zero are checked by `SessionLength.parse`.
struct SessionLengthParser {
    /// The text as the person typed it.
    let text: String

    /// The total seconds of `text`: a bare number of minutes, or numbers
    /// each followed by one of h, m, s, in that order, each at most once.
    func seconds() throws(DurationError) -> Int {
        guard !text.isEmpty else { throw .empty }
        if text.allSatisfy(Self.isDigit) {
            return try Self.multiply(text, by: 60, token: text, in: text)
        }
        var rest = Substring(text)
        var total = 0
        var lastRank = -1
        while !rest.isEmpty {
            let number = rest.prefix(while: Self.isDigit)
            guard !number.isEmpty else {
                throw .unexpected(token: String(rest.prefix { !Self.isDigit($0) }), in: text)
            }
            let afterNumber = rest.dropFirst(number.count)
            let unit = afterNumber.prefix(while: \.isLetter)
            guard !unit.isEmpty else { throw unitlessError(number, afterNumber) }
            let token = String(number + unit)
            guard let rank = ["h", "m", "s"].firstIndex(of: unit.lowercased()) else {
                throw .unknownUnit(token: token, unit: String(unit), in: text)
            }
            guard rank > lastRank else { throw .unitOutOfOrder(token: token, in: text) }
            let value = try Self.multiply(number, by: [3600, 60, 1][rank], token: token, in: text)
            let sum = total.addingReportingOverflow(value)
            guard !sum.overflow else { throw .tooLarge(token: token, in: text) }
            total = sum.partialValue
            lastRank = rank
            rest = afterNumber.dropFirst(unit.count)
        }
        return total
    }

    /// The error for `number` not followed by a unit: a fraction, a missing
    /// unit at the end, or characters that belong in no length.
    private func unitlessError(_ number: Substring, _ after: Substring) -> DurationError {
        guard let next = after.first else { return .missingUnit(token: String(number), in: text) }
        let fraction = after.dropFirst().prefix(while: Self.isDigit)
        if next == "." || next == ",", !fraction.isEmpty {
            let unit = after.dropFirst(1 + fraction.count).prefix(while: \.isLetter)
            return .decimal(token: String(number) + String(next) + fraction + unit, in: text)
        }
        return .unexpected(token: String(after.prefix { !Self.isDigit($0) && !$0.isLetter }), in: text)
    }

    /// `digits` times `factor`, or `tooLarge` naming `token` when it does not fit.
    private static func multiply(
        _ digits: some StringProtocol, by factor: Int, token: String, in text: String
    ) throws(DurationError) -> Int {
        guard let value = Int(digits) else { throw .tooLarge(token: token, in: text) }
        let product = value.multipliedReportingOverflow(by: factor)
        guard !product.overflow else { throw .tooLarge(token: token, in: text) }
        return product.partialValue
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isWholeNumber
    }
}
