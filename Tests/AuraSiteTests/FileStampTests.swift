import Foundation
import Platform
import SiteEngine
import Testing

@testable import AuraSite

/// A stamp tells apart every change a build must see (size, inode, either time to the
/// nanosecond), reads back from the record as it was written, and a real file never bears
/// `missing`.
struct FileStampTests {
    /// A `stat` with these fields and zeros elsewhere.
    static func status(
        size: Int = 10, inode: UInt = 7, modified: timespec = timespec(tv_sec: 1_700_000_000, tv_nsec: 5),
        changed: timespec = timespec(tv_sec: 1_700_000_001, tv_nsec: 6)
    ) -> stat {
        var status = stat()
        (status.st_size, status.st_ino, status.st_mtim, status.st_ctim) = (size, inode, modified, changed)
        return status
    }

    @Test func eachFieldChangesTheStamp() {
        let stamp = FileStamp(Self.status(), withChangeTime: true)
        let changed = [
            Self.status(size: 11), Self.status(inode: 8),
            Self.status(modified: timespec(tv_sec: 1_700_000_000, tv_nsec: 6)),
            Self.status(modified: timespec(tv_sec: 1_700_000_002, tv_nsec: 5)),
            Self.status(changed: timespec(tv_sec: 1_700_000_001, tv_nsec: 7)),
            Self.status(changed: timespec(tv_sec: -1, tv_nsec: 6))
        ].map { FileStamp($0, withChangeTime: true) }
        #expect(Set(changed + [stamp]).count == changed.count + 1)
        #expect(FileStamp(Self.status(), withChangeTime: true) == stamp)
    }

    @Test func anOutputStampLeavesTheChangeTimeOut() {
        let later = Self.status(changed: timespec(tv_sec: 1_800_000_000, tv_nsec: 0))
        #expect(FileStamp(Self.status(), withChangeTime: false) == FileStamp(later, withChangeTime: false))
        #expect(FileStamp(Self.status(), withChangeTime: true) != FileStamp(later, withChangeTime: true))
    }

    @Test func readsBackWhatTheRecordHolds() throws {
        let stamps = [
            FileStamp(Self.status(), withChangeTime: true), FileStamp(contentsOf: Data("bytes".utf8)), .missing
        ]
        for stamp in stamps {
            #expect(FileStamp(hex: Substring(stamp.bytes.hex)) == stamp)
        }
        #expect(FileStamp(hex: "10 7 1700000000.5") == nil)
    }

    @Test func aFileOnDiskNeverBearsMissing() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let stamp = try #require(FileStamp.ofInput(file.path))
        #expect(stamp != .missing)
        #expect(OutputDirectory.stamp(file.path) != .missing)
        #expect(FileStamp.ofInput(file.path + "-gone") == nil)
    }
}
