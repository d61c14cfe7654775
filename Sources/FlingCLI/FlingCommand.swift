import Fling
import Foundation

/// What a run of `fling` printed and its exit status. The command line's logic returns one of
/// these instead of writing and exiting, so that tests can run it in-process.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// The `fling` command line: `replay`, `velocity`, `render`, `convert`, `help`.
public enum FlingCommand {
    /// Runs `fling` with `arguments` (without the program name).
    public static func run(_ arguments: [String]) -> CommandResult {
        var out = Output()
        let status: Int32
        do {
            try dispatch(arguments, &out)
            status = 0
        } catch let e as UsageError {
            out.error("fling: \(e.message)")
            out.error("Run `fling --help` for usage.")
            status = 2
        } catch let e as RunError {
            out.error("fling: \(e.message)")
            status = 1
        } catch let e as FlingError {
            out.error("fling: \(e)")
            status = 1
        } catch {
            out.error("fling: \(error)")
            status = 1
        }
        return CommandResult(status: status, stdout: out.stdout, stderr: out.stderr)
    }

    static func dispatch(_ arguments: [String], _ out: inout Output) throws {
        guard let command = arguments.first else {
            out.error(Help.main)
            throw UsageError("missing command")
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help":
            if command == "help", let topic = rest.first {
                guard let text = Help.command(topic) else { throw UsageError("no command named \(topic)") }
                out.print(text)
            } else {
                out.print(Help.main)
            }
        case "replay": try ReplayCommand.run(rest, &out)
        case "velocity": try VelocityCommand.run(rest, &out)
        case "render": try RenderCommand.run(rest, &out)
        case "convert": try ConvertCommand.run(rest, &out)
        case "selftest-backend": try SelfTestCommand.run(rest, &out)
        case "selftest-soak": try SoakCommand.run(rest, &out)
        case "paths": try PathsCommand.run(rest, &out)
        case "view": try ViewCommand.run(rest, &out)
        default:
            throw UsageError("unknown command \(command)")
        }
    }
}

/// Collected output.
struct Output {
    var stdout = ""
    var stderr = ""
    /// One line (or several, separated by newlines): every control character but the line
    /// breaks and tabs is shown escaped.
    mutating func print(_ line: String) {
        stdout +=
            line.split(separator: "\n", omittingEmptySubsequences: false).map { escapingControls(String($0)) }.joined(separator: "\n")
            + "\n"
    }
    mutating func error(_ line: String) {
        stderr +=
            line.split(separator: "\n", omittingEmptySubsequences: false).map { escapingControls(String($0)) }.joined(separator: "\n")
            + "\n"
    }
}

/// What a FILE argument held.
enum Input {
    case trace(Trace)
    case strokes([Stroke])
    /// A seeded scene (`"format": "fling-scene"`).
    case scene(SceneTrace)

    /// Reads `path` (`-` for standard input) and decides by its first non-blank byte: `{`
    /// starts a JSON trace, anything else is read as a stroke CSV file.
    static func load(_ path: String) throws -> Input { try load(bytes: try readFile(path), path: path) }

    /// The document in `bytes`, read from `path`.
    static func load(bytes: [UInt8], path: String) throws -> Input {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        do {
            if i < bytes.count, bytes[i] == UInt8(ascii: "{") {
                if SceneTrace.isSceneDocument(bytes) { return .scene(try SceneTrace(json: bytes)) }
                return .trace(try Trace(json: bytes))
            }
            return .strokes(try StrokeCSV.parse(String(decoding: bytes, as: UTF8.self)))
        } catch {
            throw RunError("\(path): \(error)")
        }
    }

    static func readFile(_ path: String) throws -> [UInt8] { try FileIO.read(path) }

    /// The trace to replay: a JSON trace as it is, or each stroke as its own scene.
    static func trace(_ path: String, _ args: Arguments) throws -> Trace {
        let input = try load(path)
        switch input {
        case .scene:
            throw UsageError("\(path) is a scene document (fling-scene), which this command does not take")
        case .trace(let trace):
            for option in ["viewport", "tile-size"] where args.has(option) {
                throw UsageError("--\(option) applies to CSV stroke files only; \(path) is a JSON trace")
            }
            return trace
        case .strokes(let strokes):
            let size = try args.size("viewport")
            let viewport = size.map { Rect(x: 0, y: 0, width: $0.width, height: $0.height) } ?? Trace.defaultStrokeViewport
            let tileSize = try args.double("tile-size", in: 1...1e6) ?? 160
            do {
                return try Trace(strokes: strokes, viewport: viewport, tileSize: tileSize)
            } catch {
                throw RunError("\(path): \(error)")
            }
        }
    }

    /// The backend named by `--backend` and `--arithmetic`. Default: `native-portable`, the
    /// arithmetic pinned digests are made with (`--arithmetic platform` alone: `native`).
    static func backend(_ args: Arguments) throws -> BackendKind {
        var arithmetic: Arithmetic?
        if let a = args.value("arithmetic") {
            guard let value = Arithmetic(rawValue: a) else { throw UsageError("--arithmetic \(a): expected portable or platform") }
            arithmetic = value
        }
        guard let name = args.value("backend") else { return arithmetic == .platform ? .native : .nativePortable }
        guard var kind = BackendKind(rawValue: name) else {
            throw UsageError("--backend \(name): expected one of \(BackendKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard BackendKind.available.contains(kind) else {
            throw RunError("--backend \(name): this build of Fling has no \(name) backend (it was built without the Chipmunk trait)")
        }
        if let arithmetic, arithmetic != kind.arithmetic {
            guard kind == .native else {
                throw UsageError("--backend \(name) computes with \(kind.arithmetic) arithmetic, not \(arithmetic)")
            }
            kind = .nativePortable
        }
        return kind
    }

    /// Replays `trace` on `kind`.
    static func replay(_ trace: Trace, on kind: BackendKind, display: DisplayFrames = .rate(60), recordsTicks: Bool = true) throws
        -> TraceReplay
    {
        var replayer = TraceReplayer(trace, display: display)
        replayer.recordsTicks = recordsTicks
        return try replayer.replay { n throws(FlingError) in try kind.make(solverIterations: n) }
    }
}

/// `1304.702`: three decimals, no negative zero.
func fixed3(_ x: Double) -> String {
    let s = String(format: "%.3f", x)
    return s == "-0.000" ? "0.000" : s
}
