import FlingCore

/// A value SKBounceAnimation can animate: a fixed list of numbers that bounce one by one, each
/// from its own start to its own end (so each has its own decay: the library's `α` depends on
/// the distance a number travels).
///
/// The kinds the library animates, and what it hands to Core Animation for each: scalars
/// (`NSNumber`, all frames as `values`), points and sizes (`CGPoint`, `CGSize`, all frames as
/// the vertices of a `path`), rects (`CGRect`), transforms (`CATransform3D`, every entry:
/// ``Transform3D``; ``AffineMatrix`` for the 2D part alone) and colours (RGBA, ``RGBA``). For rects,
/// transforms and colours its loops start at index 1, so the first frame (`from`) is left out
/// of the keyframes; Fling reproduces that.
///
/// The kinds are the library's, so the protocol is closed: its one requirement is a
/// ``BounceCurve/Layout``, which only Fling can make (what it reads is
/// ``BounceCurve/Layout/omitsFirstKeyframe``; its other members are the package's). A
/// developer animates the kinds listed here and conforms nothing, and the package can change
/// how a kind comes apart without breaking a conformance elsewhere.
public protocol BounceValue: Sendable {
    /// How this kind comes apart into the numbers that bounce and goes back together.
    static var bounceLayout: BounceCurve.Layout<Self> { get }
}

extension BounceCurve {
    /// How a ``BounceValue`` kind comes apart into numbers that bounce one by one (in a fixed
    /// order) and goes back together, and whether SKBounceAnimation leaves its first frame out.
    public struct Layout<Value>: Sendable {
        let components: @Sendable (Value) -> [Double]
        /// Called only with as many numbers as `components` gives (the package's callers).
        let make: @Sendable ([Double]) -> Value
        /// Whether SKBounceAnimation leaves the first frame (`from`) out of this kind's keyframes:
        /// true for rects, transforms and colours, whose loops start at index 1.
        public let omitsFirstKeyframe: Bool

        init(
            components: @escaping @Sendable (Value) -> [Double], make: @escaping @Sendable ([Double]) -> Value,
            omitsFirstKeyframe: Bool
        ) {
            self.components = components
            self.make = make
            self.omitsFirstKeyframe = omitsFirstKeyframe
        }
    }
}

extension BounceValue {
    /// The numbers that bounce, in a fixed order.
    var bounceComponents: [Double] { Self.bounceLayout.components(self) }
    /// The value made of `bounceComponents` numbers in the same order.
    init(bounceComponents c: [Double]) { self = Self.bounceLayout.make(c) }
    /// Whether SKBounceAnimation leaves the first frame out of this kind's keyframes.
    static var libraryOmitsFirstKeyframe: Bool { bounceLayout.omitsFirstKeyframe }
}

extension Double: BounceValue {
    public static let bounceLayout = BounceCurve.Layout<Double>(components: { [$0] }, make: { $0[0] }, omitsFirstKeyframe: false)
}

extension Vector: BounceValue {
    public static let bounceLayout = BounceCurve.Layout<Vector>(
        components: { [$0.x, $0.y] }, make: { Vector($0[0], $0[1]) }, omitsFirstKeyframe: false)
}

extension Rect: BounceValue {
    public static let bounceLayout = BounceCurve.Layout<Rect>(
        components: { [$0.x, $0.y, $0.width, $0.height] }, make: { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) },
        omitsFirstKeyframe: true)
}

/// A width and a height, in points (a `CGSize`).
struct Size: Hashable, Sendable, BounceValue {
    var width: Double
    var height: Double
    init(width: Double, height: Double) { self.width = width; self.height = height }

    static let bounceLayout = BounceCurve.Layout<Size>(
        components: { [$0.width, $0.height] }, make: { Size(width: $0[0], height: $0[1]) }, omitsFirstKeyframe: false)
}

/// A colour as red, green, blue and alpha components, each usually in 0...1 (a `UIColor`'s
/// `CGColor` components in an RGB space, which SKBounceAnimation bounces one by one).
public struct RGBA: Hashable, Sendable, BounceValue {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public static let bounceLayout = BounceCurve.Layout<RGBA>(
        components: { [$0.red, $0.green, $0.blue, $0.alpha] }, make: { RGBA(red: $0[0], green: $0[1], blue: $0[2], alpha: $0[3]) },
        omitsFirstKeyframe: true)
}

/// A 2D affine transform in Core Animation's row-vector convention (a `CGAffineTransform`, or the
/// 2D part of a `CATransform3D`: `m11 = a`, `m12 = b`, `m21 = c`, `m22 = d`, `m41 = tx`,
/// `m42 = ty`): a point `(x, y)` goes to `(a x + c y + tx, b x + d y + ty)`. SKBounceAnimation
/// bounces a transform entry by entry.
public struct AffineMatrix: Hashable, Sendable, BounceValue {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    init(a: Double, b: Double, c: Double, d: Double, tx: Double = 0, ty: Double = 0) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineMatrix(a: 1, b: 0, c: 0, d: 1)

    /// A scale (`CATransform3DMakeScale(sx, sy, 1)`).
    package static func scale(_ sx: Double, _ sy: Double) -> AffineMatrix { AffineMatrix(a: sx, b: 0, c: 0, d: sy) }

    /// A rotation by `angle` radians, then a uniform `scale` applied before it, as
    /// `CATransform3DScale(CATransform3DRotate(identity, angle, 0, 0, 1), s, s, s)` builds it:
    /// `a = s cos θ`, `b = s sin θ`, `c = −s sin θ`, `d = s cos θ` (portable sine and cosine).
    public static func scale(_ s: Double, rotation angle: Double) -> AffineMatrix {
        let (sin, cos) = Portable.sincos(angle)
        return AffineMatrix(a: s * cos, b: s * sin, c: -s * sin, d: s * cos)
    }

    /// Where the transform takes `p`.
    func apply(_ p: Vector) -> Vector { Vector(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    public static let bounceLayout = BounceCurve.Layout<AffineMatrix>(
        components: { [$0.a, $0.b, $0.c, $0.d, $0.tx, $0.ty] },
        make: { AffineMatrix(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5]) }, omitsFirstKeyframe: true)
}
