// `fling check`: FlingTesting's built-in properties over generated touch sessions, for a scene
// given as a trace document (its first scene's tiles and configuration), a snap scene document
// (chat heads, a sun switch), or one of the built-in scenes (tiles, chat heads, a switch); the
// first failure shrunk and written under --out. `--bench` measures instead: sessions per second
// per scene and backend, tile and snap animators, every property checked and none
// (Benchmarks/PERFORMANCE.md quotes it).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Fling
import FlingTraces
import FlingTesting

enum CheckCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(
            arguments, valued: ["sessions", "seconds", "seed", "backend", "arithmetic", "out", "scene", "properties", "settle"],
            flags: ["help", "bench", "no-shrink"])
        if args.flag("help") { out.print(Help.check); return }
        let kind = try Input.backend(args)
        var seed: UInt64 = 1
        if let s = args.value("seed") {
            guard let v = UInt64(s) else { throw UsageError("--seed \(s): expected a whole number in 0...\(UInt64.max)") }
            seed = v
        }
        let properties = try selectedProperties(args.value("properties"))
        if args.flag("bench") { return try bench(args, seed: seed, properties: properties, &out) }
        let scene = try self.scene(args, out)
        var check = PropertyCheck(
            scene: scene.scene, properties: properties, sessions: try args.int("sessions", in: 0...10_000_000) ?? 100, seed: seed,
            backend: kind)
        check.seconds = try args.double("seconds", in: 0...86_400)
        if check.seconds != nil, !args.has("sessions") { check.sessions = 10_000_000 }
        check.settleBudget = try args.double("settle", in: 0...600) ?? 10
        check.shrinks = !args.flag("no-shrink")
        check.outputDirectory = args.value("out")
        let progress = Progress(total: args.has("sessions") || check.seconds == nil ? check.sessions : nil)
        check.onProgress = { sessions, seconds, failed in progress.show(sessions: sessions, seconds: seconds, failed: failed) }
        let report = try check.run()
        progress.end()
        let checked = report.properties.filter { $0.sessionsChecked > 0 }.count
        out.print(
            "check: \(report.sessionsPlayed) sessions (\(report.ticks) ticks) of \(scene.name) on \(kind) (seed \(seed)), "
                + "\(checked) of \(properties.count) properties checked, \(fixed3(report.seconds)) s")
        out.print("sessions checked per property: " + report.tallies)
        guard let failure = report.failure else {
            // Nothing vacuous passes: no session, or no property that compared anything, is a failure to check.
            guard report.checkedSomething else { throw RunError("nothing was checked") }
            out.print("every property held where it was checked")
            return
        }
        out.print(failure.message)
        if let path = failure.path { out.print("wrote \(path)") }
        throw RunError("property \(failure.property) failed")
    }

    /// The scene: FILE's first scene (a trace document), or a snap scene document's, or
    /// `--scene photo-tiles|room|chat-heads|chat-heads-dynamics|sun-switch`.
    static func scene(_ args: Arguments, _ out: Output) throws -> (scene: GestureScene, name: String) {
        if let path = args.positionals.first {
            _ = try args.file()
            guard !args.has("scene") else { throw UsageError("give FILE or --scene, not both") }
            let document = try Input.document(path, args, out)
            do throws(FlingError) {
                return (try GestureScene(document: document), Input.title(path))
            } catch  where error.code == .malformedInput && error.field == "GestureScene(document:)" {
                throw RunError(
                    "\(path): fling check reads a trace document (format \"fling-trace\") or a snap scene document "
                        + "(format \"fling-scene\", kind \"chatHeads\" or \"sunSwitch\") for its scene, not \(error.value)")
            } catch {
                throw RunError("\(path): \(error)")
            }
        }
        let name = args.value("scene") ?? "photo-tiles"
        guard let scene = builtInScenes.first(where: { $0.name == name }) else {
            throw UsageError(
                "--scene \(name): expected \(builtInScenes.map(\.name).joined(separator: ", ")) (or give a trace or snap scene "
                    + "document as FILE)")
        }
        return (scene.scene, name)
    }

    /// The built-in scenes: tile and snap animators, each without and with dynamics.
    static var builtInScenes: [(name: String, scene: GestureScene)] {
        [
            ("photo-tiles", .photoTiles), ("room", .room), ("chat-heads", .chatHeads), ("chat-heads-dynamics", .chatHeadsWithDynamics),
            ("sun-switch", .sunSwitch),
        ]
    }

    static func selectedProperties(_ list: String?) throws -> [Property] {
        guard let list else { return Property.builtIn }
        let all = Property.builtIn
        return try list.split(separator: ",").map { name throws(UsageError) in
            guard let p = all.first(where: { $0.name == name }) else {
                throw UsageError("--properties: no property named \(name); expected some of \(all.map(\.name).joined(separator: ","))")
            }
            return p
        }
    }

    /// `--bench`: a fixed number of sessions (`--sessions`, default 20) per scene and backend,
    /// every property checked; sessions and live ticks per second.
    static func bench(_ args: Arguments, seed: UInt64, properties: [Property], _ out: inout Output) throws {
        let sessions = try args.int("sessions", in: 1...100_000) ?? 20
        out.print("scene                backend          sessions  seconds  sessions/s  properties")
        for (name, scene) in builtInScenes {
            for kind in BackendKind.available {
                for (label, props) in [("all", properties), ("none", [Property]())] {
                    var check = PropertyCheck(scene: scene, properties: props, sessions: sessions, seed: seed, backend: kind)
                    check.shrinks = false
                    let r = try check.run()
                    let status = r.failure.map { "FAILED \($0.property)" } ?? label
                    out.print(
                        name.padding(21) + kind.rawValue.padding(17) + "\(r.sessionsPlayed)".padding(10) + fixed3(r.seconds).padding(9)
                            + String(format: "%.1f", Double(r.sessionsPlayed) / max(r.seconds, 1e-9)).padding(12) + status)
                }
            }
        }
    }

    /// The progress line on standard error, as it goes: rewritten in place on a terminal, a
    /// line every tenth of the way (or every 10 s) otherwise.
    final class Progress {
        let total: Int?
        let terminal = isatty(2) != 0
        var lastShown = -1.0
        var lastTenth = 0
        init(total: Int?) { self.total = total }

        func show(sessions: Int, seconds: Double, failed: Bool) {
            let tenth = total.map { sessions * 10 / max($0, 1) } ?? 0
            guard terminal || tenth > lastTenth || seconds - lastShown >= 10 || failed else { return }
            lastTenth = tenth
            lastShown = seconds
            let of = total.map { "/\($0)" } ?? ""
            let line = "check: \(sessions)\(of) sessions, \(fixed3(seconds)) s" + (failed ? ", a property failed: shrinking" : "")
            _ = FileIO.writeAll(2, Array((terminal ? "\r" + line : line + "\n").utf8))
        }

        func end() { if terminal, lastShown >= 0 { _ = FileIO.writeAll(2, Array("\n".utf8)) } }
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
