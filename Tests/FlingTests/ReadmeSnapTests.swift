import Fling
import Testing

/// The README's snap section, line for line, so that it keeps compiling and doing what it says.
@Test func readmeSnapSectionRuns() throws {
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
