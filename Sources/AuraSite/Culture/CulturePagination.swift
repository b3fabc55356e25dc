/// Where one page of a culture list sits among its pages: previous and next, and a short row
/// of page numbers (the first, the last and the two either side of the current one).
struct CulturePagination: Encodable, Sendable {
    struct Number: Encodable, Sendable {
        let number: Int
        let url: String
        let isCurrent: Bool
        /// Stands for the numbers left out between its neighbours.
        let isGap: Bool
    }

    let current: Int
    let count: Int
    let previousURL: String?
    let nextURL: String?
    let numbers: [Number]

    /// Nil when the list fits on one page. `url(n)` is page n's address; page 1 is the list's own.
    init?(current: Int, count: Int, url: (Int) -> String) {
        guard count > 1 else { return nil }
        self.current = current
        self.count = count
        previousURL = current > 1 ? url(current - 1) : nil
        nextURL = current < count ? url(current + 1) : nil
        let shown = Set([1, count] + Array(max(1, current - 2)...min(count, current + 2)))
        var numbers: [Number] = []
        for number in shown.sorted() {
            if let last = numbers.last?.number, number == last + 2 {
                numbers.append(Number(number: last + 1, url: url(last + 1), isCurrent: false, isGap: false))
            } else if let last = numbers.last?.number, number > last + 2 {
                numbers.append(Number(number: last + 1, url: "", isCurrent: false, isGap: true))
            }
            numbers.append(Number(number: number, url: url(number), isCurrent: number == current, isGap: false))
        }
        self.numbers = numbers
    }

    /// The address of page `number` of the list at `path` (`/culture/`, `/culture/kinds/drama/`).
    static func path(_ path: String, page number: Int) -> String {
        number == 1 ? path : path + "page/\(number)/"
    }
}
