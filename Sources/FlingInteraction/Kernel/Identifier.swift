// One id type for every kind of thing an interaction names (tiles, snap items, touches), told
// apart by a tag: a tile's id and a snap item's id are different types that cannot be mixed up,
// yet are written once. Items are kept, stepped and hashed in id order, so ids are Comparable.

/// A kind of thing an ``Identifier`` names, and the word its ids print with (`tile 3`).
public protocol IdentifierTag {
    /// The word before the number in an id's description: `tile`, `item`, `touch`.
    static var noun: String { get }
}

/// The id of one thing of kind `Tag`: ``TileID``, ``SnapItem/ID``, ``TouchID``, ``TouchEvent/ItemID``.
/// Ids of different kinds are different types; `init(_:)` converts one into another of the
/// same number.
public struct Identifier<Tag: IdentifierTag>: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    public var rawValue: Int
    @inlinable public init(_ rawValue: Int) { self.rawValue = rawValue }
    @inlinable public init(integerLiteral value: Int) { self.rawValue = value }
    /// The id of the same number, of another kind (a tile's id as the ``TouchEvent/ItemID`` a touch names).
    @inlinable public init<Other>(_ other: Identifier<Other>) { self.rawValue = other.rawValue }
    @inlinable public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "\(Tag.noun) \(rawValue)" }
}

extension TouchEvent {
    /// The tag of ``TouchEvent/ItemID``: an item of whatever interaction a touch goes to.
    public enum AnyItem: IdentifierTag {
        public static let noun = "item"
    }

    /// An item named by a touch (`TouchEvent/item`): the number of a tile's ``TileID`` or of a snap
    /// item's ``SnapItem/ID``, whichever the animator the touch goes to holds.
    public typealias ItemID = Identifier<TouchEvent.AnyItem>
}
