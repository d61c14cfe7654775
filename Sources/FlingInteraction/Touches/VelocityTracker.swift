// The release velocity, by Flutter's VelocityTracker algorithm (least squares over the last
// 100 ms), with its samples inline and its workspace on the stack: taking the estimate never
// allocates, and adding a sample allocates at most once for a slot (below), so a crowd of
// fingers costs no heap traffic per frame.
//
// It keeps only the samples an estimate can still read. An estimate walks back from the newest
// sample and stops at one more than 100 ms older than it, at a gap of more than 40 ms, or after
// 20; touch times never decrease, so a sample the walk stops at (or passes) now it can never
// reach again. At 60 Hz input that is at most 7 samples, so 8 are held inline (208 bytes a
// finger, not the 496 of a ring of 20); faster input moves them into a ring of 20 of the
// tracker's own, kept (with its storage) for the slot's later touches. The estimate reads the
// same samples in the same order as Flutter's walk over its ring: the same bits.
import FlingCore

/// Estimates a finger's velocity at release from its recent samples, with the algorithm of
/// Flutter's `VelocityTracker` (its default, least-squares strategy):
///
/// - walking back from the newest sample, keep at most 20 (`historySize`) samples; stop at
///   one more than 100 ms (`horizon`) older than the newest, or at a gap of more than
///   40 ms (`maxGap`) between neighbours;
/// - with at least 3 (`minimumSamples`), fit `x(t)` and `y(t)` separately with a
///   least-squares polynomial of degree 2 (weights 1, `t` in milliseconds relative to the
///   newest sample); the velocity is the linear coefficient, times 1000 for points per second;
/// - with fewer, or when the fit is degenerate, the velocity is zero.
///
/// Feed it the `began` and `moved` positions of one touch, not the `ended` one, in time order
/// (as the touch rules deliver them): a sample earlier than the newest starts the estimate
/// afresh.
public struct VelocityTracker: Sendable {
    static let historySize = 20
    /// Oldest sample age used, in seconds.
    static let horizon = 0.100
    /// Longest gap between neighbouring samples before the motion counts as stopped, in seconds.
    static let maxGap = 0.040
    static let minimumSamples = 3
    /// Samples held inline: an estimate at 60 Hz input reads at most 7.
    static let inlineSize = 8

    /// The snapshot form's ring of ``historySize`` places: the newest sample's place, and how
    /// many places count (the samples added since the last reset, at most 20).
    private var newest: Int8 = -1
    private var count: Int8 = 0
    /// The samples an estimate can read, oldest first: where the oldest is in the ring that holds
    /// them, and how many there are.
    private var first: Int8 = 0
    private var live: Int8 = 0
    /// Empty while the samples fit inline; else a ring of ``historySize`` places that holds them.
    /// Declared before the samples, so that it lies in the cache line of the counts above: each
    /// sample added reads both, and at thousands of fingers every line read is a miss.
    private var wide: [TrackerSample] = []
    /// Sample times in whole microseconds, as Flutter's `Duration` holds them: ages then
    /// compare exactly (a sample exactly 100 ms old is kept, not lost to rounding).
    private var inline = InlineSamples()

    public init() {}

    /// The tracker as a snapshot holds it: the ring's newest index, its count and its samples
    /// (those no estimate can read again written as zeros).
    var saved: (newest: Int, count: Int, samples: [TrackerSample]) {
        var ring = [TrackerSample](repeating: TrackerSample(time: 0, x: 0, y: 0), count: Self.historySize)
        let n = Int(live)
        for j in 0..<n { ring[(Int(newest) - j + Self.historySize) % Self.historySize] = sample(n - 1 - j) }
        return (Int(newest), Int(count), ring)
    }

    /// The tracker a snapshot holds: of its ring, the samples an estimate reads now, found by the
    /// estimate's own walk back from the newest.
    init(newest: Int, count: Int, samples: [TrackerSample]) {
        precondition(
            samples.count == Self.historySize && (-1..<Self.historySize).contains(newest) && (0...Self.historySize).contains(count))
        self.newest = Int8(newest)
        self.count = Int8(count)
        guard count > 0 else { return }
        let newestTime = samples[newest].time
        var previousTime = newestTime, index = newest, taken = 0
        while taken < count {
            let sampleTime = samples[index].time
            if newestTime - sampleTime > Self.horizonMicros || abs(sampleTime - previousTime) > Self.maxGapMicros { break }
            previousTime = sampleTime
            taken += 1
            index = (index + Self.historySize - 1) % Self.historySize
        }
        for j in 0..<taken { append(samples[(newest - (taken - 1 - j) + Self.historySize) % Self.historySize]) }
    }

    /// ``horizon`` and ``maxGap`` in whole microseconds, the one form of the walk's stops: for a
    /// whole number of microseconds `d` (a negative one, a crafted snapshot's, included),
    /// `Double(d) / 1000 > horizon * 1000` (Flutter's comparison, in milliseconds; `horizon *
    /// 1000` is exactly 100) holds exactly when `d > 100_000`, the division being correctly
    /// rounded and monotonic; likewise the gap's 40.
    static let horizonMicros: Int64 = 100_000, maxGapMicros: Int64 = 40_000

    /// Forgets every sample (the ring of 20, if it has one, kept for the slot's next touch).
    mutating func reset() {
        newest = -1
        count = 0
        first = 0
        live = 0
        if !wide.isEmpty { wide.removeAll(keepingCapacity: true) }
    }

    /// Adds a sample: the touch's position at `time` (seconds, within ±1e12; a time beyond
    /// saturates at ±1e12). A sample whose time is NaN has no place in time and is dropped:
    /// the tracker stays as it was.
    @inline(__always)
    public mutating func add(time: Double, position: Vector) {
        guard !time.isNaN else { return }
        let s = TrackerSample(time: Self.micros(time), x: position.x, y: position.y)
        newest = newest == Self.historySize - 1 ? 0 : newest + 1
        if count < Self.historySize { count += 1 }
        // Through a pointer to the ring in place (a read of the inline ring by value would copy
        // it), its marks in locals.
        var first = Int(self.first), live = Int(self.live)
        var added = false
        if wide.isEmpty {
            added = withUnsafeMutableBytes(of: &inline) {
                Self.push(s, $0.baseAddress!.assumingMemoryBound(to: TrackerSample.self), capacity: Self.inlineSize, &first, &live)
            }
            if !added {
                widen(first: first)
                first = 0
            }
        }
        if !added {
            _ = wide.withUnsafeMutableBufferPointer { Self.push(s, $0.baseAddress!, capacity: Self.historySize, &first, &live) }
        }
        self.first = Int8(first)
        self.live = Int8(live)
    }

    /// Appends `s` to the ring of `capacity` places at `ring` whose samples start at `first`,
    /// `live` of them, after dropping those that no estimate from `s` on can read: all of them
    /// after a gap (or an earlier time, which no touch sequence gives), else the oldest past the
    /// horizon (touch times never decrease, so the older a sample, the sooner it passes), and
    /// the oldest of 20. False when the ring is full after the drops (nothing appended).
    @inline(__always)
    static func push(_ s: TrackerSample, _ ring: UnsafeMutablePointer<TrackerSample>, capacity: Int, _ first: inout Int, _ live: inout Int)
        -> Bool
    {
        if live > 0 {
            var last = first + live - 1
            if last >= capacity { last -= capacity }
            let lastTime = ring[last].time
            if s.time < lastTime || s.time - lastTime > maxGapMicros {
                first = 0
                live = 0
            } else {
                while live > 0, s.time - ring[first].time > horizonMicros {
                    first = first == capacity - 1 ? 0 : first + 1
                    live -= 1
                }
                if live == historySize {
                    first = first == capacity - 1 ? 0 : first + 1
                    live -= 1
                }
            }
        }
        guard live < capacity else { return false }
        var p = first + live
        if p >= capacity { p -= capacity }
        ring[p] = s
        live += 1
        return true
    }

    /// A time in whole microseconds, as the tracker keeps it: within ±10¹² s (saturated, not
    /// trapping), rounded half away from zero.
    @inline(__always)
    static func micros(_ time: Double) -> Int64 { rounded(min(max(time, -1e12), 1e12) * 1_000_000) }

    /// `Int64(x.rounded())` (half away from zero) for |x| ≤ 10¹⁸, without a call to the C
    /// library's `round` for every sample: `Int64(x)` truncates, and the fraction it leaves,
    /// `x` minus the truncation, is exact.
    @inline(__always)
    static func rounded(_ x: Double) -> Int64 {
        var i = Int64(x)
        let f = x - Double(i)
        if f >= 0.5 { i += 1 } else if f <= -0.5 { i -= 1 }
        return i
    }

    /// The newest sample's time in microseconds, if an estimate can read any (a snapshot's
    /// check compares it with the touches after it).
    var newestTime: Int64? { live > 0 ? sample(Int(live) - 1).time : nil }

    /// Whether the samples an estimate reads are in time order, as touches deliver them.
    var inTimeOrder: Bool { (0..<max(Int(live) - 1, 0)).allSatisfy { sample($0).time <= sample($0 + 1).time } }

    /// The estimated velocity in points per second, or zero (see the type's documentation).
    /// Allocates nothing: the samples and the fit's workspace live on the stack.
    public var velocity: Vector {
        let m = Int(live)
        guard m >= Self.minimumSamples else { return .zero }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * Self.historySize) { buffer in
            let ts = UnsafeMutableBufferPointer(rebasing: buffer[0..<Self.historySize])
            let xs = UnsafeMutableBufferPointer(rebasing: buffer[Self.historySize..<2 * Self.historySize])
            let ys = UnsafeMutableBufferPointer(rebasing: buffer[2 * Self.historySize..<3 * Self.historySize])
            // Newest first, as Flutter's walk reads them; ages in milliseconds, as it measures them.
            let newestTime = sample(m - 1).time
            for j in 0..<m {
                let s = sample(m - 1 - j)
                ts[j] = -(Double(newestTime - s.time) / 1000)
                xs[j] = s.x
                ys[j] = s.y
            }
            guard let (vx, vy) = LeastSquares.linearCoefficients(t: ts, x: xs, y: ys, count: m) else { return .zero }
            return Vector(vx * 1000, vy * 1000)
        }
    }

    /// The places of the ring that holds the samples.
    private var capacity: Int { wide.isEmpty ? Self.inlineSize : Self.historySize }

    /// The `k`-th sample an estimate can read, oldest first.
    @inline(__always)
    private func sample(_ k: Int) -> TrackerSample {
        let p = (Int(first) + k) % capacity
        return wide.isEmpty ? inline[p] : wide[p]
    }

    /// Moves the eight inline samples, oldest (at `first`) first, into a ring of 20: its storage
    /// kept across resets, so allocated once per slot.
    private mutating func widen(first: Int) {
        wide.reserveCapacity(Self.historySize)
        for k in 0..<Self.inlineSize { wide.append(inline[(first + k) % Self.inlineSize]) }
        wide.append(contentsOf: repeatElement(TrackerSample(time: 0, x: 0, y: 0), count: Self.historySize - Self.inlineSize))
    }

    /// Appends a sample after the newest as it is (a snapshot's, read back).
    private mutating func append(_ s: TrackerSample) {
        if wide.isEmpty && Int(live) == Self.inlineSize {
            widen(first: Int(first))
            first = 0
        }
        let p = (Int(first) + Int(live)) % capacity
        if wide.isEmpty { inline[p] = s } else { wide[p] = s }
        live += 1
    }
}

/// One sample of a ``VelocityTracker``: its time in whole microseconds, and the position.
struct TrackerSample: Sendable {
    var time: Int64
    var x: Double
    var y: Double
}

/// ``VelocityTracker/inlineSize`` (8) samples held inline, indexed 0..<8: a fixed array without
/// heap storage, so neither making nor writing one allocates or tests uniqueness.
struct InlineSamples: Sendable {
    private var storage:
        (TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample)

    init() {
        let z = TrackerSample(time: 0, x: 0, y: 0)
        storage = (z, z, z, z, z, z, z, z)
    }

    subscript(i: Int) -> TrackerSample {
        // Read field by field: reading through `withUnsafeBytes(of:)` copied all eight samples
        // (192 bytes) for each one read.
        @inline(__always) get {
            switch i {
            case 0: storage.0
            case 1: storage.1
            case 2: storage.2
            case 3: storage.3
            case 4: storage.4
            case 5: storage.5
            case 6: storage.6
            case 7: storage.7
            default: preconditionFailure("sample \(i) of \(VelocityTracker.inlineSize)")
            }
        }
        @inline(__always) set {
            precondition(i >= 0 && i < VelocityTracker.inlineSize)
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: i * MemoryLayout<TrackerSample>.stride, as: TrackerSample.self)
            }
        }
    }
}

/// A degree-2 least-squares polynomial fit by QR decomposition (modified Gram–Schmidt), as
/// Flutter's `LeastSquaresSolver` computes it, on stack storage, written out for its three
/// columns (1, t, t²): each product, sum and quotient the general solver forms for the linear
/// coefficient, in the same order, so the same bits (a test holds it to the general solver
/// over random and degenerate samples), at a fifth of its instructions. What the linear
/// coefficient never reads is not formed: the first row of R and the constant coefficient. Both
/// axes share their times, so the decomposition is made once and each axis solved from it.
enum LeastSquares {
    /// The coefficients `b` of `x ≈ a + b t + c t²` and of `y ≈ …` (weights 1) over the first `m`
    /// samples, or nil when the columns are (numerically) dependent.
    static func linearCoefficients(
        t: UnsafeMutableBufferPointer<Double>, x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>,
        count m: Int
    ) -> (Double, Double)? {
        guard m >= 3 else { return nil }
        precondition(m <= t.count && m <= x.count && m <= y.count)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * m) { w in
            let q1 = w.baseAddress!, q2 = w.baseAddress! + m, t = t.baseAddress!
            // Column 0, all ones: its norm is √m, so each of its entries is 1 / √m.
            let c = 1.0 / Double(m).squareRoot()
            // Column 1, t, made orthogonal to column 0 and normalized; R's second row.
            var dot = 0.0
            for h in 0..<m { dot += t[h] * c }
            var norm = 0.0
            for h in 0..<m {
                let v = t[h] - dot * c
                q1[h] = v
                norm += v * v
            }
            norm = norm.squareRoot()
            if norm < 1e-6 { return nil }
            var r11 = 0.0, r12 = 0.0
            for h in 0..<m {
                let v = q1[h] / norm
                q1[h] = v
                r11 += v * t[h]
                r12 += v * (t[h] * t[h])
            }
            // Column 2, t², made orthogonal to columns 0 and 1 in turn, normalized; R's last entry.
            dot = 0.0
            for h in 0..<m { dot += (t[h] * t[h]) * c }
            var dot1 = 0.0
            for h in 0..<m {
                let v = t[h] * t[h] - dot * c
                q2[h] = v
                dot1 += v * q1[h]
            }
            norm = 0.0
            for h in 0..<m {
                let v = q2[h] - dot1 * q1[h]
                q2[h] = v
                norm += v * v
            }
            norm = norm.squareRoot()
            if norm < 1e-6 { return nil }
            var r22 = 0.0
            for h in 0..<m {
                let v = q2[h] / norm
                q2[h] = v
                r22 += v * (t[h] * t[h])
            }
            // R b = Qᵀ y by back substitution, as far as b's linear coefficient.
            func solve(_ y: UnsafeMutablePointer<Double>) -> Double {
                var v2 = 0.0, v1 = 0.0
                for h in 0..<m { v2 += q2[h] * y[h] }
                for h in 0..<m { v1 += q1[h] * y[h] }
                let b2 = v2 / r22
                return (v1 - r12 * b2) / r11
            }
            return (solve(x.baseAddress!), solve(y.baseAddress!))
        }
    }
}
