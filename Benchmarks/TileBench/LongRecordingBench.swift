// tile-bench --long-recording: a long recording replayed from its last snapshot, against the
// whole replay. A 10-minute session of 20 tiles is recorded (TraceRecorder) on the backend
// asked for: every tile grabbed, dragged and thrown every 2.5 s, a third home on their springs,
// the rest flung off the screen, culled and reset; a push now and then. The trace gets a
// snapshot of its animator every second (Trace.withSnapshots, as `fling convert --snapshots
// 60` does); then, timed, the whole replay and the replay from the last snapshot (inside the
// last second), each on a fresh backend, digests compared: the same final digest, and the
// second a small part of the first's time (medians of 7 runs of each, alternating). The JSON's size and its parse time are reported
// beside them (both replays start from a parsed trace).
import Fling
import FlingTraces

enum LongRecordingBench {
    static func run(kind: BackendKind, minutes: Int, tiles n: Int, repetitions: Int = 7) throws -> (report: String, agrees: Bool) {
        let configuration = TileConfiguration()
        let viewport = Rect(x: 0, y: 0, width: 390, height: 844)
        let tiles = (0..<n).map { i in
            TileDefinition(
                id: TileID(i), frame: Rect(center: Vector(60 + Double(i % 5) * 65, 120 + Double(i / 5 % 10) * 60), width: 50, height: 50))
        }
        let animator = try TileAnimator(viewport: viewport, tiles: tiles, configuration: configuration, backend: try kind.make())
        let recorder = try TraceRecorder(recording: animator)
        let dt = configuration.drag.tick
        let ticks = minutes * 60 * Int((1 / dt).rounded())
        for k in 0..<ticks {
            let t = Double(k) * dt
            for i in 0..<n {
                let c = (k + i * 7) % 150
                let home = tiles[i].origin
                let fling = i % 3 == 0 ? Vector(5, 4) : Vector(i % 2 == 0 ? 12 : -12, -3)
                switch c {
                case 0: try? animator.handle(TouchEvent(time: t, touch: TouchID(i), phase: .began, position: home, item: TileID(i)))
                case 1...4:
                    try? animator.handle(
                        TouchEvent(time: t, touch: TouchID(i), phase: c == 4 ? .ended : .moved, position: home + fling * Double(c)))
                case 90 where i % 4 == 1: try animator.applyPush(Push(Vector(30, -40)), to: TileID(i))
                default: break
                }
            }
            for e in try animator.advance(to: t + dt) where e.kind == .culled { try animator.reset(e.tile) }
        }
        let live = animator.digest
        var trace = try recorder.trace(name: "long recording")
        let make: (Int) throws(FlingError) -> any PhysicsBackend = { n throws(FlingError) in try kind.make(solverIterations: n) }
        trace = try trace.withSnapshots(every: 60, makeBackend: make)
        let json = trace.json
        let p0 = monotonicNanoseconds()
        let parsed = try Trace(json: json)
        let p1 = monotonicNanoseconds()

        var whole = TraceReplayer(parsed)
        whole.recordsTicks = false
        var last = whole
        last.startsFromSnapshots = true
        // Each replay timed several times, alternating, and the medians compared: a replay of a
        // millisecond is easily stretched by a thread of another process.
        var wholeNs: [UInt64] = [], lastNs: [UInt64] = []
        var full: TraceReplay?, fromLast: TraceReplay?
        for _ in 0..<repetitions {
            let w0 = monotonicNanoseconds()
            full = try whole.replay(makeBackend: make)
            let w1 = monotonicNanoseconds()
            fromLast = try last.replay(makeBackend: make)
            let l1 = monotonicNanoseconds()
            wholeNs.append(w1 - w0)
            lastNs.append(l1 - w1)
        }
        let w = Double(wholeNs.sorted()[repetitions / 2]), l = Double(lastNs.sorted()[repetitions / 2])

        let snapshot = parsed.sessions[0].snapshots.last!
        let agrees = full!.digest == fromLast!.digest && full!.tickCount == fromLast!.tickCount && full!.digest == live
        var out = "long recording: \(minutes) min, \(n) tiles on \(kind.rawValue), \(grouped(full!.tickCount)) ticks, "
        out += "\(grouped(parsed.sessions[0].inputs.count)) inputs; a snapshot every 60 ticks, the last at tick \(grouped(snapshot.tick)) "
        out += "(\(grouped(snapshot.bytes.count)) bytes)\n"
        out += "trace JSON \(grouped(json.utf8.count)) bytes, parsed in \(fixed(Double(p1 - p0) / 1e6, 1)) ms\n"
        out += "medians of \(repetitions) runs each:\n"
        out += "whole replay:              \(fixed(w / 1e6, 2, width: 9)) ms, digest \(full!.digest.hex)\n"
        out += "from the last snapshot:    \(fixed(l / 1e6, 2, width: 9)) ms, digest \(fromLast!.digest.hex)\n"
        out += "from the last snapshot / whole replay: \(fixed(l / w * 100, 3)) %\n"
        out +=
            agrees
            ? "digests agree (the live run's, the whole replay's and the resumed replay's)\n"
            : "DIGESTS DIFFER: live \(live.hex)\n"
        return (out, agrees)
    }
}
