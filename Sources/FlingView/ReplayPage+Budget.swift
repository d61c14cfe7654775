// What a replay page and a kept-frames comparison may cost. Both hold every frame's state of
// every item (a page writes them out as JSON, about 70 bytes each, and holds them while it
// does), so their time and memory grow with the document's work: frames × items for traces and
// scenes, frames × segments or items for paths. The limits keep the largest page near 150 MB
// and its making within seconds, and a comparison's frames within about 2 GB; .ci/bounded-check
// runs documents at and past them.
import FlingCore

extension ReplayPage {
    /// The largest document a page is made for: its work (``FlingDocument/work(_:)``, frames ×
    /// items) at most 2,000,000 (a 10-minute session of 55 tiles moving at 60 Hz).
    public static let budget = WorkBudget("ReplayPage.budget", unit: "frames × items", limit: 2e6)

    /// Throws `overBudget` unless `document`'s work fits ``budget``: checked before the replay
    /// that keeps the page's frames.
    package static func checkWork(of document: any FlingDocument, _ options: ReplayOptions) throws(FlingError) {
        try budget.check(document.work(options).amount, "\(type(of: document).kind.name) page")
    }
}

extension Run {
    /// The largest document two runs are compared for frame by frame (`fling diff`): work at
    /// most 5,000,000 frames × items.
    public static let comparisonBudget = WorkBudget("Run.comparisonBudget", unit: "frames × items", limit: 5e6)

    /// Throws `overBudget` unless `document`'s work fits ``comparisonBudget``.
    package static func checkComparison(of document: any FlingDocument, _ options: ReplayOptions) throws(FlingError) {
        try comparisonBudget.check(document.work(options).amount, "\(type(of: document).kind.name) comparison")
    }
}
