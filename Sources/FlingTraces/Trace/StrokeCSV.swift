import FlingCore
import FlingInteraction

/// A recorded stroke: the touch events of one finger, from a CSV file with the columns
/// `stroke_id,t_seconds,phase,x,y` (the format of the recordings Fling's tests replay, and of
/// Flutter's velocity-tracker recordings).
public struct Stroke: Hashable, Sendable {
    struct Sample: Hashable, Sendable {
        var time: Double
        var phase: TouchEvent.Phase
        var position: Vector
    }

    /// The stroke's name in the file: any non-empty text without commas (`3`,
    /// `SailfishFlingUpFast1`).
    public internal(set) var id: String
    var samples: [Sample]

    init(id: String, samples: [Sample]) {
        self.id = id
        self.samples = samples
    }

    /// The velocity tracker's estimate at the stroke's first `ended` (or `cancelled`)
    /// event, from the `began` and `moved` samples before it: the velocity a tile released by
    /// this stroke is given (`fling velocity` prints it).
    public var releaseVelocity: Vector {
        var tracker = VelocityTracker()
        for s in samples {
            switch s.phase {
            case .began, .moved: tracker.add(time: s.time, position: s.position)
            case .ended, .cancelled: return tracker.velocity
            }
        }
        return tracker.velocity
    }

    /// The strokes of a CSV file's text (`stroke_id,t_seconds,phase,x,y`, a header line first),
    /// in order of first appearance. Strict: every problem is a `malformedInput` error naming
    /// the line (1-based) and what is wrong; no input can crash it.
    public static func strokes(csv text: String) throws(FlingError) -> [Stroke] { try StrokeCSV.parse(text) }
}

/// Reads the stroke CSV format. Strict: every problem is a `FlingError` with code
/// `malformedInput` naming the line (1-based) and what is wrong; no input can crash it.
enum StrokeCSV {
    static let header = "stroke_id,t_seconds,phase,x,y"

    /// Parses the text into strokes, in order of first appearance. A stroke id is any
    /// non-empty text (surrounding spaces dropped). Each stroke must begin with `began`, have
    /// times that never decrease, and end with `ended` or `cancelled`. Linear in the text.
    static func parse(_ text: String) throws(FlingError) -> [Stroke] {
        var strokes: [Stroke] = []
        // Where each id's stroke is in `strokes`: looked up, never iterated.
        var index: [Substring: Int] = [:]
        var lineNumber = 0
        var sawHeader = false
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            var line = Substring(rawLine)
            // A UTF-8 byte-order mark, as spreadsheets write, is not part of the header.
            if lineNumber == 1, line.first == "\u{FEFF}" { line = line.dropFirst() }
            if line.last == "\r" { line = line.dropLast() }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if !sawHeader {
                guard line == header[...] else {
                    throw bad(lineNumber, "header", String(line.prefix(80)), "must be `\(header)`")
                }
                sawHeader = true
                continue
            }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 5 else {
                throw bad(lineNumber, "fields", "\(fields.count)", "a row has 5 comma-separated fields")
            }
            let id = fields[0].trimmingSpaces
            guard !id.isEmpty else { throw bad(lineNumber, "stroke_id", fields[0], "must not be empty") }
            let t = try number(fields[1], "t_seconds", lineNumber)
            // The velocity tracker keeps times in whole microseconds (Int64): ±10¹² s.
            guard abs(t) <= 1e12 else { throw bad(lineNumber, "t_seconds", fields[1], "must lie within ±1e12 seconds") }
            guard let phase = TouchEvent.Phase(rawValue: String(fields[2])) else {
                throw bad(lineNumber, "phase", fields[2], "must be began, moved, ended or cancelled")
            }
            let x = try number(fields[3], "x", lineNumber), y = try number(fields[4], "y", lineNumber)
            guard abs(x) <= Limits.coordinate, abs(y) <= Limits.coordinate else {
                throw bad(lineNumber, "x,y", "\(x),\(y)", "coordinates must lie within ±\(Limits.coordinate)")
            }
            let sample = Stroke.Sample(time: t, phase: phase, position: Vector(x, y))
            if let s = index[id] {
                let previous = strokes[s].samples.last!
                guard previous.phase == .began || previous.phase == .moved else {
                    throw bad(lineNumber, "stroke_id", "\(id)", "stroke \(id) already ended")
                }
                guard phase != .began else { throw bad(lineNumber, "phase", "began", "stroke \(id) has already begun") }
                guard t >= previous.time else {
                    throw bad(lineNumber, "t_seconds", "\(t)", "is earlier than the stroke's previous time \(previous.time)")
                }
                strokes[s].samples.append(sample)
            } else {
                guard phase == .began else {
                    throw bad(lineNumber, "phase", phase.rawValue, "stroke \(id) must start with began")
                }
                index[id] = strokes.count
                strokes.append(Stroke(id: String(id), samples: [sample]))
            }
        }
        guard sawHeader else { throw bad(max(lineNumber, 1), "header", "", "the file is empty; expected `\(header)`") }
        for s in strokes {
            guard let last = s.samples.last, last.phase == .ended || last.phase == .cancelled else {
                throw bad(lineNumber, "stroke_id", "\(s.id)", "stroke \(s.id) never ends (truncated file?)")
            }
        }
        return strokes
    }

    fileprivate static func number(_ s: Substring, _ field: String, _ line: Int) throws(FlingError) -> Double {
        guard let v = Double(s), v.isFinite else { throw bad(line, field, s, "must be a finite number") }
        return v
    }

    private static func bad(_ line: Int, _ field: String, _ value: some StringProtocol, _ reason: String) -> FlingError {
        FlingError(.malformedInput, field: "line \(line): \(field)", value: "\(value.prefix(80))", reason: reason)
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }
}
