// A generator is a function of one seeded random source, nothing else: no clock, no unseeded
// randomness, no Dictionary or Set iterated. So a seed names a generated value for good, on
// every machine, and a failure found by `PropertyCheck` is reproduced from its seed alone.
// Generators compose by value (map, flatMap, zip, oneOf, array), the way a test writes its own.
import Fling

/// The random source a ``Gen`` draws from: SplitMix64, seeded, the same numbers on every machine.
///
/// It is a `RandomNumberGenerator`, so a generator of your own may also call the standard
/// library's `Double.random(in:using:)` with it.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    var generator: SplitMix64

    /// A source seeded with `seed`.
    public init(seed: UInt64) { generator = SplitMix64(state: seed) }

    public mutating func next() -> UInt64 { generator.next() }

    /// A number in `0 ..< 1`, from 53 random bits.
    public mutating func unit() -> Double { generator.unit() }

    /// A number in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A whole number in `range`.
    mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }
}

/// A seeded, reproducible generator of values: touch sessions, gestures, display frames, or
/// anything a test composes from them.
///
/// ```swift
/// let speeds = Gen.double(in: 0...30_000)
/// let pairs = Gen.zip(speeds, Gen.int(in: 1...4))
/// let value = pairs.generate(seed: 7)     // the same pair for seed 7, every run, every machine
/// ```
public struct Gen<Value>: Sendable {
    let body: @Sendable (inout SeededRandom) -> Value

    /// A generator that draws from the random source it is given.
    public init(_ body: @escaping @Sendable (inout SeededRandom) -> Value) { self.body = body }

    /// The value for `seed`.
    public func generate(seed: UInt64) -> Value {
        var random = SeededRandom(seed: seed)
        return body(&random)
    }

    /// The next value from `random`.
    public func generate(using random: inout SeededRandom) -> Value { body(&random) }

    /// Each value transformed.
    public func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Gen<T> {
        Gen<T> { r in transform(body(&r)) }
    }

    /// A generator chosen by each value, then drawn from.
    public func flatMap<T>(_ next: @escaping @Sendable (Value) -> Gen<T>) -> Gen<T> {
        Gen<T> { r in
            let v = body(&r)
            return next(v).body(&r)
        }
    }

    /// `count` values in a row, `count` itself drawn from its range.
    public func array(count: ClosedRange<Int>) -> Gen<[Value]> {
        Gen<[Value]> { r in
            let n = r.integer(count)
            var values: [Value] = []
            values.reserveCapacity(n)
            for _ in 0..<n { values.append(body(&r)) }
            return values
        }
    }

    /// Always `value`.
    public static func always(_ value: Value) -> Gen<Value> where Value: Sendable { Gen { _ in value } }

    /// One of `generators`, each as likely (none: a programming error).
    public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
        precondition(!generators.isEmpty, "Gen.oneOf needs at least one generator")
        return Gen { r in generators[r.integer(0...generators.count - 1)].body(&r) }
    }

    /// One of `generators`, each with its weight (weights positive).
    public static func frequency(_ generators: [(weight: Double, gen: Gen<Value>)]) -> Gen<Value> {
        precondition(!generators.isEmpty && generators.allSatisfy { $0.weight > 0 }, "Gen.frequency needs positive weights")
        let total = generators.reduce(0) { $0 + $1.weight }
        return Gen { r in
            var x = r.unit() * total
            for g in generators {
                if x < g.weight { return g.gen.body(&r) }
                x -= g.weight
            }
            return generators[generators.count - 1].gen.body(&r)
        }
    }

    /// Both values, drawn in order.
    public static func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> where Value == (A, B) {
        Gen { r in
            let x = a.body(&r)
            return (x, b.body(&r))
        }
    }
}

extension Gen where Value == Double {
    /// A number in `range`, uniformly.
    public static func double(in range: ClosedRange<Double>) -> Gen<Double> { Gen { r in r.uniform(range) } }
}

extension Gen where Value == Int {
    /// A whole number in `range`, uniformly.
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> { Gen { r in r.integer(range) } }
}

extension Gen where Value == Bool {
    /// True with probability `probability`.
    public static func bool(probability: Double = 0.5) -> Gen<Bool> { Gen { r in r.chance(probability) } }
}
