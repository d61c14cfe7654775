import Fling
import FlingCLIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `FlingSelfTest soak`: for CI, not for people. Runs a ``TileAnimator`` with many tiles for
/// many simulated minutes at 60 Hz on a chosen backend, with every touch stamped between two
/// display frames (the case that once kept the touch queue from ever being freed), reads the
/// process's resident memory after a 10 s warm-up, every 10 simulated seconds and at the end,
/// and fails (exit 1) when a reading is missing or zero, or when the end or the peak lies more
/// than ``growthLimitKiB`` above the warm-up reading. `.ci/soak-check` parses its one line and
/// checks the same again. `--leak KIB` keeps that many KiB more every simulated minute: the
/// fault CI injects to see the check fail.
enum SoakCommand {
    /// How far the resident size may rise above its reading after the warm-up (docs/BAD-INPUT.md,
    /// "Bounded time and memory").
    static let growthLimitKiB = 8192
    /// Frames of warm-up before the first reading (10 s at 60 Hz), and between readings.
    static let warmupFrames = 600

    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(arguments, valued: ["tiles", "minutes", "backend", "leak"], flags: [])
        let n = try args.int("tiles", in: 1...100_000) ?? 1000
        let minutes = try args.double("minutes", in: 0.5...600) ?? 10
        let leakKiB = try args.int("leak", in: 0...1_000_000) ?? 0
        let kind = args.has("backend") ? try Input.backend(args) : .nativePortable
        let viewport = Rect(x: 0, y: 0, width: 390, height: 844)
        let tiles = (0..<n).map { i in
            TileDefinition(
                id: TileID(i), frame: Rect(center: Vector(20 + Double(i % 35) * 10, 20 + Double(i / 35 % 80) * 10), width: 30, height: 30))
        }
        let animator = try TileAnimator(viewport: viewport, tiles: tiles, backend: try kind.make())
        animator.keepsDigest = false
        var poses: [Transform] = []
        var leaked: [[UInt8]] = []
        let frames = Int(minutes * 60 * 60)
        var start = 0, peak = 0
        for frame in 0..<frames {
            let t = Double(frame) / 60
            // A third of the tiles held at any time, each for 2 s of every 6 s, touches mid-frame.
            for i in stride(from: 0, to: n, by: 3) {
                let phase = (frame + i * 7) % 360
                guard frame >= phase else { continue }  // this cycle began before frame 0
                let at = tiles[i].origin + Vector(Double(phase % 40), Double(phase % 30))
                let time = t + 0.5 / 60
                switch phase {
                case 0: try animator.handle(TouchEvent(time: time, touch: TouchID(i), phase: .began, position: at, item: TileID(i)))
                case 1..<120: try animator.handle(TouchEvent(time: time, touch: TouchID(i), phase: .moved, position: at))
                case 120: try animator.handle(TouchEvent(time: time, touch: TouchID(i), phase: .ended, position: at))
                default: break
                }
            }
            for e in try animator.advance(to: t) where e.kind == .culled { try animator.reset(e.tile) }
            animator.drawnTransforms(into: &poses)
            if leakKiB > 0, frame % 60 == 0 {  // the injected fault: a leak spread over each second
                leaked.append([UInt8](repeating: 1, count: leakKiB * 1024 / 60))
            }
            if frame == Self.warmupFrames { start = try reading("after warm-up") }
            if frame > Self.warmupFrames, frame % Self.warmupFrames == 0 { peak = max(peak, try reading("at frame \(frame)")) }
        }
        let end = try reading("at the end")
        peak = max(peak, end)
        out.print(
            "selftest-soak: \(n) tiles on \(kind), \(minutes) simulated minutes, touches mid-frame: RSS \(start / 1024) KiB after warm-up, "
                + "\(end / 1024) KiB at the end, peak \(peak / 1024) KiB, limit +\(Self.growthLimitKiB) KiB")
        if peak / 1024 > start / 1024 + Self.growthLimitKiB {
            throw RunError(
                "selftest-soak: memory grew from \(start / 1024) KiB to a peak of \(peak / 1024) KiB, more than \(Self.growthLimitKiB) KiB"
                    + (leaked.isEmpty ? "" : " (with --leak \(leakKiB))"))
        }
    }

    /// The resident size now; a missing or zero reading is an error, never a pass.
    static func reading(_ when: String) throws -> Int {
        let bytes = residentBytes()
        guard bytes > 0 else { throw RunError("selftest-soak: could not read the resident size \(when) (/proc/self/statm)") }
        return bytes
    }

    /// Resident set size from /proc/self/statm (pages × page size); 0 where there is none.
    static func residentBytes() -> Int {
        guard let f = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(f) }
        var size = 0, resident = 0
        guard withUnsafeMutablePointer(to: &size, { s in withUnsafeMutablePointer(to: &resident) { r in vfscanf_shim(f, s, r) } }) else {
            return 0
        }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func vfscanf_shim(_ f: UnsafeMutablePointer<FILE>, _ s: UnsafeMutablePointer<Int>, _ r: UnsafeMutablePointer<Int>)
        -> Bool
    {
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, 128, f) != nil else { return false }
        let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let a = Int(fields[0]), let b = Int(fields[1]) else { return false }
        s.pointee = a; r.pointee = b
        return true
    }
}
