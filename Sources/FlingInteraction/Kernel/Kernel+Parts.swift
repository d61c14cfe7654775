// A tick's per-item passes in parts, on the backend's threads (``ParallelWork``, the native
// backend made with several): reading the states back, the after-step rule, the finger moves
// and the poses drawn. Each part takes a contiguous run of the items in id order and writes only
// its own items' columns, through pointers taken before the parts start; what a pass collects
// (endings, finger moves) goes to each part's own buffer, and the buffers are joined in part
// order, so the result is the one-part pass's, bit for bit, whatever the number of threads.
// Below the backend's ``ParallelWork/partsFrom`` items a pass runs in one part: waking the
// threads costs more.
import FlingCore

extension Kernel {
    /// How many parts a pass over `count` items runs in.
    static func partCount(_ parallel: (any ParallelWork)?, _ count: Int) -> Int {
        guard let parallel, count >= parallel.partsFrom, count > 1 else { return 1 }
        return parallel.parts
    }

    /// Runs `body(part, range)` for each part of `0..<count` (contiguous ranges, in order), on
    /// the backend's threads when there are enough items, else once on this thread. `body` must
    /// write only what its range owns, through pointers it was handed.
    static func inParts(_ parallel: (any ParallelWork)?, _ count: Int, _ body: (_ part: Int, _ range: Range<Int>) -> Void) {
        let n = partCount(parallel, count)
        guard n > 1, let parallel else { return body(0, 0..<count) }
        parallel.runParts { p in body(p, count * p / n..<count * (p + 1) / n) }
    }

    /// `buffers` sized to `n` parts, each emptied (their storage kept).
    static func prepare<T>(_ buffers: inout [[T]], parts n: Int) {
        if buffers.count < n { buffers.append(contentsOf: repeatElement([], count: n - buffers.count)) }
        for p in 0..<n { buffers[p].removeAll(keepingCapacity: true) }
    }
}
