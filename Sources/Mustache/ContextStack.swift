/// The stack of values that names are looked up in, innermost last.
struct ContextStack {
    private var frames: [MustacheValue]

    init(_ root: MustacheValue) {
        frames = [root]
    }

    mutating func push(_ value: MustacheValue) {
        frames.append(value)
    }

    mutating func pop() {
        frames.removeLast()
    }

    /// The spec's lookup: `.` is the innermost value; otherwise the first key is searched from
    /// the innermost frame outwards, and the remaining keys only inside what it found.
    func lookup(_ path: Path) -> MustacheValue? {
        guard let first = path.keys.first else { return frames.last }
        guard var value = frames.lastMatch(first) else { return nil }
        for key in path.keys.dropFirst() {
            guard case .dictionary(let dictionary) = value, let next = dictionary[key] else { return nil }
            value = next
        }
        return value
    }
}

extension [MustacheValue] {
    fileprivate func lastMatch(_ key: String) -> MustacheValue? {
        for frame in reversed() {
            if case .dictionary(let dictionary) = frame, let value = dictionary[key] {
                return value
            }
        }
        return nil
    }
}
