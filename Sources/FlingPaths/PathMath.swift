import FlingCore

/// The one place FlingPaths reaches for a transcendental function, so that every one of them is
/// FlingCore's portable, platform-independent implementation (`Portable`): sampled shapes are
/// then the same bits on every machine. Square roots are IEEE 754 (`squareRoot()`, correctly
/// rounded) and used freely elsewhere. Nothing in FlingPaths uses a fused multiply-add.
///
/// Arcs need no inverse trigonometry: `ArcConversion` splits an arc by halving in the unit
/// circle and takes the handle length from chord lengths (see there), so `atan2` is not needed.
enum PathMath {
    /// Sine and cosine of an angle given in degrees (an arc's x-axis rotation).
    static func sincos(degrees: Double) -> (sin: Double, cos: Double) {
        // Exact quarter turns give exact results (a rotation of 90 or 180 is common in
        // hand-written path data, and sin(π) is not 0 in floating point).
        let r = degrees.truncatingRemainder(dividingBy: 360)
        switch r {
        case 0: return (0, 1)
        case 90, -270: return (1, 0)
        case 180, -180: return (0, -1)
        case 270, -90: return (-1, 0)
        default: return Portable.sincos(r * (Double.pi / 180))
        }
    }
}
