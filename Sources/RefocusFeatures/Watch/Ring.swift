/// The countdown's ring, depleting clockwise from 12 o'clock as the
/// Pomodoro app's does: braille dots (2 × 4 per cell, square on a terminal
/// whose cells are twice as tall as wide), or, where braille glyphs are
/// missing (the Linux console) or the terminal is narrow, a horizontal bar.
public struct Ring: Sendable, Equatable {
    /// Its size in cells; `columns` is twice `rows` for a round ring.
    public let rows: Int
    public let columns: Int

    /// A ring of `rows` rows and twice as many columns.
    public init(rows: Int) {
        self.rows = max(1, rows)
        columns = 2 * self.rows
    }

    /// The ring's radius in columns (a row being two).
    public var radius: Double { Double(columns) / 2 }

    /// How thick the ring is, in braille dots.
    public var thickness: Double { max(2, Double(columns) * 2 / 2 * 0.12) }

    /// The inner radius in columns: what fits inside the ring must fit in it.
    public var innerRadius: Double { radius - thickness / 2 - 0.5 }

    /// Whether a block `width` columns by `height` rows, centred, fits inside
    /// the ring with two columns to spare.
    public func fits(width: Int, height: Int) -> Bool {
        let (halfWidth, halfHeight) = (Double(width) / 2 + 0.5, Double(height))  // a row is two columns tall
        return (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot() + 2 <= innerRadius
    }

    /// The ring's rows, with `remaining` (0…1) of it drawn: the part that
    /// ran out starts at 12 o'clock and grows clockwise. Cells without a dot are spaces.
    public func lines(remaining: Double) -> [String] {
        let (dotsWide, dotsTall) = (columns * 2, rows * 4)
        let (centreX, centreY) = (Double(dotsWide) / 2, Double(dotsTall) / 2)
        let outer = min(centreX, centreY)
        let gone = 1 - min(1, max(0, remaining))
        let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        return (0..<rows).map { row in
            String(
                (0..<columns).map { column -> Character in
                    var pattern: UInt8 = 0
                    for dotY in 0..<4 {
                        for dotX in 0..<2 {
                            let dx = Double(column * 2 + dotX) + 0.5 - centreX
                            let dy = Double(row * 4 + dotY) + 0.5 - centreY
                            let distance = (dx * dx + dy * dy).squareRoot()
                            guard distance <= outer, distance > outer - thickness,
                                remaining > 0, Self.clockwise(dx: dx, dy: dy) >= gone
                            else { continue }
                            pattern |= bits[dotY][dotX]
                        }
                    }
                    return pattern == 0 ? " " : Character(Unicode.Scalar(0x2800 + UInt32(pattern)) ?? " ")
                })
        }
    }

    /// A bar `width` columns wide with `remaining` (0…1) of it filled from
    /// the left: `█` and `░` (in every Linux console font), or `#` and `-` when `ascii`.
    public static func bar(width: Int, remaining: Double, ascii: Bool = false) -> String {
        let filled = Int((Double(max(0, width)) * min(1, max(0, remaining))).rounded(.up))
        let (full, empty): (Character, Character) = ascii ? ("#", "-") : ("█", "░")
        return String(repeating: full, count: filled) + String(repeating: empty, count: max(0, width - filled))
    }

    /// How far round from 12 o'clock, clockwise, the direction (dx, dy) is
    /// (y grows downwards), from 0 up to 1.
    static func clockwise(dx: Double, dy: Double) -> Double {
        // atan2(dx, -dy) without a math library: atan on the octant, then unfolded.
        let (x, y) = (-dy, dx)
        if x == 0, y == 0 { return 0 }
        let (ax, ay) = (abs(x), abs(y))
        let ratio = min(ax, ay) / max(ax, ay)
        var angle = Double.pi / 4 * ratio - ratio * (ratio - 1) * (0.2447 + 0.0663 * ratio)
        if ay > ax { angle = Double.pi / 2 - angle }
        if x < 0 { angle = Double.pi - angle }
        if y < 0 { angle = 2 * Double.pi - angle }
        return min(angle / (2 * Double.pi), 1 - .ulpOfOne)
    }
}
