import Fling
@testable import FlingTraces
import Testing

/// Replays `trace` on `kind` and expects the digests it pins (compared, not skipped). When they
/// differ and a folder is named (`FLING_VIEW_DIR=/tmp/pages swift test`, or `folder`), it writes
/// the replay page there, `name.html`: the run against `reference`'s run when one is given
/// (the page opens at their first divergence and names it), the run alone otherwise; the
/// failure says where the page is.
@discardableResult
func checkPinnedReplay(
    _ trace: Trace, name: String, on kind: BackendKind = .nativePortable, reference: Trace? = nil,
    folder: String? = ReplayPage.requestedFolder, sourceLocation: SourceLocation = #_sourceLocation
) throws -> (replay: TraceReplay, page: String?) {
    let replay = try TraceReplayer(trace).replay { n throws(FlingError) in try kind.make(solverIterations: n) }
    #expect(replay.comparedPins, "\(name) on \(kind): no pin was compared", sourceLocation: sourceLocation)
    guard !replay.mismatches.isEmpty else { return (replay, nil) }
    var page: String?
    if folder != nil {
        let make = { (n: Int) throws(FlingError) -> any PhysicsBackend in try kind.make(solverIterations: n) }
        let run = try FlingTraces.Run.adapting(trace, title: name, makeBackend: make)
        let view =
            try reference.map {
                ReplayPage(
                    comparing: try FlingTraces.Run.adapting($0, title: "\(name) reference", makeBackend: make), with: run,
                    labels: ["reference", name])
            }
            ?? ReplayPage(run)
        page = try view.save(name: "\(name)-\(kind)", in: folder)
    }
    let where_ = page.map { "; replay page: \($0)" } ?? "; set \(ReplayPage.folderVariable) to a folder for a replay page"
    Issue.record("\(name) on \(kind) differs from its pins: \(replay.mismatches)\(where_)", sourceLocation: sourceLocation)
    return (replay, page)
}
