import FlingCore
import _FlingSolver

// The state of the worlds that use UIKit Dynamics' behaviours (walls, item properties, pushes,
// fields), as Box2D keeps a body's hot state apart from its cold: one 96-byte record per such
// world (``WorldDynamics``) in a flat buffer, and what many worlds share (a wall list, a field
// list, a material) kept once and named by an index. A world's wall contacts live in a run of
// 40-byte records, one per wall (``ArbiterRecord``), taken when its walls are set, so a step
// never allocates. The step reaches all of it through ``DynamicsView``'s raw pointers; a world
// keeps its joints where they were (the lanes' joint record, or ``DynamicWorld`` for the
// extra joints), so its joint iterations stay in the SIMD lanes whenever it touches no wall.

/// One world's dynamics: what its step reads besides its body, and the indices of what it
/// shares. 96 bytes.
struct WorldDynamics {
    /// The item's `v_bias` and `w_bias`: what the contacts' position correction adds to the
    /// next position update only.
    var bias = BiasVelocity()
    /// The item's box (its definition's size), 0 × 0 without one.
    var width: Double
    var height: Double
    /// The box's edge normals in body coordinates are `(+0, −p)`, `(q, −0)`, `(+0, p)`,
    /// `(−q, −0)`: `p = w·(1/w)` and `q = h·(1/h)`, each rounded as `cpBoxShapeInit2` rounds
    /// them (``BoxShape/init(width:height:)``, checked when the record is made).
    var normalP: Double
    var normalQ: Double
    /// The field clock: seconds of velocity updates so far (the noise's time).
    var fieldTime = 0.0
    /// The wall set (``DynamicsStore/wallSets``), −1 without walls.
    var wallSet: Int32 = -1
    /// The first of the world's arbiter records, one per wall of its set.
    var arbiters: Int32 = 0
    /// The field set, −1 without fields.
    var fieldSet: Int32 = -1
    /// The material (``ItemProperties``), 0 for the default one.
    var material: Int32 = 0
    /// The first of the world's continuous pushes and their ids (the same index in
    /// ``DynamicsStore/pushes`` and ``DynamicsStore/forceIDs``), room for `forceCapacity`,
    /// `forceCount` of them used, in the order added.
    var forces: Int32 = 0
    var forceCount: UInt8 = 0
    var forceCapacity: UInt8 = 0
    /// Whether the last step began a contact with a wall (``NativeBackend/contacts(of:)``
    /// then has something to report).
    var beganContact = false
    var nextForce: UInt32 = 0

    init(size: Vector?) {
        width = size?.x ?? 0
        height = size?.y ?? 0
        guard let size else {
            normalP = 0
            normalQ = 0
            return
        }
        let box = BoxShape(width: size.x, height: size.y)
        normalP = box.localNormal.2.y
        normalQ = box.localNormal.1.x
        precondition(BoxShape(width: width, height: height, p: normalP, q: normalQ).sameNormals(box))
    }
}

/// A wall set: its walls' shapes and hash bins (``WallEntry``, `count` from `walls`), the order
/// they were put in the space (`count` wall indices from `insertion`: the list's order for a
/// list set afresh, the kept walls first after a change, ``WallChange``) and the spatial
/// hash's query orders (``WallOrders``, from `orders`).
struct WallSetInfo {
    var walls: Int32
    var count: Int32
    var orders: Int32
    var insertion: Int32
}

/// A wall as the step reads it: its shape and the hash bins its cells fall in.
struct WallEntry {
    var shape: SegmentShape
    var bins: UInt32
    /// The wall as the sweep's lift reads it.
    var side: WallSweep.Side
}

/// A field set's prepared fields, `count` from `fields`.
struct FieldSetInfo {
    var fields: Int32
    var count: Int32
}

/// The dynamics of a ``NativeBackend``'s worlds (see the top of this file). Owned by the
/// backend and changed only by its calls, outside a step.
final class DynamicsStore {
    /// By dynamics index.
    let worlds = FlatBuffer<WorldDynamics>()
    private var freeWorlds: [Int32] = []
    /// By slot: the world's dynamics index, where its ``SlotRecord/hasDynamics`` says it has
    /// one. Empty until the first world has dynamics, then as long as the slot arrays.
    let index = FlatBuffer<Int32>()

    /// Wall lists, fields and materials are shared by their bits (``BitKey``): two lists
    /// that compare equal but differ in the sign of a zero must not share a set. A wall set is
    /// a list and the order its walls were put in the space.
    var wallLists = Interned<BitKey>()
    /// By wall set: the list as it was given (what `setWalls` compares a new list with), and
    /// the order its walls were put in the space.
    private(set) var wallListOf: [[Wall]] = []
    private(set) var insertionOf: [[Int]] = []
    let wallSets = FlatBuffer<WallSetInfo>()
    var walls = RunPool<WallEntry>()
    var orders = RunPool<UInt8>()
    var insertions = RunPool<UInt8>()
    var arbiters = RunPool<ArbiterRecord>()

    var fieldLists = Interned<BitKey>()
    let fieldSets = FlatBuffer<FieldSetInfo>()
    var fields = RunPool<PreparedField>()

    var materialList = Interned<BitKey>()
    let materials = FlatBuffer<ItemProperties>()

    /// Taken and let go together, so a world's pushes and their ids have the same index.
    var pushes = RunPool<Push>()
    var forceIDs = RunPool<ForceID>()

    /// The last wall set made or taken for a list put in fresh, field set and material: a
    /// world made like the last one (a respawned tile, a new grab) takes them again without
    /// building a key, so making it allocates nothing. The field list is kept (so its storage
    /// cannot be reused) and compared by storage: the same array, the same fields.
    private var lastWallSet: Int32 = -1
    private var lastFields: (list: [Field], id: Int32) = ([], -1)
    private var lastMaterial: Int32 = -1

    /// Contacts a world began in the last step, kept when its walls changed before they were
    /// read (``NativeBackend/contacts(of:)`` gives them until the next step).
    var heldContacts: [Int: [Wall.Contact]] = [:]
    /// The world count ``NativeBackend/reserveCapacity(_:)`` was given: the buffers that grow
    /// with the worlds that have dynamics reserve that many once the first one is made.
    var reservedWorlds = 0

    init() {
        // Material 0, the default (every value +0), is never let go.
        let (id, _) = materialList.take(BitKey(ItemProperties()))
        materials.append(ItemProperties())
        precondition(id == 0)
    }

    /// The raw views a step reads.
    var view: DynamicsView {
        DynamicsView(
            worlds: worlds.base, index: index.base, wallSets: wallSets.base, walls: walls.items.base, orders: orders.items.base,
            arbiters: arbiters.items.base, fieldSets: fieldSets.base, fields: fields.items.base, materials: materials.base,
            pushes: pushes.items.base, insertions: insertions.items.base)
    }

    // MARK: - Worlds

    /// A new record for slot `i` (of `slots`), made with its item's box size.
    func add(slot i: Int, slots: Int, size: Vector?) {
        if index.count == 0 {
            index.reserve(max(slots, reservedWorlds))
            worlds.reserve(reservedWorlds)
        }
        if index.count < slots { index.append(-1, count: slots - index.count) }
        let record = WorldDynamics(size: size)
        if let k = freeWorlds.popLast() {
            worlds[Int(k)] = record
            index[i] = k
        } else {
            index[i] = Int32(worlds.append(record))
        }
    }

    /// Lets go of everything slot `i`'s record holds, and the record.
    func remove(slot i: Int) {
        let k = Int(index[i])
        setWalls([], k)
        setFields([], k)
        setMaterial(ItemProperties(), k)
        releaseForces(k)
        heldContacts[i] = nil
        freeWorlds.append(Int32(k))
        index[i] = -1
    }

    /// ``NativeBackend/reserveCapacity(_:)``'s count.
    func reserve(_ count: Int) {
        reservedWorlds = count
        // What worlds let go of goes on free lists: room for all of them at once.
        freeWorlds.reserveCapacity(count)
        walls.reserveFree(count)
        orders.reserveFree(count)
        insertions.reserveFree(count)
        arbiters.reserveFree(count)
        fields.reserveFree(count)
        pushes.reserveFree(count)
        forceIDs.reserveFree(count)
        if index.count > 0 {
            index.reserve(count)
            worlds.reserve(count)
        }
    }

    /// A slot made after the first world with dynamics gets an entry in ``index``.
    func slotAdded(_ slots: Int) {
        if index.count > 0 && index.count < slots { index.append(-1, count: slots - index.count) }
    }

    // MARK: - Shared lists

    /// Gives world `k` the walls of `list`: the walls it had that are in both lists keep their
    /// arbiter records (``WallChange``: Chipmunk keeps their shapes, and their arbiters with the
    /// box), the others' go, the new ones start without. The world's wall set is `list` with
    /// the order its walls were put in the space (made if no world has it). `order`, for a
    /// world without walls: the order they were put in the space, if not the list's (a restored
    /// snapshot's).
    func setWalls(_ list: [Wall], _ k: Int, order: [Int]? = nil) {
        let old = worlds[k].wallSet
        let oldList = wallList(k)
        let kept = old < 0 || list.isEmpty ? [] : WallChange.kept(from: oldList, to: list)
        var start: Int32 = 0
        if !list.isEmpty {
            let id: Int32
            let listOrder = order.map { o in o.indices.allSatisfy { o[$0] == $0 } } ?? true
            if old < 0, listOrder, wallLists.isLive(lastWallSet), Self.sameBits(wallListOf[Int(lastWallSet)], list),
                insertionOf[Int(lastWallSet)].indices.allSatisfy({ insertionOf[Int(lastWallSet)][$0] == $0 })
            {
                id = lastWallSet
                wallLists.retain(id)
            } else {
                let insertion =
                    old < 0
                    ? (order ?? Array(list.indices))
                    : WallChange.insertion(oldInsertion: insertionOf[Int(old)], kept: kept, count: list.count)
                let (taken, isNew) = wallLists.take(BitKey(list, insertion: insertion))
                if isNew { makeWallSet(taken, list, insertion) }
                id = taken
                if old < 0, listOrder { lastWallSet = id }
            }
            if arbiters.items.capacity == 0 { arbiters.items.reserve(reservedWorlds * list.count) }
            start = arbiters.allocate(list.count, ArbiterRecord())
            for pair in kept { arbiters.items[Int(start) + pair.new] = arbiters.items[Int(worlds[k].arbiters) + pair.old] }
            worlds[k].wallSet = id
        } else {
            worlds[k].wallSet = -1
        }
        if old >= 0 {
            arbiters.release(worlds[k].arbiters, oldList.count)
            if wallLists.release(old) {
                wallListOf[Int(old)] = []
                insertionOf[Int(old)] = []
                let set = wallSets[Int(old)]
                walls.release(set.walls, Int(set.count))
                orders.release(set.orders, WallOrders.size(Int(set.count)))
                insertions.release(set.insertion, Int(set.count))
            }
        }
        worlds[k].arbiters = start
    }

    /// The shapes, hash bins, insertion order and query orders of a new wall set.
    private func makeWallSet(_ id: Int32, _ list: [Wall], _ insertion: [Int]) {
        if Int(id) == wallListOf.count {
            wallListOf.append(list)
            insertionOf.append(insertion)
        } else {
            wallListOf[Int(id)] = list
            insertionOf[Int(id)] = insertion
        }
        let shapes = list.map(SegmentShape.init)
        let hash = WallHash(shapes)
        let start = walls.allocate(list.count, WallEntry(shape: shapes[0], bins: 0, side: WallSweep.Side(list[0])))
        for (n, shape) in shapes.enumerated() {
            walls.items[Int(start) + n] = WallEntry(shape: shape, bins: hash.bins[n], side: WallSweep.Side(list[n]))
        }
        let table = WallOrders.table(hash, insertion: insertion)
        let orderStart = orders.allocate(table.count, 0)
        for (n, byte) in table.enumerated() { orders.items[Int(orderStart) + n] = byte }
        let insertionStart = insertions.allocate(list.count, 0)
        for (n, k) in insertion.enumerated() { insertions.items[Int(insertionStart) + n] = UInt8(k) }
        let info = WallSetInfo(walls: start, count: Int32(list.count), orders: orderStart, insertion: insertionStart)
        if Int(id) == wallSets.count { wallSets.append(info) } else { wallSets[Int(id)] = info }
    }

    func setFields(_ list: [Field], _ k: Int) {
        let old = worlds[k].fieldSet
        if old >= 0 {
            if fieldLists.release(old) { fields.release(fieldSets[Int(old)].fields, Int(fieldSets[Int(old)].count)) }
            worlds[k].fieldSet = -1
        }
        guard !list.isEmpty else { return }
        if fieldLists.isLive(lastFields.id), Self.sameStorage(lastFields.list, list) {
            fieldLists.retain(lastFields.id)
            worlds[k].fieldSet = lastFields.id
            return
        }
        let (id, isNew) = fieldLists.take(BitKey(list))
        if isNew {
            let prepared = list.map(PreparedField.init)
            let start = fields.allocate(list.count, prepared[0])
            for (n, f) in prepared.enumerated() { fields.items[Int(start) + n] = f }
            let info = FieldSetInfo(fields: start, count: Int32(list.count))
            if Int(id) == fieldSets.count { fieldSets.append(info) } else { fieldSets[Int(id)] = info }
        }
        worlds[k].fieldSet = id
        lastFields = (list, id)
    }

    /// Whether two arrays share their storage (then their elements are the same, to the bit).
    static func sameStorage<T>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }

    /// Whether two wall lists are the same to the bit.
    static func sameBits(_ a: [Wall], _ b: [Wall]) -> Bool {
        a.count == b.count && a.indices.allSatisfy { WallChange.same(a[$0], b[$0]) }
    }

    func setMaterial(_ properties: ItemProperties, _ k: Int) {
        let old = worlds[k].material
        var id: Int32 = 0
        if Self.sameBits(properties, ItemProperties()) {
            id = 0
        } else if materialList.isLive(lastMaterial), Self.sameBits(materials[Int(lastMaterial)], properties) {
            id = lastMaterial
            materialList.retain(id)
        } else {
            let (taken, isNew) = materialList.take(BitKey(properties))
            if isNew {
                if Int(taken) == materials.count { materials.append(properties) } else { materials[Int(taken)] = properties }
            }
            id = taken
            lastMaterial = id
        }
        worlds[k].material = id
        if old != 0 { materialList.release(old) }
    }

    static func sameBits(_ a: ItemProperties, _ b: ItemProperties) -> Bool {
        a.elasticity.bitPattern == b.elasticity.bitPattern && a.friction.bitPattern == b.friction.bitPattern
            && a.resistance.bitPattern == b.resistance.bitPattern && a.angularResistance.bitPattern == b.angularResistance.bitPattern
            && a.charge.bitPattern == b.charge.bitPattern
    }

    /// The walls world `k` was last given (empty without walls).
    func wallList(_ k: Int) -> [Wall] {
        worlds[k].wallSet < 0 ? [] : wallListOf[Int(worlds[k].wallSet)]
    }

    func material(_ k: Int) -> ItemProperties { materials[Int(worlds[k].material)] }

    // MARK: - Pushes

    /// How many continuous pushes world `k` has.
    func forceCount(_ k: Int) -> Int { Int(worlds[k].forceCount) }

    /// Adds a push at the end of world `k`'s list (moved to a longer run when its run is full).
    func addForce(_ push: Push, _ k: Int) -> ForceID {
        let id = ForceID(worlds[k].nextForce)
        worlds[k].nextForce &+= 1
        let count = Int(worlds[k].forceCount), capacity = Int(worlds[k].forceCapacity)
        if count == capacity {
            let grown = max(2, 2 * capacity)
            let start = pushes.allocate(grown, push)
            // The two pools grow in step. (Not inside the precondition: -Ounchecked drops the
            // condition with its side effects, and the ids' run was then never allocated.)
            let idStart = forceIDs.allocate(grown, id)
            precondition(idStart == start)
            let old = Int(worlds[k].forces)
            for n in 0..<count {
                pushes.items[Int(start) + n] = pushes.items[old + n]
                forceIDs.items[Int(start) + n] = forceIDs.items[old + n]
            }
            releaseForces(k)
            worlds[k].forces = start
            worlds[k].forceCapacity = UInt8(grown)
        }
        pushes.items[Int(worlds[k].forces) + count] = push
        forceIDs.items[Int(worlds[k].forces) + count] = id
        worlds[k].forceCount += 1
        return id
    }

    /// Removes a push, keeping the others' order; false if world `k` has none with this id.
    func removeForce(_ id: ForceID, _ k: Int) -> Bool {
        let start = Int(worlds[k].forces), count = Int(worlds[k].forceCount)
        guard let n = (0..<count).first(where: { forceIDs.items[start + $0] == id }) else { return false }
        for m in n..<count - 1 {
            pushes.items[start + m] = pushes.items[start + m + 1]
            forceIDs.items[start + m] = forceIDs.items[start + m + 1]
        }
        worlds[k].forceCount -= 1
        return true
    }

    private func releaseForces(_ k: Int) {
        let capacity = Int(worlds[k].forceCapacity)
        guard capacity > 0 else { return }
        pushes.release(worlds[k].forces, capacity)
        forceIDs.release(worlds[k].forces, capacity)
    }
}

/// A step's raw views of a ``DynamicsStore`` (valid while the step runs: nothing grows them
/// then).
struct DynamicsView: @unchecked Sendable {
    var worlds: UnsafeMutablePointer<WorldDynamics>
    var index: UnsafeMutablePointer<Int32>
    var wallSets: UnsafeMutablePointer<WallSetInfo>
    var walls: UnsafeMutablePointer<WallEntry>
    var orders: UnsafeMutablePointer<UInt8>
    var arbiters: UnsafeMutablePointer<ArbiterRecord>
    var fieldSets: UnsafeMutablePointer<FieldSetInfo>
    var fields: UnsafeMutablePointer<PreparedField>
    var materials: UnsafeMutablePointer<ItemProperties>
    var pushes: UnsafeMutablePointer<Push>
    var insertions: UnsafeMutablePointer<UInt8>

    /// Slot `i`'s record.
    @inline(__always) func world(_ i: Int) -> UnsafeMutablePointer<WorldDynamics> { worlds + Int(index[i]) }
}

/// The IEEE bit patterns of a value's numbers (and its cases' tags): equal keys mean the same
/// bits, where `==` would take −0 for +0.
struct BitKey: Hashable {
    var words: [UInt64] = []

    /// A wall list and the order its walls were put in the space.
    init(_ list: [Wall], insertion: [Int]) {
        words.reserveCapacity(8 * list.count)
        for w in list { add(w.start.x, w.start.y, w.end.x, w.end.y, w.radius, w.elasticity, w.friction) }
        words += insertion.map { UInt64($0) }
    }

    init(_ p: ItemProperties) {
        add(p.elasticity, p.friction, p.resistance, p.angularResistance, p.charge)
    }

    init(_ list: [Field]) {
        for f in list {
            switch f.kind {
            case .linearGravity(let d): tag(0, d.x, d.y)
            case .radialGravity: tag(1)
            case .spring: tag(2)
            case .drag: tag(3)
            case .velocity(let target): tag(4, target.x, target.y)
            case .vortex: tag(5)
            case .noise(let smoothness, let speed): tag(6, smoothness, speed)
            case .turbulence(let smoothness, let speed): tag(7, smoothness, speed)
            case .electric: tag(8)
            case .magnetic: tag(9)
            }
            switch f.region {
            case .everywhere: tag(0)
            case .rectangle(let w, let h): tag(1, w, h)
            case .circle(let r): tag(2, r)
            }
            add(f.position.x, f.position.y, f.strength, f.falloff, f.minimumRadius)
            words.append(f.inverted ? 1 : 0)
            words.append(f.seed)
        }
    }

    private mutating func add(_ values: Double...) {
        for v in values { words.append(v.bitPattern) }
    }

    private mutating func tag(_ t: UInt64, _ values: Double...) {
        words.append(t)
        for v in values { words.append(v.bitPattern) }
    }
}
