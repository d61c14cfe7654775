import FlingCore
import FlingInteraction
import FlingScenes

/// The work a scene document asks for, measured before it runs: the number of samples times
/// the most items a sample can hold (bubbles or clouds alive at once, copies of the sky image),
/// or, for a snap scene, its ticks and samples times its items. Each kind has one budget; a
/// document over it is refused (`overBudget`) naming the budget and the document's figure.
/// The bounds are upper bounds from the configuration alone (no replay needed), tight enough
/// that the shipped scenes sit far below them.
extension SceneTrace {
    /// Bubbles: samples × the most bubbles alive at once.
    public static let bubbleBudget = WorkBudget("SceneTrace.bubbleBudget", unit: "samples × live bubbles", limit: 1e7)
    /// Clouds: samples × the most clouds in the sky at once.
    public static let cloudBudget = WorkBudget("SceneTrace.cloudBudget", unit: "samples × live clouds", limit: 2e7)
    /// The day-night picker: samples × copies of the sky image per sample.
    public static let dayNightBudget = WorkBudget("SceneTrace.dayNightBudget", unit: "samples × sky copies", limit: 2e7)
    /// Chat heads and the sun switch: (physics ticks + samples) × items (heads and the panel,
    /// or the knob).
    public static let snapBudget = WorkBudget("SceneTrace.snapBudget", unit: "(ticks + samples) × items", limit: 1e7)

    /// The document's work and the budget it must stay within.
    package var work: (figure: Double, budget: WorkBudget) {
        let samples = Double(sampling.count)
        switch scene {
        case .bubbles(let c, _, let taps):
            // A bubble lives from its emission to the end of its pop: at most `life` seconds.
            let life = c.duration.upperBound + c.popDuration
            var live = Double(Self.mostWithin(life, of: taps))
            if let interval = c.interval {
                let made = (sampling.duration / interval.lowerBound).rounded(.down) + 1
                live += min(made, (life / interval.lowerBound).rounded(.down) + 1)
            }
            return (samples * live, Self.bubbleBudget)
        case .clouds(let c, _):
            // A cloud crosses the view and its own width at its speed.
            let widest = c.variants.map(\.x).max() ?? 0
            let crossing = (c.viewWidth + widest) / c.speed.lowerBound
            let made = (sampling.duration / c.interval.lowerBound).rounded(.down) + 1
            return (samples * min(made, (crossing / c.interval.lowerBound).rounded(.down) + 1), Self.cloudBudget)
        case .dayNight(let c, _, _):
            return (samples * DayNightPicker.skyCopies(c), Self.dayNightBudget)
        case .chatHeads(_, let heads, _):
            return ((ticks + samples) * Double(heads.count + 1), Self.snapBudget)
        case .sunSwitch:
            return (ticks + samples, Self.snapBudget)
        }
    }

    /// The physics ticks a snap scene steps over its duration.
    var ticks: Double { (sampling.duration / SnapConfiguration().tick).rounded(.down) + 1 }

    /// The most of `times` (never decreasing) within any half-open window `window` long.
    static func mostWithin(_ window: Double, of times: [Double]) -> Int {
        var most = 0, first = 0
        for (k, t) in times.enumerated() {
            while first < k, !(times[first] > t - window) { first += 1 }
            most = max(most, k - first + 1)
        }
        return most
    }

    /// Throws `overBudget` when ``work`` exceeds its budget.
    func checkWork() throws(FlingError) {
        let (figure, budget) = work
        try budget.check(figure, "sampling")
    }
}
