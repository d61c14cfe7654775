// What an animator's public face reads of its kernel: an item as values, the poses to draw, the
// counts. The faces (``TileAnimator``, ``SnapAnimator``) go through these, never through the
// columns themselves.
import FlingCore

extension Kernel {
    /// Item `id` as values, or the policy's unknown-item error.
    @inline(__always)
    func view(of id: Identifier<Policy.Item>) throws(FlingError) -> ItemView<Policy> { items.view(try index(of: id)) }

    /// The items' definitions, in id order.
    var definitions: [Policy.Item] { items.items }

    /// The items' ids, in id order.
    var ids: [Identifier<Policy.Item>] { items.items.map(\.id) }

    /// Every item, read-only.
    var table: ItemTable<Policy> { items.table }

    /// The tick's live items and their states, for an observer: the kernel's own array.
    var observed: [(Identifier<Policy.Item>, BodyState)] { buffers.observed }

    /// Inputs held in the queue's storage, applied ones not yet dropped included.
    var pendingStorage: Int { queue.pending.count }

    /// The fields as applied so far.
    var fields: [Field] { dynamics.fields }

    /// The continuous pushes on, in the order they were added.
    var continuousPushes: [Push.ID] { acceptedPushes.map(\.id) }

    /// The number of items that have a world now.
    var liveCount: Int { items.liveCount }

    /// Item `id`'s world now, if it has one.
    func world(of id: Identifier<Policy.Item>) -> WorldID? { index(of: id.rawValue).flatMap { items.worlds[$0] } }

    /// Whether every item rests (and, for the policy, its memory too) and every input has been
    /// applied.
    func isIdle(_ memoryRests: (Policy.Memory) -> Bool) -> Bool {
        queue.isDrained && items.phases.allSatisfy { $0 == .resting } && items.memories.allSatisfy(memoryRests)
    }

    /// The pose to draw item `id` at the last display time: the last two tick states
    /// interpolated by the clock's fraction.
    func drawnTransform(of id: Identifier<Policy.Item>) throws(FlingError) -> Transform {
        let i = try index(of: id)
        return items.previous[i].transform.interpolated(to: items.states[i].transform, fraction: clock.fraction)
    }

    /// Item `id`'s center to draw (its states' positions interpolated).
    func drawnCenter(of id: Identifier<Policy.Item>) throws(FlingError) -> Vector {
        let i = try index(of: id)
        let from = items.previous[i].position, to = items.states[i].position
        return from + (to - from) * clock.fraction
    }

    /// Every item's pose to draw, in id order, written into `transforms` (its capacity kept).
    func drawnTransforms(into transforms: inout [Transform]) {
        let f = clock.fraction
        // Sized first and written through a pointer: no capacity or uniqueness test per item.
        resize(&transforms, to: items.count, filling: Transform(position: .zero))
        let parallel = self.parallel
        transforms.withUnsafeMutableBufferPointer { out in
            items.previous.withUnsafeBufferPointer { previous in
                items.states.withUnsafeBufferPointer { states in
                    Self.inParts(parallel, states.count) { _, range in
                        for i in range { out[i] = previous[i].transform.interpolated(to: states[i].transform, fraction: f) }
                    }
                }
            }
        }
    }

    /// Item `i`'s memory (for a configuration being set up, before any tick).
    mutating func setMemory(_ memory: Policy.Memory, of id: Identifier<Policy.Item>) throws(FlingError) {
        setMemory(try index(of: id), memory)
    }
}

/// Gives `array` exactly `count` elements, new ones `filler`, keeping its capacity: it allocates
/// only when `count` exceeds every count it had before.
@inline(__always)
func resize<T>(_ array: inout [T], to count: Int, filling filler: T) {
    if array.count > count {
        array.removeLast(array.count - count)
    } else if array.count < count {
        array.append(contentsOf: repeatElement(filler, count: count - array.count))
    }
}
