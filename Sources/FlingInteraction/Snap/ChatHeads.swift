// Facebook's chat heads as a configuration of the snap policy: the heads and the panel are
// snap items, and the open/close behaviour is a set of scene rules run after every tick from
// that tick's events (events in, commands out: sends and the panel's scale, applied by the
// kernel), so that a replay of the touches alone repeats it. How the heads travel is one
// member (a spring or keyframes, as a snap item's motion); the panel's spring is its own.
import FlingCore
import FlingCurves

extension ChatHeads {
    /// Facebook's chat heads as a configuration of the ``SnapAnimator``.
    ///
    /// Heads are circles that rest on the left or right screen edge, `outside` of their diameter
    /// past it, at a height clamped into the safe band. A touch scales a head to
    /// ``pressedScale`` and brings it to the front; the first move or the release springs it back
    /// to 1 with a bounce. A press (lifted within ``SnapConfiguration/tapSlop`` and
    /// ``SnapConfiguration/tapDuration``) opens the conversation: the pressed head goes to the top
    /// right, the others line up to its left, and the panel springs in below (``panelSpring``); a
    /// second press on a head, or a press outside the heads and the panel, sends every head back to
    /// where it rested and the panel away.
    public struct Configuration: Hashable, Sendable {
        /// The screen, in points.
        public var screen: Rect
        /// The band heads may rest in, in points of y (the safe area). Default the whole screen.
        public var safeBand: ClosedRange<Double>
        /// A head's diameter, in points. Default 60.
        public var diameter: Double = 60
        /// The fraction of a resting head's diameter past the screen edge. Default 0.2.
        public var outside: Double = 0.2
        /// The scale a touched head springs to. Default 0.9.
        public var pressedScale: Double = 0.9
        /// How the heads travel. Default a spring of SwiftUI response 0.5 s, damping fraction 0.6:
        /// `.spring(SpringTuning(frequency: 2, dampingRatio: 0.6))`. The ChatHeads demo's:
        /// SKBounceAnimation keyframes (``BounceCurve``, 1.2 s), or its first bounce
        /// (``BounceCurve/chatHeadsFirstBounce``).
        public var motion: SnapItem.Motion = .spring(SpringTuning(frequency: 2, dampingRatio: 0.6))
        /// The panel's spring, on which it comes in below the heads and goes (``ChatHeads/Layout/row``).
        /// Default the heads' default: `SpringTuning(frequency: 2, dampingRatio: 0.6)`.
        public var panelSpring = SpringTuning(frequency: 2, dampingRatio: 0.6)
        /// Gap between heads lined up at the top, and from the screen's edges, in points. Default 8.
        public var spacing: Double = 8
        /// The panel's height, in points. Default 400.
        public var panelHeight: Double = 400
        /// What a press opens. Default ``ChatHeads/Layout/row``.
        public var layout: ChatHeads.Layout = .row

        /// Without a safe band, the screen's top to its bottom (a screen whose bottom is not below
        /// its top, or NaN, gives the empty band at its top, or at 0: forming the range would trap,
        /// and ``ChatHeads`` refuses such a screen anyway).
        public init(screen: Rect, safeBand: ClosedRange<Double>? = nil) {
            self.screen = screen
            let top = screen.minY, bottom = screen.maxY
            self.safeBand = safeBand ?? (top <= bottom ? top...bottom : top.isNaN ? 0...0 : top...top)
        }

        /// Where a head may rest.
        public var restingPlaces: SnapItem.RestingPlaces {
            let r = diameter / 2, past = outside * diameter
            return .sideEdges(
                left: screen.minX + r - past, right: screen.maxX - r + past,
                minY: safeBand.lowerBound + r, maxY: max(safeBand.lowerBound + r, safeBand.upperBound - r))
        }

        /// The center of the conversation area: the top strip of the safe band, a head tall.
        var conversationCenter: Vector { Vector(screen.center.x, safeBand.lowerBound + diameter / 2) }

        /// The `n`th slot of the open row (0 the pressed head's, top right).
        func slot(_ n: Int) -> Vector {
            let r = diameter / 2
            return Vector(screen.maxX - spacing - r - Double(n) * (diameter + spacing), safeBand.lowerBound + spacing + r)
        }

        /// The panel's center when shown, and when hidden (below the screen).
        var panelShown: Vector { Vector(screen.center.x, safeBand.lowerBound + 2 * spacing + diameter + panelHeight / 2) }
        var panelHidden: Vector { Vector(screen.center.x, screen.maxY + panelHeight / 2 + spacing) }
        var panelWidth: Double { screen.width - 2 * spacing }
    }

    /// What a press on a head opens.
    public enum Layout: String, Hashable, Sendable, CaseIterable {
        /// Fling's: the pressed head goes to the top right and the others line up to its left; the
        /// panel springs in below them; a second press on a head, or one outside the heads and
        /// the panel, sends every head back.
        case row
        /// The ChatHeads demo's: the pressed head goes to the center of the conversation area (the
        /// top strip of the safe band, a head tall) and the others stay; the panel, the rest of the
        /// safe band below that strip (``ChatHeads/Configuration/panelHeight``, full width less twice
        /// the spacing), grows from its top middle, scale 0 to 1.1 and back to 1 (0.3 s each, ease
        /// in and out), and shrinks to 0 in 0.3 s when it closes; a head dragged away while open
        /// goes back there; a press on a head closes (the open head goes back to where it rested),
        /// a press elsewhere does nothing.
        case conversation
    }

    /// What chat heads report besides the snap events.
    public enum Event: Hashable, Sendable {
        /// The conversation opened for `head` (the pressed one).
        case opened(head: SnapItem.ID, tick: Int)
        /// Every head went back.
        case closed(tick: Int)
    }
}

/// A set of chat heads over one ``SnapAnimator``; several heads, one finger each.
public final class ChatHeads {
    /// The configuration the heads were made with.
    public let configuration: ChatHeads.Configuration
    /// The snap animator the heads and the panel move on (its `onTick` and `onEvent`, its
    /// snapshot).
    public let animator: SnapAnimator
    /// The heads' ids, in order.
    let heads: [SnapItem.ID]
    /// The panel's item id (one more than the greatest head id): not draggable.
    let panel: SnapItem.ID
    /// The head the conversation is open for, if any.
    private(set) var openHead: SnapItem.ID?
    /// Where each head rested when the conversation opened (heads order).
    var restingCenters: [Vector] = []
    /// Where each head last came to rest while closed (heads order): a pressed head's home
    /// (its release within the slop retargets it by a few points).
    var lastRest: [Vector]
    var ruleEvents: [ChatHeads.Event] = []

    /// - Parameter heads: ids and resting centers.
    public init(
        heads: [(id: SnapItem.ID, center: Vector)], configuration: ChatHeads.Configuration,
        snap: SnapConfiguration = .init(), backend: any PhysicsBackend, timeOrigin: Double = 0
    ) throws(FlingError) {
        try Check.viewport(configuration.screen, "ChatHeads.Configuration.screen")
        try Check.range(configuration.diameter, Limits.size, "ChatHeads.Configuration.diameter")
        try Check.range(configuration.outside, 0...1, "ChatHeads.Configuration.outside")
        try Check.range(configuration.spacing, 0...Limits.coordinate, "ChatHeads.Configuration.spacing")
        try Check.range(configuration.panelHeight, Limits.size, "ChatHeads.Configuration.panelHeight")
        try Check.range(configuration.safeBand.lowerBound, -Limits.coordinate...Limits.coordinate, "ChatHeads.Configuration.safeBand")
        try Check.range(configuration.safeBand.upperBound, -Limits.coordinate...Limits.coordinate, "ChatHeads.Configuration.safeBand")
        guard let top = heads.map(\.id).max() else {
            throw FlingError(.malformedInput, field: "ChatHeads.heads", value: "[]", reason: "needs at least one head")
        }
        guard top.rawValue < Int.max else {
            throw FlingError(
                .outOfRange, field: "ChatHeads.heads.id", value: "\(top.rawValue)",
                reason: "must be below Int.max: the panel takes the id after the greatest head's")
        }
        self.configuration = configuration
        self.heads = heads.map(\.id)
        self.panel = SnapItem.ID(top.rawValue + 1)
        self.lastRest = heads.map(\.center)
        var items = heads.map { head in
            SnapItem(
                id: head.id, center: head.center, width: configuration.diameter, height: configuration.diameter,
                shape: .circle, restingPlaces: configuration.restingPlaces, motion: configuration.motion,
                pressedScale: configuration.pressedScale)
        }
        // The row's panel slides in from below; the conversation's stays where it shows, at scale 0.
        let panelRest = configuration.layout == .row ? configuration.panelHidden : configuration.panelShown
        items.append(
            SnapItem(
                id: panel, center: panelRest, width: configuration.panelWidth, height: configuration.panelHeight,
                restingPlaces: .points([panelRest]), motion: .spring(configuration.panelSpring), isDraggable: false))
        animator = try SnapAnimator(items: items, configuration: snap, backend: backend, timeOrigin: timeOrigin)
        if configuration.layout == .conversation { try animator.setScale(of: panel, to: 0) }
        animator.sceneRules = self
    }

    /// The panel's frame now: below the screen while closed (the row), or scaled about its top
    /// middle (the conversation: zero-sized while closed).
    public var panelFrame: Rect {
        let s = try? animator.state(of: panel)
        let c = s?.state.position ?? configuration.panelHidden
        let w = configuration.panelWidth, h = configuration.panelHeight
        guard configuration.layout == .conversation else { return Rect(center: c, width: w, height: h) }
        let scale = s?.scale ?? 0
        return Rect(x: c.x - w * scale / 2, y: c.y - h / 2, width: w * scale, height: h * scale)
    }

    /// The heads from back to front.
    public var zOrder: [SnapItem.ID] { animator.zOrder.filter { $0 != panel } }

    public func handle(_ event: TouchEvent) throws(FlingError) { try animator.handle(event) }

    /// Advances the animator (`SnapAnimator/advance(to:)`) and returns the snap events and
    /// the heads' own.
    @discardableResult
    public func advance(to time: Double) throws(FlingError) -> (snap: [SnapEvent], heads: [ChatHeads.Event]) {
        ruleEvents.removeAll()
        let snap = try animator.advance(to: time)
        return (snap, ruleEvents)
    }

    /// Takes `other`'s rules' own state (the open head, where the heads rested), which an
    /// animator's snapshot does not hold: with ``SnapAnimator/restore(_:)`` of `other`'s
    /// animator's snapshot, these heads continue as `other` would.
    public func adoptState(of other: ChatHeads) {
        openHead = other.openHead
        restingCenters = other.restingCenters
        lastRest = other.lastRest
    }

    func contains(_ r: Rect, _ p: Vector) -> Bool { p.x >= r.minX && p.x <= r.maxX && p.y >= r.minY && p.y <= r.maxY }

    /// The index of item `id` among `items` (which hold every head and the panel).
    func index(_ id: SnapItem.ID, _ items: ItemTable<SnapPolicy>) -> Int { items.items.firstIndex { $0.id == id }! }

    func open(_ head: SnapItem.ID, tick k: Int, _ items: ItemTable<SnapPolicy>, _ commands: inout [SceneCommand<SnapPolicy>]) {
        restingCenters = []
        for (n, id) in heads.enumerated() {
            // The pressed head goes home to where it rested; another still in flight to where
            // it was going.
            let i = index(id, items)
            restingCenters.append(id == head || items.phases[i] == .resting ? lastRest[n] : items.memories[i].target)
        }
        switch configuration.layout {
        case .row:
            commands.append(.input(.send(head, configuration.slot(0))))
            var n = 1
            for id in heads where id != head {
                commands.append(.input(.send(id, configuration.slot(n))))
                n += 1
            }
            commands.append(.input(.send(panel, configuration.panelShown)))
        case .conversation:
            commands.append(.input(.send(head, configuration.conversationCenter)))
            animatePanel(Self.panelOpening, tick: k, items, &commands)
        }
        openHead = head
        ruleEvents.append(.opened(head: head, tick: k))
    }

    func close(tick k: Int, _ items: ItemTable<SnapPolicy>, _ commands: inout [SceneCommand<SnapPolicy>]) {
        switch configuration.layout {
        case .row:
            for (id, center) in zip(heads, restingCenters) { commands.append(.input(.send(id, center))) }
            commands.append(.input(.send(panel, configuration.panelHidden)))
        case .conversation:
            if let open = openHead, let n = heads.firstIndex(of: open) { commands.append(.input(.send(open, restingCenters[n]))) }
            animatePanel(Self.panelClosing, tick: k, items, &commands)
        }
        openHead = nil
        ruleEvents.append(.closed(tick: k))
    }

    /// The panel's scale run along `keyframes` from tick `k`.
    func animatePanel(
        _ keyframes: BounceCurve.Keyframes<Double>, tick k: Int, _ items: ItemTable<SnapPolicy>,
        _ commands: inout [SceneCommand<SnapPolicy>]
    ) {
        let i = index(panel, items)
        var memory = items.memories[i]
        SnapPolicy.animateScale(&memory, keyframes, tick: k)
        commands.append(.memory(index: i, memory))
    }

    /// The demo's conversation view appearing: `UIView` animations, ease in and out, to scale
    /// 1.1 in 0.3 s, then (its completion) to 1 in 0.3 s.
    static let panelOpening = BounceCurve.Keyframes<Double>(
        values: [0, 1.1, 1], keyTimes: [0, 0.5, 1], timingFunctions: [.easeInEaseOut, .easeInEaseOut], duration: 0.6,
        finalValue: 1)
    /// Going: to scale 0 in 0.3 s, ease in and out.
    static let panelClosing = BounceCurve.Keyframes<Double>(
        values: [1, 0], keyTimes: [0, 1], timingFunctions: [.easeInEaseOut], duration: 0.3, finalValue: 0)
}

extension ChatHeads: SceneRules {
    /// The heads' rules, run at the end of every tick.
    func afterTick(_ k: Int, events: ArraySlice<SnapEvent>, items: ItemTable<SnapPolicy>, commands: inout [SceneCommand<SnapPolicy>]) {
        for event in events {
            if openHead == nil, case .settled(let at) = event.kind, let id = event.item, let n = heads.firstIndex(of: id) {
                lastRest[n] = at
            }
            // The conversation's open head, dragged away and let go (not a press): back to the top.
            if configuration.layout == .conversation, case .released = event.kind, let head = event.item, head == openHead,
                !events.contains(where: { $0.item == head && $0.isTap })
            {
                commands.append(.input(.send(head, configuration.conversationCenter)))
            }
            guard case .tapped(_, let at) = event.kind else { continue }
            if let head = event.item, heads.contains(head) {
                if openHead == nil { open(head, tick: k, items, &commands) } else { close(tick: k, items, &commands) }
            } else if openHead != nil, configuration.layout == .row, !contains(panelFrame, at) {
                close(tick: k, items, &commands)
            }
        }
    }
}

extension SnapEvent {
    /// Whether it is a press (``SnapEvent/Kind/tapped(touch:at:)``).
    var isTap: Bool { if case .tapped = kind { true } else { false } }
}
