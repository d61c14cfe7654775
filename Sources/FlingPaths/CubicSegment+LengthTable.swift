import FlingCore

extension CubicSegment {
    /// A segment with its arc length tabulated once, for sampling it many times at constant
    /// speed (Core Animation's `paced` calculation mode along a path): the cumulative length at
    /// `spans + 1` evenly spaced parameters, each span integrated with the segment's 5-point
    /// Gauss-Legendre rule (``CubicSegment/length(from:to:)`` uses the same rule adaptively).
    ///
    /// The speed `|B'(t)|` is the square root of a quartic, smooth on each span, so 16 spans give
    /// lengths far below a millionth of a point off for curves of screen size; a lookup finds the
    /// span and refines the parameter by four Newton steps on the same rule, kept in the span.
    /// Only + − × ÷ and square roots: the same bits everywhere.
    public struct LengthTable: Hashable, Sendable {
        /// The segment tabulated.
        public let segment: CubicSegment
        /// Cumulative arc length at parameters `0, 1/spans, …, 1`, in points.
        let lengths: [Double]

        /// Tabulates `segment` over `spans` (1...4096) equal parameter spans.
        public init(_ segment: CubicSegment, spans: Int = 16) {
            self.segment = segment
            let n = max(1, min(spans, 4096))
            var lengths = [0.0]
            lengths.reserveCapacity(n + 1)
            var total = 0.0
            for k in 0..<n {
                total += segment.gauss(Double(k) / Double(n), Double(k + 1) / Double(n))
                lengths.append(total)
            }
            self.lengths = lengths
        }

        /// The number of spans.
        var spans: Int { lengths.count - 1 }

        /// The segment's length, in points.
        public var length: Double { lengths[spans] }

        /// The parameter at which the segment has covered `fraction` (0...1) of its length.
        public func parameter(atLengthFraction fraction: Double) -> Double {
            guard fraction > 0 else { return 0 }
            guard fraction < 1 else { return 1 }
            let n = spans
            let target = fraction * length
            // The span holding the target, then Newton on s within it: L(s) − target, L' = |B'(s)|.
            var lo = 0, hi = n
            while hi - lo > 1 {
                let m = (lo + hi) / 2
                if lengths[m] <= target { lo = m } else { hi = m }
            }
            let s0 = Double(lo) / Double(n), s1 = Double(lo + 1) / Double(n)
            let spanLength = lengths[lo + 1] - lengths[lo]
            var s = spanLength > 0 ? s0 + (s1 - s0) * (target - lengths[lo]) / spanLength : s0
            for _ in 0..<4 {
                let covered = lengths[lo] + segment.gauss(s0, s)
                let speed = segment.derivative(at: s).length
                guard speed > 0 else { break }
                s = min(max(s - (covered - target) / speed, s0), s1)
            }
            return s
        }
    }
}
