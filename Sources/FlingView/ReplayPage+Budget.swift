// What a replay page may cost. It holds every frame's state of every item (it writes them out
// as JSON, about 70 bytes each, and holds them while it does), so its time and memory grow with
// the document's work: frames × items for traces and scenes, frames × segments or items for
// paths. The limit keeps the largest page near 150 MB and its making within seconds;
// .ci/bounded-check runs documents at and past it.
import FlingCore
import FlingTraces

extension ReplayPage {
    /// The largest document a page is made for: its work (``FlingDocument/work(_:)``, frames ×
    /// items) at most 2,000,000 (a 10-minute session of 55 tiles moving at 60 Hz).
    static let budget = WorkBudget("ReplayPage.budget", unit: "frames × items", limit: 2e6)

    /// Throws `overBudget` unless `document`'s work (`FlingDocument.work(_:)` with `options`)
    /// fits the page's budget, 2,000,000 frames × items (a 10-minute session of 55 tiles moving
    /// at 60 Hz): call it before the replay whose run the page shows, which keeps every frame.
    public static func validateWork(of document: any FlingDocument, _ options: ReplayOptions) throws(FlingError) {
        try budget.check(document.work(options).amount, "\(type(of: document).kind.name) page")
    }
}
