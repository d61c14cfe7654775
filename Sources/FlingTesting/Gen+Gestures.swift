// Gestures shaped like recorded ones. The Flutter strokes in Tests/FlingTests/Fixtures (13 real
// flings and drags) sample every 7 to 8 ms, wait 10 to 45 ms for the touch slop before their
// first move, and their speed rises and falls like a bell, peaking at 1,900 to 4,500 pt/s over
// 0.1 to 0.8 s; a fling lets go before the bell has fallen, so its release is fast. The
// generators below follow that shape, with peaks from 0 to 30,000 pt/s, curved paths, touch
// rates of 60 to 240 Hz, and display frames at 30 to 240 Hz with jitter, dropped frames and
// the odd stall.
import Fling

/// The samples of one finger: began, moved …, ended (or cancelled), times from the gesture's start.
public struct Gesture: Hashable, Sendable {
    /// Where and when the finger was, from `began` to its last sample, in order.
    public var samples: [TouchEvent]

    public init(samples: [TouchEvent]) { self.samples = samples }

    /// The gesture moved to start at `time`, with touch id `touch`, hit-testing `item` (nil:
    /// the animator takes the topmost tile under the finger).
    public func placed(at time: Double, touch: TouchID, item: TileID? = nil) -> Gesture {
        Gesture(
            samples: samples.map {
                TouchEvent(
                    time: $0.time + time, touch: touch, phase: $0.phase, position: $0.position, item: $0.phase == .began ? item : nil)
            })
    }

    /// The gesture's length, in seconds.
    public var duration: Double { (samples.last?.time ?? 0) - (samples.first?.time ?? 0) }
}

/// How a stroke's speed rises and falls: a bell of `peak` pt/s over `duration` seconds, let go
/// at `release` (a fraction of the bell, 0.5 at its top, 1 at its end), turning at `curvature`
/// radians per second.
struct StrokeShape: Sendable {
    var duration: Double
    var peak: Double
    var release: Double
    var curvature: Double
    var heading: Double
    var sampleRate: Double
    var slop: Double
    var cancelled: Bool
}

extension Gen where Value == Gesture {
    /// A finger put down and lifted without moving far (within 2 pt), 50 to 150 ms later.
    public static func tap(at position: Vector) -> Gen<Gesture> {
        Gen { r in
            let end = r.uniform(0.05...0.15)
            var samples = [TouchEvent(time: 0, touch: 1, phase: .began, position: position)]
            if r.chance(0.5) {
                samples.append(
                    TouchEvent(
                        time: end / 2, touch: 1, phase: .moved, position: position + Vector(r.uniform(-2...2), r.uniform(-2...2))))
            }
            samples.append(TouchEvent(time: end, touch: 1, phase: r.chance(0.05) ? .cancelled : .ended, position: samples.last!.position))
            return Gesture(samples: samples)
        }
    }

    /// A slow drag: 0.3 to 1.5 s at up to 1,500 pt/s, let go once the finger has nearly stopped.
    public static func drag(from position: Vector) -> Gen<Gesture> {
        Gen { r in
            stroke(
                from: position,
                StrokeShape(
                    duration: r.uniform(0.3...1.5), peak: r.uniform(0...1500), release: r.uniform(0.85...1),
                    curvature: r.uniform(-3...3), heading: r.uniform(-Double.pi...Double.pi), sampleRate: r.uniform(60...240),
                    slop: r.uniform(0.01...0.045), cancelled: r.chance(0.05)), &r)
        }
    }

    /// A fling: 0.06 to 0.3 s, peaking at 300 to 30,000 pt/s (evenly in the logarithm), let go
    /// at or after the top of its bell, while fast.
    public static func fling(from position: Vector) -> Gen<Gesture> {
        Gen { r in
            stroke(
                from: position,
                StrokeShape(
                    duration: r.uniform(0.06...0.3), peak: 300 * Portable.exp(r.uniform(0...Portable.log(100))),
                    release: r.uniform(0.5...0.9), curvature: r.uniform(-6...6), heading: r.uniform(-Double.pi...Double.pi),
                    sampleRate: r.uniform(60...240), slop: r.uniform(0.01...0.03), cancelled: r.chance(0.05)), &r)
        }
    }

    /// A throw at a wall or a corner of `room` from `position`: 0.05 to 0.2 s, peaking at 3,000
    /// to 12,000 pt/s (evenly in the logarithm), aimed at a corner half the time and otherwise
    /// at a point of a wall, curving at up to 12 radians a second so that a tile grabbed off
    /// its center leaves spinning; let go while fast. The throws that froze items against
    /// walls were of this kind (docs/DYNAMICS.md, "The sweep").
    public static func throwing(from position: Vector, at room: Rect) -> Gen<Gesture> {
        Gen { r in
            let corners = [
                Vector(room.x, room.y), Vector(room.x + room.width, room.y), Vector(room.x, room.y + room.height),
                Vector(room.x + room.width, room.y + room.height),
            ]
            let target: Vector
            if r.chance(0.5) {
                target = corners[r.integer(0...3)]
            } else {
                let u = r.uniform(0...1)
                switch r.integer(0...3) {
                case 0: target = Vector(room.x + u * room.width, room.y)
                case 1: target = Vector(room.x + u * room.width, room.y + room.height)
                case 2: target = Vector(room.x, room.y + u * room.height)
                default: target = Vector(room.x + room.width, room.y + u * room.height)
                }
            }
            let d = target - position
            let curvature = r.uniform(-12...12)
            let duration = r.uniform(0.05...0.2)
            // Aimed so that the turning path leaves heading at the target.
            let heading = Portable.atan2(d.y, d.x) - curvature * duration * 0.35
            return stroke(
                from: position,
                StrokeShape(
                    duration: duration, peak: 3_000 * Portable.exp(r.uniform(0...Portable.log(4))), release: r.uniform(0.5...0.75),
                    curvature: curvature, heading: heading, sampleRate: r.uniform(60...240), slop: r.uniform(0.01...0.03),
                    cancelled: false), &r)
        }
    }

    /// A tap, a drag or a fling from `position`, flings most often.
    public static func stroke(from position: Vector) -> Gen<Gesture> {
        .frequency([(1, .tap(at: position)), (1.5, .drag(from: position)), (2.5, .fling(from: position))])
    }

    /// The samples of a stroke of `shape` from `start`: the speed a bell (sin² of the phase),
    /// the heading turning at the curvature, samples at the touch rate with ±20 % jitter.
    static func stroke(from start: Vector, _ shape: StrokeShape, _ r: inout SeededRandom) -> Gesture {
        var samples = [TouchEvent(time: 0, touch: 1, phase: .began, position: start)]
        let end = shape.slop + shape.duration * shape.release
        var t = shape.slop
        var p = start
        var last = shape.slop
        var heading = shape.heading
        while t < end {
            let dt = t - last
            let phase = (t - shape.slop) / shape.duration
            let s = Portable.sin(Double.pi * phase)
            let speed = shape.peak * s * s
            heading += shape.curvature * dt
            let d = Portable.sincos(heading)
            p = p + Vector(d.cos * speed * dt, d.sin * speed * dt)
            samples.append(TouchEvent(time: t, touch: 1, phase: .moved, position: p))
            last = t
            t += r.uniform(0.8...1.2) / shape.sampleRate
        }
        samples.append(TouchEvent(time: max(last, end), touch: 1, phase: shape.cancelled ? .cancelled : .ended, position: p))
        return Gesture(samples: samples)
    }
}

extension Gen where Value == [Double] {
    /// Display frame times up to `duration` seconds: a rate of 30 to 240 Hz, half the time
    /// jittered (each interval 0.6 to 1.4 of the nominal one), about one display frame in 20 dropped
    /// (its interval doubled), and one in 200 a stall of 0.1 to 0.4 s.
    public static func displayFrames(duration: Double) -> Gen<[Double]> {
        Gen { r in
            let hz = [30.0, 60, 90, 120, 144, 240][r.integer(0...5)]
            let jitter = r.chance(0.5)
            var times: [Double] = []
            var t = 0.0
            while t < duration {
                var interval = (jitter ? r.uniform(0.6...1.4) : 1) / hz
                if r.chance(0.05) { interval *= 2 }
                if r.chance(0.005) { interval = r.uniform(0.1...0.4) }
                t += interval
                times.append(t)
            }
            return times
        }
    }
}
