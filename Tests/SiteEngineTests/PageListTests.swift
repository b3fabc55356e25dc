import Foundation
import Synchronization
import Testing

@testable import SiteEngine

/// A page list hands out held pages and made ones in order, making a page only when it is
/// asked for.
struct PageListTests {
    private func page(_ path: String) -> Page {
        Page(
            path: path, outputFile: String(path.dropFirst()) + "index.html", template: "t", inSitemap: true,
            isPersonal: false
        ) { .null }
    }

    @Test func heldAndMadePagesComeInOrderAndAreMadeWhenAskedFor() {
        let made = Mutex(0)
        let list =
            PageList([page("/a/"), page("/b/")])
            + PageList(count: 3) { index in
                made.withLock { $0 += 1 }
                return page("/made-\(index)/")
            }
            + PageList() + PageList([page("/z/")])
        #expect(made.withLock { $0 } == 0)
        #expect(list.count == 6)
        #expect(list[3].path == "/made-1/")
        #expect(made.withLock { $0 } == 1)
        #expect(list.map(\.path) == ["/a/", "/b/", "/made-0/", "/made-1/", "/made-2/", "/z/"])
        #expect(list.last?.outputFile == "z/index.html" && list.first?.path == "/a/")
        #expect(PageList(count: 0) { _ in page("/never/") }.isEmpty)
    }
}
