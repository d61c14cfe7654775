// Which backend a run must equal bit for bit: its peer, another implementation of the same
// arithmetic (Chipmunk and `native`, each the other's). A backend protocol, here with the others,
// so that the umbrella module, which alone knows both backends, conforms them without importing
// the recordings that compare the runs (FlingTraces' RunComparison.swift).

/// A backend of the package whose runs another backend of its arithmetic must equal bit for bit.
/// The umbrella module conforms Chipmunk (peer: `native`) and `native` (peer: Chipmunk, when the
/// build has it); a backend that is not one has no peer, and its run is not compared.
package protocol PeerBackend: PhysicsBackend {
    /// A fresh backend of this one's arithmetic and another implementation, with
    /// `solverIterations`; nil when this build has none (``missingPeer`` says why).
    func makePeer(solverIterations: Int) throws(FlingError) -> (any PhysicsBackend)?
    /// Why ``makePeer(solverIterations:)`` gives nil.
    var missingPeer: String { get }
}
