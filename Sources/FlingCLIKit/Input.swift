import _FlingCoding
import Fling
import FlingTraces
import Foundation

/// Standard input, read at most once: a command that names `-` twice (or reads it to sniff
/// and then again to parse) gets the same bytes.
final class StandardInput {
    private var bytes: [UInt8]?
    private(set) var reads = 0
    /// The documents (JSON documents and CSV stroke files) the run has parsed, each FILE once.
    var parses = 0

    init(_ given: [UInt8]?) { bytes = given }

    func read() throws -> [UInt8] {
        if let bytes { if reads == 0 { reads = 1 }; return bytes }
        reads += 1
        let read = try FileIO.read("-")
        bytes = read
        return read
    }
}

/// Collected output, and standard input.
package struct Output {
    var stdout = ""
    var stderr = ""
    let input: StandardInput

    init(input: StandardInput = StandardInput(nil)) { self.input = input }
    /// One line (or several, separated by newlines): every control character but the line
    /// breaks and tabs is shown escaped.
    package mutating func print(_ line: String) {
        stdout +=
            line.split(separator: "\n", omittingEmptySubsequences: false).map { escapingControls(String($0)) }.joined(separator: "\n")
            + "\n"
    }
    package mutating func error(_ line: String) {
        stderr +=
            line.split(separator: "\n", omittingEmptySubsequences: false).map { escapingControls(String($0)) }.joined(separator: "\n")
            + "\n"
    }
}

/// FILE arguments: read once (standard input for `-`), parsed once, into a document of any
/// registered kind (``Documents``).
package enum Input {
    /// The bytes of `path` (`-`: standard input, read at most once per run).
    static func bytes(_ path: String, _ out: Output) throws -> [UInt8] {
        path == "-" ? try out.input.read() : try FileIO.read(path)
    }

    /// The document `path` holds: a JSON document of any registered kind, or a stroke CSV file
    /// read as a trace (with `--viewport` and `--tile-size`, which apply to CSV files only).
    static func document(_ path: String, _ args: Arguments, _ out: Output) throws -> any FlingDocument {
        let bytes = try bytes(path, out)
        var strokes = Documents.StrokeOptions()
        let size = try args.size("viewport")
        let tileSize = try args.double("tile-size", in: 1...1e6)
        if let size { strokes.viewport = Rect(x: 0, y: 0, width: size.width, height: size.height) }
        if let tileSize { strokes.tileSize = tileSize }
        let document: any FlingDocument
        out.input.parses += 1
        do { document = try Documents.read(bytes, strokes: strokes) } catch { throw RunError("\(name(path)): \(error)") }
        if isJSON(bytes) {
            for option in ["viewport", "tile-size"] where args.has(option) {
                throw UsageError("--\(option) applies to CSV stroke files only; \(path) is a JSON document")
            }
        }
        return document
    }

    /// The strokes of a CSV file.
    static func strokes(_ path: String, _ out: Output) throws -> [Stroke] {
        let bytes = try bytes(path, out)
        guard !isJSON(bytes) else {
            throw RunError("\(path): velocity reads a CSV stroke file (stroke_id,t_seconds,phase,x,y), not a JSON document")
        }
        out.input.parses += 1
        do { return try Stroke.strokes(csv: String(decoding: bytes, as: UTF8.self)) } catch { throw RunError("\(path): \(error)") }
    }

    /// Whether the first non-blank byte opens a JSON object.
    static func isJSON(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "{")
    }

    /// The path as reports name it.
    static func name(_ path: String) -> String { path }

    /// The file name a picture is titled with: the last path component, or `standard input`.
    static func title(_ path: String) -> String {
        path == "-" ? "standard input" : String(path.split(separator: "/").last ?? Substring(path))
    }

    /// The titles of two runs (`fling diff`, `fling view A B`): each file's, its backend and
    /// its display rate where not 60 Hz; marked `A:` and `B:` when they would read the same.
    static func titles(
        _ pathA: String, _ kindA: BackendKind, _ displayA: ReplayOptions.DisplayFrames, _ pathB: String, _ kindB: BackendKind,
        _ displayB: ReplayOptions.DisplayFrames
    ) -> (String, String) {
        func title(_ path: String, _ kind: BackendKind, _ display: ReplayOptions.DisplayFrames) -> String {
            var s = "\(Input.title(path)) on \(kind)"
            switch display {
            case .rate(let hz): if hz != 60 { s += " at \(format(hz)) Hz" }
            case .jittered(let hz, let seed): s += " at \(format(hz)) Hz jittered (seed \(seed))"
            }
            return s
        }
        let a = title(pathA, kindA, displayA), b = title(pathB, kindB, displayB)
        return a == b ? ("A: " + a, "B: " + b) : (a, b)
    }

    /// The backend named by `--backend` and `--arithmetic` (or, with a `suffix`, by
    /// `--backend-a` and `--arithmetic-a` first). Default: `native-portable`, the arithmetic
    /// pinned digests are made with (`--arithmetic platform` alone: `native`).
    package static func backend(_ args: Arguments, suffix: String = "") throws -> BackendKind {
        var arithmetic: Arithmetic?
        let arithmeticName = !suffix.isEmpty && args.has("arithmetic\(suffix)") ? "arithmetic\(suffix)" : "arithmetic"
        let backendName = !suffix.isEmpty && args.has("backend\(suffix)") ? "backend\(suffix)" : "backend"
        if let a = args.value(arithmeticName) {
            guard let value = Arithmetic(rawValue: a) else { throw UsageError("--\(arithmeticName) \(a): expected portable or platform") }
            arithmetic = value
        }
        guard let name = args.value(backendName) else { return arithmetic == .platform ? .native : .nativePortable }
        guard var kind = BackendKind(rawValue: name) else {
            throw UsageError(
                "--\(backendName) \(name): expected one of \(BackendKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard BackendKind.available.contains(kind) else {
            throw RunError("--\(backendName) \(name): this build of Fling has no \(name) backend (it was built without the Chipmunk trait)")
        }
        if let arithmetic, arithmetic != kind.arithmetic {
            guard kind == .native else {
                throw UsageError("--\(backendName) \(name) computes with \(kind.arithmetic) arithmetic, not \(arithmetic)")
            }
            kind = .nativePortable
        }
        return kind
    }

    /// The display frames of `--display-hz` and `--jitter` (or their `suffix`ed forms first).
    static func display(_ args: Arguments, suffix: String = "") throws -> ReplayOptions.DisplayFrames {
        let hzName = !suffix.isEmpty && args.has("display-hz\(suffix)") ? "display-hz\(suffix)" : "display-hz"
        let jitterName = !suffix.isEmpty && args.has("jitter\(suffix)") ? "jitter\(suffix)" : "jitter"
        let hz = try args.double(hzName, in: 1...100_000) ?? 60
        guard let seed = args.value(jitterName) else { return .rate(hz) }
        guard let s = UInt64(seed) else { throw UsageError("--\(jitterName) \(seed): expected a whole number seed") }
        return .jittered(rate: hz, seed: s)
    }

    /// The replay options for `kind`; pins of another arithmetic than `kind`'s are checked on a
    /// reference run on the backend of their arithmetic (`native-portable` for portable pins),
    /// unless `reference` is false.
    static func options(
        _ kind: BackendKind, display: ReplayOptions.DisplayFrames = .rate(60), keepsSteps: Bool, reference: Bool = true
    )
        -> ReplayOptions
    {
        var o = ReplayOptions(
            makeBackend: { n throws(FlingError) in try kind.make(solverIterations: n) }, display: display, keepsSteps: keepsSteps)
        if reference {
            o.reference = { n throws(FlingError) in
                try kind.arithmetic == .portable
                    ? BackendKind.native.make(solverIterations: n) : BackendKind.nativePortable.make(solverIterations: n)
            }
            o.referenceName = kind.arithmetic == .portable ? BackendKind.native.rawValue : BackendKind.nativePortable.rawValue
        }
        return o
    }
}

/// `1304.702`: three decimals, no negative zero (``NumberText/fixed3(_:)``).
package func fixed3(_ x: Double) -> String { NumberText.fixed3(x) }
