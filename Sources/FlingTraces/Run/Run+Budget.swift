// What a kept-frames comparison (`fling diff`) may cost: it holds every frame's state of every
// item of both runs, so its time and memory grow with the document's work (frames × items).
// The limit keeps a comparison's frames within about 2 GB; .ci/bounded-check runs documents at
// and past it. (The replay page's budget is FlingView's `ReplayPage.budget`.)
import FlingCore

extension Run {
    /// The largest document two runs are compared for frame by frame (`fling diff`): work at
    /// most 5,000,000 frames × items.
    static let comparisonBudget = WorkBudget("Run.comparisonBudget", unit: "frames × items", limit: 5e6)

    /// Throws `overBudget` unless `document`'s work fits ``comparisonBudget``.
    package static func checkComparison(of document: any FlingDocument, _ options: ReplayOptions) throws(FlingError) {
        try comparisonBudget.check(document.work(options).amount, "\(type(of: document).kind.name) comparison")
    }
}
