/// A file's stamp as text: integers from its `stat`, each followed by one separator. Made
/// without string interpolation, which cost a rebuild of 10,000 entries more than the twenty
/// thousand `stat` calls it formats.
enum StampText {
    /// `numbers` in decimal, the separator `separators[i]` between the `i`th and the next.
    static func make(_ numbers: Int..., separators: StaticString) -> String {
        precondition(separators.utf8CodeUnitCount == numbers.count - 1)
        // 20 digits and a sign at most per number. Written on the stack and then copied into a
        // string of just its length: a build keeps one stamp per file, and the string would
        // otherwise keep room for the longest numbers.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: numbers.count * 22) { text in
            var end = 0
            for (index, number) in numbers.enumerated() {
                if index > 0 {
                    text[end] = separators.utf8Start[index - 1]
                    end += 1
                }
                if number < 0 {
                    text[end] = 0x2D
                    end += 1
                }
                var remaining = number.magnitude
                let first = end
                repeat {
                    text[end] = 0x30 + UInt8(remaining % 10)
                    remaining /= 10
                    end += 1
                } while remaining > 0
                text[first..<end].reverse()
            }
            return String(decoding: UnsafeBufferPointer(rebasing: text[..<end]), as: UTF8.self)
        }
    }
}
