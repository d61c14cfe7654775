/// A world's joint data, one record per slot sized for the larger kind: a world holds a pivot
/// joint (``PivotJoint``, 128 bytes) or the two attraction springs (``AttractionSprings``,
/// 136 bytes), never both, so the two share the bytes like a C union. The slot's
/// ``SlotRecord/kind`` says which is there; the record's bytes mean nothing for `.none`.
///
/// The kinds are read and written whole, as raw loads and stores of trivial types (every
/// field is a `Double`), which the optimizer turns into plain register traffic.
struct JointRecord {
    /// 17 `Double`s of storage.
    var storage:
        (
            Double, Double, Double, Double, Double, Double, Double, Double, Double,
            Double, Double, Double, Double, Double, Double, Double, Double
        ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// Whether `Kind` fits a record: checked once, by ``NativeBackend``'s initializer.
    static func holds<Kind>(_: Kind.Type) -> Bool {
        MemoryLayout<Kind>.size <= MemoryLayout<JointRecord>.size
            && MemoryLayout<JointRecord>.alignment % MemoryLayout<Kind>.alignment == 0
            && _isPOD(Kind.self)
    }
}

/// The joint records of a backend as raw memory, valid while the array's storage is borrowed.
struct JointRecords: @unchecked Sendable {
    let base: UnsafeMutableRawPointer

    @inline(__always) func load<Kind>(_ i: Int, as _: Kind.Type) -> Kind {
        base.load(fromByteOffset: i &* MemoryLayout<JointRecord>.stride, as: Kind.self)
    }

    @inline(__always) func store<Kind>(_ value: Kind, _ i: Int) {
        base.storeBytes(of: value, toByteOffset: i &* MemoryLayout<JointRecord>.stride, as: Kind.self)
    }
}

extension ContiguousArray<JointRecord> {
    /// Writes `value` (a ``PivotJoint`` or ``AttractionSprings``) into record `i`.
    mutating func store<Kind>(_ value: Kind, _ i: Int) {
        withUnsafeMutableBytes { JointRecords(base: $0.baseAddress!).store(value, i) }
    }

    /// Reads record `i` as a ``PivotJoint`` or ``AttractionSprings``.
    mutating func load<Kind>(_ i: Int, as kind: Kind.Type) -> Kind {
        withUnsafeMutableBytes { JointRecords(base: $0.baseAddress!).load(i, as: kind) }
    }
}
