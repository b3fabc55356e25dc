/// A build's pages, in order: some held as made, and runs of pages made each time one is asked
/// for. A culture entry's page is made from its entry as it renders and released with it, so a
/// build of ten thousand entries never holds ten thousand pages (each a path, an output file
/// and two view-model makers) at once.
package struct PageList: RandomAccessCollection, Sendable {
    private enum Run: Sendable {
        case held([Page])
        case made(count: Int, page: @Sendable (Int) -> Page)

        var count: Int {
            switch self {
            case .held(let pages): pages.count
            case .made(let count, _): count
            }
        }
    }

    private let runs: [Run]
    package let endIndex: Int

    package var startIndex: Int { 0 }

    /// The pages `pages` holds.
    package init(_ pages: [Page] = []) {
        self.init(runs: pages.isEmpty ? [] : [.held(pages)])
    }

    /// `count` pages, the one at each index made by `page` when asked for.
    package init(count: Int, page: @escaping @Sendable (Int) -> Page) {
        self.init(runs: count == 0 ? [] : [.made(count: count, page: page)])
    }

    private init(runs: [Run]) {
        self.runs = runs
        endIndex = runs.reduce(0) { $0 + $1.count }
    }

    package subscript(position: Int) -> Page {
        precondition(indices.contains(position), "page index out of range")
        var offset = position
        for run in runs {
            guard offset >= run.count else {
                switch run {
                case .held(let pages): return pages[offset]
                case .made(_, let page): return page(offset)
                }
            }
            offset -= run.count
        }
        preconditionFailure("page index out of range")
    }

    package static func + (first: PageList, second: PageList) -> PageList {
        PageList(runs: first.runs + second.runs)
    }
}
