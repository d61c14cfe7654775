/// A value SKBounceAnimation can animate: a fixed list of numbers that bounce one by one, each
/// from its own start to its own end (so each has its own decay: the library's `α` depends on
/// the distance a number travels).
///
/// The kinds the library animates, and what it hands to Core Animation for each: scalars
/// (`NSNumber`, all frames as `values`), points and sizes (`CGPoint`, `CGSize`, all frames as
/// the vertices of a `path`), rects (`CGRect`), transforms (`CATransform3D`, every entry:
/// ``Transform3D``; ``AffineMatrix`` for the 2D part alone) and colours (RGBA, ``RGBA``). For rects,
/// transforms and colours its loops start at index 1, so the first frame (`from`) is left out
/// of the keyframes (``libraryOmitsFirstFrame``); Fling reproduces that.
public protocol BounceValue: Sendable {
    /// The numbers that bounce, in a fixed order.
    var bounceComponents: [Double] { get }
    /// The value made of `bounceComponents` numbers in the same order.
    init(bounceComponents: [Double])
    /// Whether SKBounceAnimation leaves the first frame out of this kind's keyframes.
    static var libraryOmitsFirstFrame: Bool { get }
}

extension Double: BounceValue {
    public var bounceComponents: [Double] { [self] }
    public init(bounceComponents c: [Double]) { self = c[0] }
    public static var libraryOmitsFirstFrame: Bool { false }
}

extension Vector: BounceValue {
    public var bounceComponents: [Double] { [x, y] }
    public init(bounceComponents c: [Double]) { self.init(c[0], c[1]) }
    public static var libraryOmitsFirstFrame: Bool { false }
}

extension Rect: BounceValue {
    public var bounceComponents: [Double] { [x, y, width, height] }
    public init(bounceComponents c: [Double]) { self.init(x: c[0], y: c[1], width: c[2], height: c[3]) }
    public static var libraryOmitsFirstFrame: Bool { true }
}

/// A width and a height, in points (a `CGSize`).
package struct Size: Hashable, Sendable, BounceValue {
    package var width: Double
    package var height: Double
    package init(width: Double, height: Double) { self.width = width; self.height = height }

    package var bounceComponents: [Double] { [width, height] }
    package init(bounceComponents c: [Double]) { self.init(width: c[0], height: c[1]) }
    package static var libraryOmitsFirstFrame: Bool { false }
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

    public var bounceComponents: [Double] { [red, green, blue, alpha] }
    public init(bounceComponents c: [Double]) { self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
    public static var libraryOmitsFirstFrame: Bool { true }
}

/// A 2D affine transform in Core Animation's row-vector convention (a `CGAffineTransform`, or the
/// 2D part of a `CATransform3D`: `m11 = a`, `m12 = b`, `m21 = c`, `m22 = d`, `m41 = tx`,
/// `m42 = ty`): a point `(x, y)` goes to `(a x + c y + tx, b x + d y + ty)`. SKBounceAnimation
/// bounces a transform entry by entry.
public struct AffineMatrix: Hashable, Sendable, BounceValue {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    package init(a: Double, b: Double, c: Double, d: Double, tx: Double = 0, ty: Double = 0) {
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
    package func apply(_ p: Vector) -> Vector { Vector(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    public var bounceComponents: [Double] { [a, b, c, d, tx, ty] }
    public init(bounceComponents v: [Double]) { self.init(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]) }
    public static var libraryOmitsFirstFrame: Bool { true }
}
