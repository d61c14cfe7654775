import Foundation

// CoreGraphics types, for apps: Fling's own types convert to and from them, and the
// animators' main entry points take them. Foundation has CGPoint, CGSize, CGRect and CGFloat
// on every platform; CGVector and CGAffineTransform only where CoreGraphics is.
// (The core stays free of Foundation: this file is the umbrella's.)

extension Vector {
    /// A point or a size, in points.
    @inlinable public init(_ p: CGPoint) { self.init(Double(p.x), Double(p.y)) }
    @inlinable public init(_ s: CGSize) { self.init(Double(s.width), Double(s.height)) }
    @inlinable var cgPoint: CGPoint { CGPoint(x: CGFloat(x), y: CGFloat(y)) }
    @inlinable var cgSize: CGSize { CGSize(width: CGFloat(x), height: CGFloat(y)) }
}

extension Rect {
    @inlinable public init(_ r: CGRect) {
        self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }
    @inlinable var cgRect: CGRect { CGRect(x: CGFloat(x), y: CGFloat(y), width: CGFloat(width), height: CGFloat(height)) }
}

extension TouchEvent {
    /// A touch at a `CGPoint` (`UITouch.location(in:)`), its time in the animator's clock
    /// (`UITouch.timestamp` with `TileAnimator(…, timeOrigin:)`).
    public init(time: TimeInterval, touch: TouchID, phase: Phase, location: CGPoint, item: TouchEvent.ItemID? = nil) {
        self.init(time: time, touch: touch, phase: phase, position: Vector(location), item: item)
    }
}

extension TileDefinition {
    /// A tile laid out at `frame` (a view's `frame`).
    public init(id: TileID, frame: CGRect, mass: Double = 1) {
        self.init(id: id, frame: Rect(frame), mass: mass)
    }
}

extension TileAnimator {
    /// An animator over `viewport` (the container view's `bounds`), with the app's clock.
    public convenience init(
        viewport: CGRect, tiles: [TileDefinition] = [], configuration: TileConfiguration = .init(),
        backend: any PhysicsBackend, timeOrigin: TimeInterval = 0
    ) throws(FlingError) {
        try self.init(viewport: Rect(viewport), tiles: tiles, configuration: configuration, backend: backend, timeOrigin: timeOrigin)
    }
}

extension Transform {
    /// The center as a `CGPoint` (a layer's `position`).
    @inlinable public var cgPosition: CGPoint { position.cgPoint }
}

#if canImport(CoreGraphics)
import CoreGraphics

extension Vector {
    @inlinable public init(_ v: CGVector) { self.init(Double(v.dx), Double(v.dy)) }
}

extension Transform {
    /// The rotation about the center and the move to the center, as a layer's
    /// `affineTransform` relative to its `position` is the rotation alone: use
    /// ``rotationTransform`` with `position` = ``cgPosition``.
    var rotationTransform: CGAffineTransform { CGAffineTransform(rotationAngle: CGFloat(angle)) }
    /// Rotation then translation to the center: the tile's frame-space transform.
    var affineTransform: CGAffineTransform {
        CGAffineTransform(translationX: CGFloat(position.x), y: CGFloat(position.y)).rotated(by: CGFloat(angle))
    }
}
#endif
