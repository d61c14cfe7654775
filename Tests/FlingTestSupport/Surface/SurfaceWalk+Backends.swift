#if FLING_TESTABLE
import Foundation
#if Chipmunk
import FlingChipmunk
#endif
@testable import Fling

// FlingNative, FlingChipmunk and the umbrella module (backend kinds, CoreGraphics interop).

extension SurfaceWalk {
    mutating func registerBackends() {
        add(
            "FlingNative.NativeBackend.init(solverIterations:arithmetic:threads:)", "FlingNative.NativeBackend.name",
            "FlingNative.NativeBackend.worldCount", "FlingNative.NativeBackend.bytesPerWorld",
            "FlingNative.NativeBackend.reserveCapacity(_:)",
            "FlingNative.NativeBackend.makeWorld(_:)", "FlingNative.NativeBackend.destroyWorld(_:)",
            "FlingNative.NativeBackend.addDrag(_:to:)",
            "FlingNative.NativeBackend.moveDrag(_:in:to:velocity:)", "FlingNative.NativeBackend.removeDrag(_:from:)",
            "FlingNative.NativeBackend.moveDrags(_:refused:)",
            "FlingNative.NativeBackend.attachAttraction(_:to:)", "FlingNative.NativeBackend.detachAttraction(from:)",
            "FlingNative.NativeBackend.setGravity(of:_:)", "FlingNative.NativeBackend.setDamping(of:_:)",
            "FlingNative.NativeBackend.setVelocity(of:linear:angular:)", "FlingNative.NativeBackend.step(by:)",
            "FlingNative.NativeBackend.state(of:)", "FlingNative.NativeBackend.readStates(of:into:)"
        ) { p in
            p.count { NativeBackend.bytesPerWorld }
            for n in Hostile.ints {
                for threads in [n, 1, 2] {
                    p.call { () throws(FlingError) in try NativeBackend(solverIterations: n, arithmetic: .portable, threads: threads) }
                }
            }
            for arithmetic in [Arithmetic.platform, .portable] {
                for threads in [1, 2] {
                    guard let backend = try? NativeBackend(arithmetic: arithmetic, threads: threads) else { continue }
                    for n in Hostile.ints { p.count { backend.reserveCapacity(n) } }
                    SurfaceWalk.walkBackend(backend, &p)
                }
            }
        }
        add(
            "FlingNative.NativeBackend.setWalls(_:of:)", "FlingCore.Wall.init(from:to:radius:elasticity:friction:)",
            "FlingCore.Wall.description", "FlingCore.Wall.edges(of:radius:elasticity:friction:)",
            "FlingCore.ItemProperties.init(elasticity:friction:resistance:angularResistance:charge:)",
            "FlingCore.ItemProperties.description", "FlingCore.Push.uikit(angle:magnitude:offset:)", "FlingCore.Push.description",
            "FlingCore.StaticPivot.init(anchor:localAnchor:maxForce:maxBias:errorBias:)", "FlingCore.StaticPivot.description",
            "FlingCore.StaticGear.init(phase:ratio:maxForce:maxBias:errorBias:)", "FlingCore.StaticGear.description",
            "FlingCore.Field.init(_:position:region:inverted:strength:falloff:minimumRadius:seed:)", "FlingCore.Field.description",
            "FlingCore.ForceID.description", "FlingCore.JointID.description", "FlingCore.Wall.Contact.description",
            "FlingNative.NativeBackend.setItemProperties(_:of:)",
            "FlingNative.NativeBackend.applyImpulse(_:to:)", "FlingNative.NativeBackend.addForce(_:to:)",
            "FlingNative.NativeBackend.removeForce(_:from:)", "FlingNative.NativeBackend.setFields(_:of:)",
            "FlingNative.NativeBackend.contacts(of:)", "FlingNative.NativeBackend.addPivot(_:to:)",
            "FlingNative.NativeBackend.addGear(_:to:)", "FlingNative.NativeBackend.removeJoint(_:from:)"
        ) { p in
            for arithmetic in [Arithmetic.platform, .portable] {
                guard let backend = try? NativeBackend(arithmetic: arithmetic) else { continue }
                SurfaceWalk.walkDynamics(backend, &p)
            }
        }
        #if Chipmunk
        add(
            "FlingChipmunk.ChipmunkBackend.setWalls(_:of:)", "FlingChipmunk.ChipmunkBackend.setItemProperties(_:of:)",
            "FlingChipmunk.ChipmunkBackend.applyImpulse(_:to:)", "FlingChipmunk.ChipmunkBackend.addForce(_:to:)",
            "FlingChipmunk.ChipmunkBackend.removeForce(_:from:)", "FlingChipmunk.ChipmunkBackend.setFields(_:of:)",
            "FlingChipmunk.ChipmunkBackend.contacts(of:)", "FlingChipmunk.ChipmunkBackend.addPivot(_:to:)",
            "FlingChipmunk.ChipmunkBackend.addGear(_:to:)", "FlingChipmunk.ChipmunkBackend.removeJoint(_:from:)"
        ) { p in
            for layout in [ChipmunkBackend.Layout.spacePerWorld, .sharedSpace] {
                guard let backend = try? ChipmunkBackend(layout: layout) else { continue }
                SurfaceWalk.walkDynamics(backend, &p)
            }
        }
        add(
            "FlingChipmunk.ChipmunkBackend.init(layout:solverIterations:)", "FlingChipmunk.ChipmunkBackend.name",
            "FlingChipmunk.ChipmunkBackend.worldCount", "FlingChipmunk.ChipmunkBackend.makeWorld(_:)",
            "FlingChipmunk.ChipmunkBackend.destroyWorld(_:)", "FlingChipmunk.ChipmunkBackend.addDrag(_:to:)",
            "FlingChipmunk.ChipmunkBackend.moveDrag(_:in:to:velocity:)", "FlingChipmunk.ChipmunkBackend.removeDrag(_:from:)",
            "FlingChipmunk.ChipmunkBackend.attachAttraction(_:to:)", "FlingChipmunk.ChipmunkBackend.detachAttraction(from:)",
            "FlingChipmunk.ChipmunkBackend.setGravity(of:_:)", "FlingChipmunk.ChipmunkBackend.setDamping(of:_:)",
            "FlingChipmunk.ChipmunkBackend.setVelocity(of:linear:angular:)", "FlingChipmunk.ChipmunkBackend.step(by:)",
            "FlingChipmunk.ChipmunkBackend.state(of:)"
        ) { p in
            for layout in [ChipmunkBackend.Layout.spacePerWorld, .sharedSpace] {
                for n in Hostile.ints { p.call { () throws(FlingError) in try ChipmunkBackend(layout: layout, solverIterations: n) } }
                guard let backend = try? ChipmunkBackend(layout: layout) else { continue }
                SurfaceWalk.walkBackend(backend, &p)
            }
        }
        #endif
    }

    mutating func registerUmbrella() {
        add(
            "Fling.BackendKind.init(rawValue:)", "Fling.BackendKind.description", "Fling.BackendKind.arithmetic",
            "Fling.BackendKind.available", "Fling.BackendKind.default", "Fling.BackendKind.make(solverIterations:)"
        ) { p in
            for s in Hostile.strings + BackendKind.allCases.map(\.rawValue) { p.count { BackendKind(rawValue: s)?.description } }
            p.count { (BackendKind.available, BackendKind.default) }
            for kind in BackendKind.allCases {
                p.count { kind.arithmetic }
                for n in Hostile.ints { p.call { () throws(FlingError) in try kind.make(solverIterations: n) } }
            }
        }
        add(
            "Fling.Vector.init(_:)", "Fling.Vector.cgPoint", "Fling.Vector.cgSize", "Fling.Rect.init(_:)", "Fling.Rect.cgRect",
            "Fling.Transform.cgPosition"
        ) { p in
            for v in Hostile.vectors {
                p.count { Vector(CGPoint(x: v.x, y: v.y)) }; p.count { Vector(CGSize(width: v.x, height: v.y)) }
                p.count { (v.cgPoint, v.cgSize, Transform(position: v).cgPosition) }
                p.count { Rect(CGRect(x: v.x, y: v.y, width: v.y, height: v.x)).cgRect }
            }
        }
        add(
            "Fling.TileDefinition.init(id:frame:mass:)",
            "Fling.TileAnimator.init(viewport:tiles:configuration:backend:timeOrigin:)"
        ) { p in
            for v in varied([0, 0, 100, 100, 1]) {
                let frame = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
                p.count { TouchEvent(time: v[4], touch: 1, phase: .began, location: CGPoint(x: v[0], y: v[1]), item: 1) }
                p.count { TileDefinition(id: 1, frame: frame, mass: v[4]) }
                p.callAny("TileAnimator(viewport: CGRect)") {
                    try TileAnimator(
                        viewport: frame, tiles: [TileDefinition(id: 1, frame: frame, mass: v[4])], backend: try NativeBackend(),
                        timeOrigin: v[4])
                }
            }
        }
    }
}
#endif
