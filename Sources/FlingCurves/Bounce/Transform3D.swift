// A `CATransform3D` for SKBounceAnimation: the library bounces a transform entry by entry, all
// sixteen of them, each from its own start to its own end (khanlou/SKBounceAnimation @ 14f7248,
// `createValueArray` and `createTransformArrayFromM11:…`). Its copy loop starts every frame
// from the identity and assigns m34's frames to m44 before m44's own overwrite them, so m34
// keeps the identity's 0 in every keyframe (a perspective's m34 is not animated; the layer
// shows the model value's m34 once the animation is over). Fling reproduces that in the
// library's frames (``BounceCurve/values(from:to:)``) and nowhere else: interpolation between
// keyframes, the two-step form and the final value keep every entry as given.

import FlingCore

/// A 3D transform in Core Animation's layout (a `CATransform3D`): sixteen entries `m11` … `m44`,
/// row by row, in the row-vector convention (a point `(x, y, z, 1)` times the matrix; `m41`,
/// `m42`, `m43` translate, `m34` is the perspective term). SKBounceAnimation bounces every
/// entry on its own curve (``BounceValue``); ``AffineMatrix`` is the 2D part alone.
public struct Transform3D: Hashable, Sendable, BounceValue {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// Any entry left out is the identity's.
    init(
        m11: Double = 1, m12: Double = 0, m13: Double = 0, m14: Double = 0,
        m21: Double = 0, m22: Double = 1, m23: Double = 0, m24: Double = 0,
        m31: Double = 0, m32: Double = 0, m33: Double = 1, m34: Double = 0,
        m41: Double = 0, m42: Double = 0, m43: Double = 0, m44: Double = 1
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// `CATransform3DIdentity`.
    public static let identity = Transform3D()

    /// `CATransform3DMakeScale(sx, sy, sz)`: the diagonal `sx`, `sy`, `sz`, 1.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D { Transform3D(m11: sx, m22: sy, m33: sz) }

    /// The sixteen entries, row by row: `m11`, `m12`, `m13`, `m14`, `m21`, … `m44`; the library's
    /// loop for transforms starts at index 1, as for rects and colours.
    public static let bounceLayout = BounceCurve.Layout<Transform3D>(
        components: {
            [
                $0.m11, $0.m12, $0.m13, $0.m14, $0.m21, $0.m22, $0.m23, $0.m24, $0.m31, $0.m32, $0.m33, $0.m34, $0.m41, $0.m42, $0.m43,
                $0.m44,
            ]
        },
        make: { v in
            Transform3D(
                m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
        }, omitsFirstKeyframe: true)
}

/// A kind whose SKBounceAnimation keyframes are not simply its bounced numbers put back
/// together: the library's own assembly of one frame.
protocol LibraryKeyframeAssembly {
    /// The numbers of one keyframe as the library assembles them from the bounced ones.
    static func libraryKeyframe(_ bounced: [Double]) -> [Double]
}

extension Transform3D: LibraryKeyframeAssembly {
    /// m34 is the identity's 0: the library assigns m34's frame to m44, then m44's frame over it.
    static func libraryKeyframe(_ bounced: [Double]) -> [Double] {
        var v = bounced
        v[11] = 0
        return v
    }
}
