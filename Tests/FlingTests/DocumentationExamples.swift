import Fling
import Foundation
import Testing

// Every code example of README.md and of the DocC catalog (Sources/Fling/Fling.docc), compiled
// here and run, so none can rot. `documentationQuotesTheseExamples` checks that each example in
// the documents appears in this file line for line (indentation aside). Manifest fragments
// ("// Package.swift") are checked by .ci/client-check, which builds a client package with them.

// Stand-ins for UIKit, so the app-side examples compile and run on Linux.
private final class Layer {
    var position = CGPoint.zero
    var transform: CGAffineTransformStandIn?
    func setAffineTransform(_ t: CGAffineTransformStandIn) { transform = t }
}
private final class View {
    var bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    var frame: CGRect
    let layer = Layer()
    var isHidden = false
    init(frame: CGRect) { self.frame = frame }
}
private struct Touch {
    var timestamp: Double
    var point: CGPoint
    func location(in view: View) -> CGPoint { point }
}
private struct DisplayLink { var timestamp: Double }
private func CACurrentMediaTime() -> Double { 1000 }
#if canImport(CoreGraphics)
private typealias CGAffineTransformStandIn = CGAffineTransform
#else
private struct CGAffineTransformStandIn { var angle: Double; init(rotationAngle: Double) { angle = rotationAngle } }
private typealias CGAffineTransform = CGAffineTransformStandIn
#endif

@Suite struct DocumentationExamples {
    /// README, "Using it".
    @Test func usingIt() throws {
        let view = View(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let tileView = View(frame: CGRect(x: 115, y: 342, width: 160, height: 160))
        let touch = Touch(timestamp: 1000.05, point: CGPoint(x: 200, y: 430))
        let link = DisplayLink(timestamp: 1000.1)
        // --- the README's lines:
        let animator = try TileAnimator(viewport: view.bounds, tiles: [TileDefinition(id: 1, frame: tileView.frame)],
                                        backend: BackendKind.default.make(), timeOrigin: CACurrentMediaTime())
        animator.onEvent = { event in if event.kind == .culled { tileView.isHidden = true } }
        try animator.handle(TouchEvent(time: touch.timestamp - 0.05, touch: 1, phase: .began, location: touch.location(in: view)))

        // In the touch handlers, with UIKit's own timestamps and locations (.began, .moved, .ended):
        try animator.handle(TouchEvent(time: touch.timestamp, touch: 1, phase: .moved, location: touch.location(in: view)))

        // On every display frame:
        try animator.advance(to: link.timestamp)
        let pose = try animator.drawnTransform(of: 1)    // interpolated between the last two ticks
        tileView.layer.position = pose.cgPosition
        tileView.layer.setAffineTransform(CGAffineTransform(rotationAngle: pose.angle))
        // --- and what they did:
        #expect(try animator.snapshot(of: 1).phase == .held(by: 1))
        #expect(tileView.layer.position != .zero && !tileView.isHidden)
    }

    /// README, "Traces".
    @Test func traces() throws {
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: NativeBackend())
        // In the app: record everything the animator applies (touches, resets, added and removed tiles).
        let recorder = try TraceRecorder(recording: animator)      // a fresh animator
        // ... use the animator as usual ...
        try animator.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422)))
        try animator.handle(TouchEvent(time: 0.1, touch: 1, phase: .ended, position: Vector(195, 422)))
        for frame in 1...60 { try animator.advance(to: Double(frame) / 60) }
        let json = try recorder.trace().json                      // write it where your tests can read it

        // In a test: replay on a chosen backend, at any display rate.
        let replay = try TraceReplayer(try Trace(json: json), display: .rate(120))
            .replay { n throws(FlingError) in try BackendKind.native.make(solverIterations: n) }
        #expect(replay.mismatches.isEmpty)      // pinned digests, if the trace has them
        replay.scenes[0].ticks                  // every tick's tile states
        replay.scenes[0].events                 // grabbed, released, settled, culled
        #expect(replay.scenes[0].ticks.count == 60 && replay.digest == animator.digest)
    }

    /// README, "Seeded scenes".
    @Test func seededScenes() throws {
        let frameTime = 2.0
        var drawn: [BubbleEmitter.State] = []
        var fish = BubbleEmitter.Configuration()
        fish.source = .sweep(from: Vector(-40, 620), to: Vector(430, 620), period: 8)   // swims across
        fish.interval = 0.2...0.7                                                      // a bubble timer
        var bubbles = try BubbleEmitter(configuration: fish, seed: 2016)
        try bubbles.tap(at: 1.25)                                                      // and one on demand
        let events = try bubbles.advance(to: frameTime)        // emitted, popped, removed
        bubbles.states(into: &drawn)                           // each bubble's center, scale (1 → 1.3 popping)

        var picker = try DayNightPicker(minutes: 23 * 60)
        try picker.pick(60, at: frameTime)                     // 23:00 → 1:00, through midnight
        let sky = picker.layers(at: frameTime)                 // sky offset and copies, sun/moon/star rotations, star alpha

        var clouds = try CloudSpawner(seed: 3)
        try clouds.advance(to: frameTime)                      // clouds drift in from the right and leave on the left
        #expect(!events.isEmpty && !drawn.isEmpty && sky.minutes == 23 * 60)
    }

    /// README, "Paths".
    @Test(arguments: [0.0, 0.37, 1, 2.5])
    func paths(frameTime: Double) throws {
        // --- the README's lines:
        let p1 = try BezierPath(svg: PathScenes.pinData)      // "M 412.7 238.9 C 381 238.9 …": 2 closed subpaths of 4 cubics
        let tip = Vector(409.2, 408.8)
        func squash(_ sx: Double, _ sy: Double, lift: Double) -> BezierPath {
            p1.mapPoints { Vector(tip.x + ($0.x - tip.x) * sx, tip.y + ($0.y - tip.y) * sy - lift) }
        }
        let pin = try KeyframeAnimation(
            keyframes: [p1, squash(1.2, 0.75, lift: 0), squash(0.9, 1.15, lift: 40), squash(1, 1, lift: 90),
                        squash(0.92, 1.1, lift: 30), p1],
            timingFunctions: [.default], duration: 1, repeatCount: .infinity)
        let shape = pin.shape(at: frameTime)                   // shape.svgData is its `d`; at whole seconds, p1's exact bits
        let dots = try Conveyor(from: Vector(0, 20), to: Vector(320, 20), spacing: 160, period: 3, reversed: true)
        let visible = dots.items(at: frameTime)                // positions and alphas (0 at the edges, 1 from 50 pt in)
        // --- and what they did:
        #expect(shape == PathScenes.jumpingPin().shape(at: frameTime))
        #expect(try BezierPath(svg: shape.svgData) == shape)
        if frameTime == frameTime.rounded() { #expect(shape == p1) } else { #expect(shape != p1) }
        #expect(visible == PathScenes.dots().items(at: frameTime))
        #expect(!visible.isEmpty && visible.allSatisfy { $0.alpha >= 0 && $0.alpha <= 1 })
    }

    /// The catalog's "Getting Started".
    @Test func gettingStarted() throws {
        let animator = try TileAnimator(viewport: Rect(x: 0, y: 0, width: 390, height: 844),
                                        tiles: [TileDefinition(id: 1, frame: Rect(x: 115, y: 342, width: 160, height: 160))],
                                        backend: BackendKind.default.make())
        try animator.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422)))
        try animator.advance(to: 1.0 / 60)
        var poses: [Transform] = []
        animator.drawnTransforms(into: &poses)
        #expect(poses.count == 1)
    }

    /// The catalog's "Traces in Tests".
    @Test func tracesInTests() throws {
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: NativeBackend())
        let recorder = try TraceRecorder(recording: animator)     // a fresh animator
        // ... the app runs ...
        for frame in 1...30 { try animator.advance(to: Double(frame) / 60) }
        let json = try recorder.trace().json
        #expect(try Trace(json: json).scenes[0].run.duration == animator.clock.start(ofTick: 30))
    }

    /// README, "Snap: chat heads and the sun switch", and the catalog's Snap Interactions.
    @Test func snapInteractions() throws {
        let screen = phone
        let touch = TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(18, 200))
        let frameTime = 0.2

        let heads = try ChatHeads(heads: [(1, Vector(18, 200)), (2, Vector(18, 300))],
                                  configuration: ChatHeadsConfiguration(screen: screen, safeBand: 47...810),
                                  backend: NativeBackend())
        try heads.handle(touch)                             // drag, throw to an edge, press to open
        let (snaps, scene) = try heads.advance(to: frameTime)   // released, settled …; opened, closed
        let center = try heads.animator.snapshot(of: 1)     // .state.position, .scale (0.9 pressed)
        let panel = heads.panelFrame                        // springs in below the row when open

        let sun = try SunSwitch(configuration: SunSwitchConfiguration(offCenter: Vector(100, 300),
                                                                      onCenter: Vector(160, 300)),
                                backend: NativeBackend())
        try sun.handle(touch)                               // tap, pull (rubber band), or flick
        let toggles = try sun.advance(to: frameTime)        // [.toggled(on: true, tick: 12)]
        let knob = sun.knobCenter, rays = (sun.raysAngle, sun.raysAlpha)

        #expect(snaps.contains { $0.kind == .grabbed(touch: 1) } && scene.isEmpty)
        #expect(center.scale < 1 && panel.minY > screen.maxY)
        #expect(toggles.isEmpty && knob == Vector(100, 300) && rays == (0, 0))
    }

    /// The examples in the documents are the ones above, line for line.
    @Test func documentationQuotesTheseExamples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func normalized(_ s: some StringProtocol) -> String {
            s.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
        }
        let compiled = normalized(here)
        var documents = [root.appendingPathComponent("README.md")]
        let catalog = root.appendingPathComponent("Sources/Fling/Fling.docc")
        documents += try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted()
            .filter { $0.hasSuffix(".md") }.map { catalog.appendingPathComponent($0) }
        var checked = 0
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for block in text.components(separatedBy: "```swift\n").dropFirst() {
                guard let end = block.range(of: "```") else { continue }
                let code = block[..<end.lowerBound]
                if code.hasPrefix("// Package.swift") { continue }   // a manifest: .ci/client-check builds it
                let lines = normalized(code).split(separator: "\n").filter { $0 != "import Fling" }
                for line in lines {
                    #expect(compiled.contains(line), "\(document.lastPathComponent): `\(line)` is not compiled by DocumentationExamples.swift")
                }
                checked += 1
            }
        }
        #expect(checked >= 5)
    }
}
