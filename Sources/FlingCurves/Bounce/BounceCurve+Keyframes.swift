import FlingCore

extension BounceCurve {
    /// A keyframe animation as a Core Animation user hands it to `CAKeyframeAnimation`: the values,
    /// their key times (fractions of the duration), a timing function per interval (nil: linear,
    /// the setting SKBounceAnimation uses) and the duration; and the value Core Animation shows at
    /// any time (linear calculation mode).
    public struct Keyframes<Value: BounceValue>: Sendable {
        public var values: [Value]
        /// One per value, 0 first, 1 last, not decreasing.
        public var keyTimes: [Double]
        /// One per interval, or nil for linear intervals.
        public var timingFunctions: [TimingFunction]?
        /// Seconds.
        public var duration: Double
        /// What the layer shows once the animation is over: its model value.
        package var finalValue: Value

        /// A keyframe animation of your own (the two-step ease a `UIView` animation and its
        /// completion make, say): `keyTimes` one per value, `timingFunctions` one per interval,
        /// and `finalValue`, what the layer shows once it is over (its model value).
        public init(values: [Value], keyTimes: [Double], timingFunctions: [TimingFunction]?, duration: Double, finalValue: Value) {
            self.values = values
            self.keyTimes = keyTimes
            self.timingFunctions = timingFunctions
            self.duration = duration
            self.finalValue = finalValue
        }

        /// The value at `time` seconds after the start: the first keyframe before it, the final
        /// value from the duration on, in between the two keyframes around it mixed component by
        /// component through the interval's timing function. Keyframes whose arrays disagree in
        /// length are read as far as the shorter goes (an interval without a timing function is
        /// linear).
        public func value(at time: Double) -> Value {
            guard time < duration else { return finalValue }
            guard let first = values.first else { return finalValue }
            let f = max(time, 0) / duration
            let n = min(values.count, keyTimes.count)
            guard n > 1, f > 0 else { return first }
            var i = 0
            while i + 2 < n, keyTimes[i + 1] <= f { i += 1 }
            let t0 = keyTimes[i], t1 = keyTimes[i + 1]
            let u = t1 > t0 ? min(max((f - t0) / (t1 - t0), 0), 1) : 1
            let e = timingFunctions.flatMap { i < $0.count ? $0[i](u) : nil } ?? u
            let a = values[i].bounceComponents, b = values[i + 1].bounceComponents
            return Value(bounceComponents: a.indices.map { a[$0] + (b[$0] - a[$0]) * e })
        }
    }
}

extension BounceCurve {
    /// The frames SKBounceAnimation makes for `from` → `to`, each number of the value bouncing
    /// on its own (`frames` of them; one fewer for the kinds whose first frame the library leaves
    /// out), put together as the library does (a ``Transform3D``'s `m34` is 0 in every frame), or
    /// the two-step form's three keyframes.
    public func values<V: BounceValue>(from: V, to: V) -> [V] {
        let a = from.bounceComponents, b = to.bounceComponents
        if case .twoSteps(let overshoot, _, let integral) = form {
            func whole(_ x: Double) -> Double { integral ? x.rounded(.towardZero) : x }
            let past = a.indices.map { whole(b[$0] + overshoot * (b[$0] - a[$0])) }
            return [from, V(bounceComponents: past), V(bounceComponents: b.map(whole))]
        }
        let perComponent = a.indices.map { keyframes(from: a[$0], to: b[$0]) }
        let first = V.libraryOmitsFirstKeyframe ? 1 : 0
        guard frames > first else { return [] }
        let assembly = V.self as? any LibraryKeyframeAssembly.Type
        return (first..<frames).map { t in
            let bounced = perComponent.map { $0[t] }
            return V(bounceComponents: assembly?.libraryKeyframe(bounced) ?? bounced)
        }
    }

    /// The keyframe animation SKBounceAnimation hands to Core Animation for `from` → `to`: its
    /// frames spaced evenly over the duration (linear timing, no key times), ending on the model
    /// value `to`; for the two-step form, key times 0, `firstDuration / duration`, 1 and
    /// ease-in-ease-out per step, ending on its last keyframe.
    public func keyframeAnimation<V: BounceValue>(from: V, to: V) -> BounceCurve.Keyframes<V> {
        let values = values(from: from, to: to)
        let n = values.count
        let times = (0..<n).map { (k: Int) -> Double in k == n - 1 ? 1 : Double(k) / Double(max(n - 1, 1)) }
        if case .twoSteps(_, let first, _) = form {
            return BounceCurve.Keyframes(
                values: values, keyTimes: [0, first / duration, 1],
                timingFunctions: [.easeInEaseOut, .easeInEaseOut], duration: duration, finalValue: values[2])
        }
        return BounceCurve.Keyframes(values: values, keyTimes: times, timingFunctions: nil, duration: duration, finalValue: to)
    }

    /// The value Core Animation shows `time` seconds after the start of `from` → `to`.
    public func value<V: BounceValue>(at time: Double, from: V, to: V) -> V {
        keyframeAnimation(from: from, to: to).value(at: time)
    }

    /// The scalar frames: `frames` values of the equation at `t = 0 … frames − 1` (what
    /// ``values(from:to:)`` gives a `Double`, and each axis of the snap animator follows).
    package func keyframes(from: Double, to: Double) -> [Double] {
        guard frames > 0 else { return [] }
        return (0..<frames).map { value(atFrame: Double($0), from: from, to: to) }
    }
}
