import Foundation
import Mustache
import Platform

/// What the previous build made each page from, kept outside the site
/// (`OutputDirectory.recordFile`, `.aura/build/Public/record`): per
/// page, a key over everything its bytes depend on (the templates, the design tokens, the
/// assets, the executable that rendered it, and the page's whole view model), the SHA-256 of what
/// it wrote and the written file's stamp (`OutputDirectory.stamp`). A rebuild links a page
/// whose key is unchanged and whose file still bears its stamp from the previous site instead
/// of rendering, hashing and writing it again; a page edited by hand in the site is rendered.
package struct BuildManifest: Sendable {
    /// One file's record. The record is read a piece at a time and never held whole (14 MB at
    /// 20,000 entries), so nothing in it is a slice of the text it was read from.
    package struct Record: Sendable, Equatable {
        /// The page's key; nil for a file that is not a page (assets, feeds, `sw.js`), which is
        /// recorded for its stamp.
        let key: SHA256Digest?
        let digest: SHA256Digest
        /// The written file's stamp: the file is still as written while it matches.
        let stamp: FileStamp
    }

    /// How the record writes a missing key.
    private static let notAPage: Substring = "-"

    /// By output path, the files recorded one by one. (Substrings hash at a third of the
    /// speed of Strings.)
    private var records: [String: Record] = [:]
    /// The previous build's records, taken whole by `takeFiles(of:)` and shared with it rather
    /// than copied (4 MB at 20,000 entries); a file recorded again is found in `records` first.
    private var taken: [String: Record] = [:]
    /// How many of `records` are also in `taken`.
    private var retaken = 0
    /// The paths in the order they were first recorded, which is the order the build made its
    /// files in, until `sortPaths()` puts them in path order, as the record is written: a
    /// rebuild that makes the same files then finds them in order.
    private(set) var paths: [String] = []
    /// The digest of the inputs' stamps when the build began (`UnchangedSite`).
    var inputs: String?
    /// The same without the site's entries (`InputStamps.besides(entryFolder:)`).
    var inputsBesidesEntries: String?
    /// Where the record read holds the entries its build read, as the site's lines
    /// (`SiteDefinition.entryLineTag`), for this build to take unchanged files from: they come
    /// last, and are read from there only by a build that renders.
    private(set) var entryLines: (file: URL, offset: Int)?

    init() {}

    /// The record the last build of `destination` left, whose entries' lines start with
    /// `entryLineTag`; empty when there is none or it cannot be read.
    init(of destination: URL, fileSystem: FileSystem, entryLineTag: String) {
        let file = OutputDirectory.recordFile(of: destination)
        let entryTag = Array("\(entryLineTag)\t".utf8)
        var read = BuildManifest()
        let readable = RecordText.forEachLine(ofFileAt: file, in: fileSystem) { line, offset in
            if line.utf8.starts(with: entryTag) {
                read.entryLines = (file, offset)
                return false
            }
            let fields = RecordText.fields(line, separatedBy: 0x20, limit: 4)
            switch (fields.first, fields.count) {
            case ("inputs", 2): read.inputs = String(fields[1])
            case ("inputs-besides-entries", 2): read.inputsBesidesEntries = String(fields[1])
            case (_, 4):
                // A line whose digests do not read is left out: that file is made again.
                let key = fields[0] == Self.notAPage ? nil : SHA256Digest(hex: fields[0])
                if key != nil || fields[0] == Self.notAPage, let digest = SHA256Digest(hex: fields[1]),
                    let stamp = FileStamp(hex: fields[2])
                {
                    read[String(fields[3])] = Record(key: key, digest: digest, stamp: stamp)
                }
            default: break
            }
            return true
        }
        if readable { self = read }
    }

    package subscript(path: String) -> Record? {
        get { records[path] ?? taken[path] }
        set {
            guard let newValue else { preconditionFailure("a build never takes a file back from its record") }
            guard records.updateValue(newValue, forKey: path) == nil else { return }
            if taken[path] == nil { paths.append(path) } else { retaken += 1 }
        }
    }

    /// How many files are recorded.
    var count: Int { records.count + taken.count - retaken }

    /// Every file's path and record, in `paths` order.
    var files: [(path: String, record: Record)] { paths.map { ($0, self[$0]!) } }

    /// Starts from `previous`'s files, for a build that makes the same ones (only culture
    /// entries' bodies changed) and has recorded none yet: the files it makes again replace
    /// their records, and the files it carries over keep theirs without being recorded one by
    /// one.
    mutating func takeFiles(of previous: BuildManifest) {
        precondition(count == 0 && previous.taken.isEmpty)
        (records, taken, paths) = ([:], previous.records, previous.paths)
    }

    /// Puts `paths` in path order: quick when they are already (Swift's sort takes runs that
    /// are in order as they are).
    mutating func sortPaths() {
        paths.sort()
    }

    /// Makes room for `count` files.
    mutating func reserveCapacity(_ count: Int) {
        records.reserveCapacity(count)
        paths.reserveCapacity(count)
    }

    /// This record without the files `leftOut` names.
    func without(_ leftOut: (String) -> Bool) -> BuildManifest {
        var kept = BuildManifest()
        (kept.inputs, kept.inputsBesidesEntries) = (inputs, inputsBesidesEntries)
        for path in paths where !leftOut(path) { kept[path] = self[path] }
        return kept
    }

    /// Writes the record in pieces (`RecordText.Writer`): the inputs' digests, one line per
    /// file, `key digest stamp path`, in `paths` order, then the lines `entries` writes (one per
    /// entry, `SiteDefinition.writeEntryLines`).
    func write(to put: (UnsafeRawBufferPointer) throws -> Void, entries: (inout RecordText.Writer) throws -> Void)
        throws
    {
        try RecordText.Writer.writing(to: put) { out in
            if let inputs { try out.put("inputs \(inputs)\n") }
            if let inputsBesidesEntries { try out.put("inputs-besides-entries \(inputsBesidesEntries)\n") }
            for path in paths {
                let record = self[path]!
                if let key = record.key { try out.put(key, then: 0x20) } else { try out.put(Self.notAPage, then: 0x20) }
                try out.put(record.digest, then: 0x20)
                try out.put(record.stamp.bytes, then: 0x20)
                try out.put(path[...], then: 0x0A)
            }
            try entries(&out)
        }
    }

    /// The size and modification time of this executable.
    static var executableStamp: String {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else { return "" }
        return "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)\n"
    }

    /// A short digest of every file recorded but the one at `leftOut`, by path and content: it
    /// changes whenever any of them does (the service worker's version). By path, since a build
    /// that carries pages over records them in another order (sorting takes a moment when they
    /// are already sorted, as a rebuild's record is).
    mutating func version(leavingOut leftOut: String) -> String {
        sortPaths()
        // Fed line by line: the list runs to megabytes for a large site.
        let files = Fingerprint.Stream()
        var line: [UInt8] = []
        for path in paths where path != leftOut {
            line.removeAll(keepingCapacity: true)
            line += path.utf8
            line.append(0x20)
            self[path]!.digest.appendHex(to: &line)
            line.append(0x0A)
            files.update(line)
        }
        return files.short()
    }

    /// The key of `page`, whose template's key is `template` (`Theme.templateKeys`): from the
    /// inputs it names, or else from its view model.
    static func key(of page: Page, template: String) throws -> SHA256Digest {
        var bytes = Array("\(template)\n\(page.template)\n".utf8)
        if let inputs = page.inputs {
            bytes += Array("inputs\n".utf8) + Array(inputs().utf8)
        } else {
            try page.context().appendCanonicalBytes(to: &bytes)
        }
        return Fingerprint.sha256(bytes)
    }
}

extension MustacheValue {
    /// The value as bytes that differ whenever the value does: typed, length-prefixed, with
    /// dictionary keys sorted (their order in memory changes from run to run).
    package func appendCanonicalBytes(to bytes: inout [UInt8]) {
        func text(_ tag: UInt8, _ string: String) {
            bytes.append(tag)
            // The length in decimal digits, then a colon: written in place, as this runs for
            // every value of every page of every build.
            let count = string.utf8.count
            var divisor = 1
            while divisor <= count / 10 { divisor *= 10 }
            while divisor > 0 {
                bytes.append(0x30 + UInt8(count / divisor % 10))
                divisor /= 10
            }
            bytes.append(0x3A)
            bytes += string.utf8
        }
        switch self {
        case .null: bytes.append(0x6E)
        case .bool(let value): bytes.append(value ? 0x74 : 0x66)
        case .int(let value): text(0x69, String(value))
        case .double(let value): text(0x64, String(value))
        case .string(let value): text(0x73, value)
        case .array(let values):
            text(0x61, String(values.count))
            for value in values { value.appendCanonicalBytes(to: &bytes) }
        case .dictionary(let values):
            text(0x6D, String(values.count))
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                text(0x6B, key)
                value.appendCanonicalBytes(to: &bytes)
            }
        }
    }
}
