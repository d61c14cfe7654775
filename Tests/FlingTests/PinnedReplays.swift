import Fling
import FlingTraces
@testable import FlingView
import Testing

/// Replays `document` on `kind` and expects its pins to hold (compared, not skipped:
/// `verify()`). When they do not and a folder is named (`FLING_VIEW_DIR=/tmp/pages swift test`,
/// or `folder`), it writes the replay page there, `<name>-<backend>.html`: the run against
/// `reference`'s run when one is given (the page opens at their first divergence and names
/// it), the run alone otherwise; the recorded failure says where the page is.
@discardableResult
func checkPinnedReplay(
    _ document: any FlingDocument, name: String, on kind: BackendKind = .nativePortable, reference: (any FlingDocument)? = nil,
    folder: String? = ReplayPage.requestedFolder, sourceLocation: SourceLocation = #_sourceLocation
) throws -> (replay: DocumentReplay, page: String?) {
    let options = ReplayOptions(makeBackend: { n throws(FlingError) in try kind.make(solverIterations: n) }, keepsSteps: true)
    let replay = try document.play(options, title: name)
    do {
        try replay.verify()
        return (replay, nil)
    } catch {
        var page: String?
        if folder != nil {
            let view = try reference.map { ReplayPage(comparing: try $0.play(options, title: "reference").run, with: replay.run) }
            page = try (view ?? ReplayPage(replay.run)).save(name: "\(name)-\(kind)", in: folder)
        }
        let where_ = page.map { "; replay page: \($0)" } ?? "; set \(ReplayPage.folderVariable) to a folder for a replay page"
        Issue.record("\(name) on \(kind): \(error)\(where_)", sourceLocation: sourceLocation)
        return (replay, page)
    }
}
