/// What a viewport's layout depends on: its size and scroll offsets. Viewports with equal keys
/// share one layout.
///
/// Keys are looked up several times per viewport in every frame, so each is made once per
/// change of its viewport (`Viewport.layoutKey`) and its hash is computed once, at creation.
struct LayoutKey: Hashable {
    let width: Int, height: Int
    /// Each scroll container's identity and position, in the order of their identities.
    let offsets: [Int]
    private let hash: Int

    init(size: Size, scrollOffsets: [ObjectIdentifier: ScrollPosition]) {
        width = size.width
        height = size.height
        offsets = scrollOffsets.sorted { $0.key < $1.key }.flatMap { id, position in
            [Int(bitPattern: UInt(bitPattern: id)), position.x, position.y, (position.xAtAnchor ? 1 : 0) | (position.yAtAnchor ? 2 : 0)]
        }
        var hasher = Hasher()
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(offsets)
        hash = hasher.finalize()
    }

    static func == (a: LayoutKey, b: LayoutKey) -> Bool {
        a.hash == b.hash && a.width == b.width && a.height == b.height && a.offsets == b.offsets
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
