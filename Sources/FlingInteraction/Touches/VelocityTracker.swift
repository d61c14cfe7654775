// The release velocity, by Flutter's VelocityTracker algorithm (least squares over the last
// 100 ms), with its samples inline and its workspace on the stack: adding a sample or taking
// the estimate never allocates, so a crowd of fingers costs no heap traffic per frame.
import FlingCore

/// Estimates a finger's velocity at release from its recent samples, with the algorithm of
/// Flutter's `VelocityTracker` (its default, least-squares strategy):
///
/// - walking back from the newest sample, keep at most ``historySize`` (20) samples; stop at
///   one more than ``horizon`` (100 ms) older than the newest, or at a gap of more than
///   ``maxGap`` (40 ms) between neighbours;
/// - with at least ``minimumSamples`` (3), fit `x(t)` and `y(t)` separately with a
///   least-squares polynomial of degree 2 (weights 1, `t` in milliseconds relative to the
///   newest sample); the velocity is the linear coefficient, times 1000 for points per second;
/// - with fewer, or when the fit is degenerate, the velocity is zero.
///
/// Feed it the `began` and `moved` positions of one touch, not the `ended` one.
/// It keeps a fixed ring of samples inline (no heap storage): making one or adding a sample
/// never allocates, and a tracker kept in an array sits beside its neighbours in memory.
package struct VelocityTracker: Sendable {
    static let historySize = 20
    /// Oldest sample age used, in seconds.
    static let horizon = 0.100
    /// Longest gap between neighbouring samples before the motion counts as stopped, in seconds.
    static let maxGap = 0.040
    static let minimumSamples = 3

    private var newest = -1
    private var count = 0
    /// Sample times in whole microseconds, as Flutter's `Duration` holds them: ages then
    /// compare exactly (a sample exactly 100 ms old is kept, not lost to rounding).
    /// Each sample's time and position side by side: adding one writes one place in memory.
    private var samples = SampleRing()

    package init() {}

    /// The tracker as a snapshot holds it: the ring's newest index, its count and its samples.
    var saved: (newest: Int, count: Int, samples: [TrackerSample]) {
        (newest, count, (0..<Self.historySize).map { samples[$0] })
    }

    init(newest: Int, count: Int, samples: [TrackerSample]) {
        precondition(
            samples.count == Self.historySize && (-1..<Self.historySize).contains(newest) && (0...Self.historySize).contains(count))
        self.newest = newest
        self.count = count
        for (k, s) in samples.enumerated() { self.samples[k] = s }
    }

    /// Forgets every sample.
    mutating func reset() { newest = -1; count = 0 }

    /// Adds a sample: the touch's position at `time` (seconds, within ±1e12; a time beyond
    /// saturates at ±1e12). A sample whose time is NaN has no place in time and is dropped:
    /// the tracker stays as it was.
    package mutating func add(time: Double, position: Vector) {
        guard !time.isNaN else { return }
        newest = (newest + 1) % Self.historySize
        // Microseconds; a time beyond the documented ±10¹² s saturates instead of trapping.
        samples[newest] = TrackerSample(time: Self.rounded(min(max(time, -1e12), 1e12) * 1_000_000), x: position.x, y: position.y)
        count = min(count + 1, Self.historySize)
    }

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

    /// The estimated velocity in points per second, or zero (see the type's documentation).
    /// Allocates nothing: the samples and the fit's workspace live on the stack.
    package var velocity: Vector {
        guard count > 0 else { return .zero }
        // The ring read through one view of its bytes: each read of `samples[i]` would copy the
        // whole ring to take its address.
        return samples.withSamples { samples in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * Self.historySize) { buffer in
                let ts = UnsafeMutableBufferPointer(rebasing: buffer[0..<Self.historySize])
                let xs = UnsafeMutableBufferPointer(rebasing: buffer[Self.historySize..<2 * Self.historySize])
                let ys = UnsafeMutableBufferPointer(rebasing: buffer[2 * Self.historySize..<3 * Self.historySize])
                var m = 0
                let newestTime = samples[newest].time
                var previousTime = newestTime
                var index = newest
                while m < count {
                    let sampleTime = samples[index].time
                    // Ages and gaps in milliseconds, as Flutter measures them.
                    let age = Double(newestTime - sampleTime) / 1000
                    let gap = Double(abs(sampleTime - previousTime)) / 1000
                    previousTime = sampleTime
                    if age > Self.horizon * 1000 || gap > Self.maxGap * 1000 { break }
                    ts[m] = -age
                    xs[m] = samples[index].x
                    ys[m] = samples[index].y
                    m += 1
                    index = (index + Self.historySize - 1) % Self.historySize
                }
                guard m >= Self.minimumSamples, let (vx, vy) = LeastSquares.linearCoefficients(t: ts, x: xs, y: ys, count: m)
                else { return .zero }
                return Vector(vx * 1000, vy * 1000)
            }
        }
    }
}

/// One sample of a ``VelocityTracker``: its time in whole microseconds, and the position.
struct TrackerSample: Sendable {
    var time: Int64
    var x: Double
    var y: Double
}

/// ``VelocityTracker/historySize`` (20) samples held inline, indexed 0..<20: a fixed array
/// without heap storage, so neither making nor writing one allocates or tests uniqueness.
struct SampleRing: Sendable {
    private var storage:
        (
            TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample,
            TrackerSample, TrackerSample,
            TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample, TrackerSample,
            TrackerSample, TrackerSample
        )

    init() {
        let z = TrackerSample(time: 0, x: 0, y: 0)
        storage = (z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z)
    }

    /// The samples, 0..<20, as one buffer for the duration of `body`.
    @inline(__always)
    func withSamples<R>(_ body: (UnsafeBufferPointer<TrackerSample>) -> R) -> R {
        withUnsafeBytes(of: storage) { body($0.bindMemory(to: TrackerSample.self)) }
    }

    subscript(i: Int) -> TrackerSample {
        @inline(__always) get {
            precondition(i >= 0 && i < VelocityTracker.historySize)
            return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: i * MemoryLayout<TrackerSample>.stride, as: TrackerSample.self) }
        }
        @inline(__always) set {
            precondition(i >= 0 && i < VelocityTracker.historySize)
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: i * MemoryLayout<TrackerSample>.stride, as: TrackerSample.self)
            }
        }
    }
}

/// A degree-2 least-squares polynomial fit by QR decomposition (modified Gram–Schmidt), as
/// Flutter's `LeastSquaresSolver` computes it, on stack storage. Both axes share their times,
/// so the decomposition (the fit's cost) is made once and each axis is solved from it: the same
/// operations in the same order as a fit per axis, so the same bits.
enum LeastSquares {
    /// The coefficients `b` of `x ≈ a + b t + c t²` and of `y ≈ …` (weights 1) over the first `m`
    /// samples, or nil when the columns are (numerically) dependent.
    static func linearCoefficients(
        t: UnsafeMutableBufferPointer<Double>, x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>,
        count m: Int
    ) -> (Double, Double)? {
        let n = 3
        guard m >= n else { return nil }
        // a[j][h] = t_h^j at a[j * m + h]; q: orthonormal columns; r: upper triangular, a = q r.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n * m + n * n + n) { w in
            let a = UnsafeMutableBufferPointer(rebasing: w[0..<(n * m)])
            let q = UnsafeMutableBufferPointer(rebasing: w[(n * m)..<(2 * n * m)])
            let r = UnsafeMutableBufferPointer(rebasing: w[(2 * n * m)..<(2 * n * m + n * n)])
            let b = UnsafeMutableBufferPointer(rebasing: w[(2 * n * m + n * n)..<(2 * n * m + n * n + n)])
            for h in 0..<m {
                a[h] = 1
                for j in 1..<n { a[j * m + h] = a[(j - 1) * m + h] * t[h] }
            }
            for k in 0..<(n * m) { q[k] = a[k] }
            for k in 0..<(n * n) { r[k] = 0 }
            for j in 0..<n {
                for i in 0..<j {
                    var dot = 0.0
                    for h in 0..<m { dot += q[j * m + h] * q[i * m + h] }
                    for h in 0..<m { q[j * m + h] -= dot * q[i * m + h] }
                }
                var norm = 0.0
                for h in 0..<m { norm += q[j * m + h] * q[j * m + h] }
                norm = norm.squareRoot()
                if norm < 1e-6 { return nil }
                for h in 0..<m { q[j * m + h] /= norm }
                for i in j..<n {
                    var dot = 0.0
                    for h in 0..<m { dot += q[j * m + h] * a[i * m + h] }
                    r[j * n + i] = dot
                }
            }
            // Solve r b = qᵀ y by back substitution, for each axis.
            func solve(_ y: UnsafeMutableBufferPointer<Double>) -> Double {
                for i in stride(from: n - 1, through: 0, by: -1) {
                    var v = 0.0
                    for h in 0..<m { v += q[i * m + h] * y[h] }
                    for j in stride(from: n - 1, to: i, by: -1) { v -= r[i * n + j] * b[j] }
                    b[i] = v / r[i * n + i]
                }
                return b[1]
            }
            let bx = solve(x)
            return (bx, solve(y))
        }
    }
}
