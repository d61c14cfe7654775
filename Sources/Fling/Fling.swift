@_exported import FlingCore
@_exported import FlingCurves
@_exported import FlingInteraction
@_exported import FlingNative
#if Chipmunk
import FlingChipmunk
#endif

/// The backends this build of Fling has, by name.
public enum BackendKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `ChipmunkBackend` with one `cpSpace` per world. Only with the `Chipmunk` trait.
    case chipmunk
    /// `ChipmunkBackend` with every world in one shared `cpSpace`. Only with the `Chipmunk` trait.
    case chipmunkShared = "chipmunk-shared"
    /// ``NativeBackend`` with platform arithmetic: equal to Chipmunk, bit for bit, on this machine.
    case native
    /// ``NativeBackend`` with portable arithmetic: the same bits on every machine. What pinned
    /// digests are made with.
    case nativePortable = "native-portable"

    /// Chipmunk when this build has it (the default `Chipmunk` trait), native otherwise.
    public static var `default`: BackendKind {
        #if Chipmunk
        return .chipmunk
        #else
        return .native
        #endif
    }

    /// The kinds this build can make.
    public static var available: [BackendKind] {
        #if Chipmunk
        return [.chipmunk, .chipmunkShared, .native, .nativePortable]
        #else
        return [.native, .nativePortable]
        #endif
    }

    public var description: String { rawValue }

    /// The arithmetic its step uses: ``Arithmetic/portable`` for `nativePortable` (the same bits
    /// on every machine), ``Arithmetic/platform`` for the others.
    public var arithmetic: Arithmetic { self == .nativePortable ? .portable : .platform }

    /// Makes a fresh backend of this kind: every built-in one adopts ``DynamicsBackend``.
    public func make(solverIterations: Int = 10) throws(FlingError) -> any DynamicsBackend {
        switch self {
        case .native:
            return try NativeBackend(solverIterations: solverIterations)
        case .nativePortable:
            return try NativeBackend(solverIterations: solverIterations, arithmetic: .portable)
        case .chipmunk, .chipmunkShared:
            #if Chipmunk
            return try ChipmunkBackend(
                layout: self == .chipmunk ? .spacePerWorld : .sharedSpace, solverIterations: solverIterations)
            #else
            throw FlingError(
                .invalidState, field: "BackendKind", value: rawValue,
                reason: "this build of Fling has no Chipmunk backend (the Chipmunk trait is off)")
            #endif
        }
    }
}

// The peers a replay's run is compared with where its pins were checked on a reference run
// (FlingTraces' RunComparison.swift): the two backends of platform arithmetic, each the other's.
// Only this module knows both; the protocol is FlingCore's.

extension NativeBackend: PeerBackend {
    package func makePeer(solverIterations: Int) throws(FlingError) -> (any PhysicsBackend)? {
        guard arithmetic == .platform else { return nil }
        #if Chipmunk
        return try ChipmunkBackend(solverIterations: solverIterations)
        #else
        return nil
        #endif
    }

    package var missingPeer: String {
        arithmetic == .portable
            ? "no other backend computes with portable arithmetic"
            : "this build of Fling has no Chipmunk backend (the Chipmunk trait is off), native's only peer of platform arithmetic"
    }
}

#if Chipmunk
extension ChipmunkBackend: PeerBackend {
    package func makePeer(solverIterations: Int) throws(FlingError) -> (any PhysicsBackend)? {
        try NativeBackend(solverIterations: solverIterations)
    }

    package var missingPeer: String { "" }
}
#endif
