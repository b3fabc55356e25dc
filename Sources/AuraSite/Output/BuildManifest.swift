import Foundation
import Mustache

/// What the previous build made each page from, kept beside the site as `.aura-build`: per
/// page, a key over everything its bytes depend on (the templates, the design tokens, the
/// assets, the `aura` that rendered it, and the page's whole view model), the SHA-256 of what
/// it wrote and the written file's stamp (`OutputDirectory.stamp`). A rebuild links a page
/// whose key is unchanged and whose file still bears its stamp from the previous site instead
/// of rendering, hashing and writing it again; a page edited by hand in the site is rendered.
struct BuildManifest: Sendable {
    static let fileName = ".aura-build"

    struct Record: Sendable, Equatable {
        let key: String
        let digest: String
        /// The written file's stamp: the file is still as written while it matches.
        let stamp: String
    }

    /// The key of a file that is not a page (assets, feeds, `sw.js`): recorded for its stamp.
    static let notAPage = "-"

    /// By output path.
    private(set) var records: [String: Record] = [:]
    /// The digest of the inputs' stamps when the build began (`UnchangedSite`).
    var inputs: String?
    /// The culture entries the build read, for the next build to take unchanged files from.
    var culture = CultureCache()

    init() {}

    /// The manifest the build in `folder` left; empty when there is none or it cannot be read.
    /// `culture` false leaves the culture entries unread (`UnchangedSite` needs only the files).
    init(in folder: URL, fileSystem: FileSystem, culture readingCulture: Bool = true) {
        guard let data = try? fileSystem.read(folder.appendingPathComponent(Self.fileName)),
              let text = String(validating: data, as: UTF8.self) else { return }
        // Split by bytes: splitting by Characters costs more than everything else here.
        for lineBytes in text.utf8.split(separator: 0x0A) {
            let line = Substring(lineBytes)
            if line.hasPrefix("inputs ") {
                inputs = String(line.dropFirst("inputs ".count))
            } else if line.hasPrefix(CultureCache.lineTag + "\t") {
                guard readingCulture else { continue }
                culture.read(lineBytes.split(separator: 0x09, omittingEmptySubsequences: false).dropFirst().map(Substring.init))
            } else {
                let fields = lineBytes.split(separator: 0x20, maxSplits: 3)
                guard fields.count == 4 else { continue }
                records[String(Substring(fields[3]))] = Record(key: String(Substring(fields[0])), digest: String(Substring(fields[1])),
                                                               stamp: String(Substring(fields[2])))
            }
        }
    }

    subscript(path: String) -> Record? {
        get { records[path] }
        set { records[path] = newValue }
    }

    /// This record without the files `leftOut` names.
    func without(_ leftOut: (String) -> Bool) -> BuildManifest {
        var kept = self
        kept.records = records.filter { !leftOut($0.key) }
        return kept
    }

    /// One line per file, `key digest stamp path`, sorted by path, then one per culture entry.
    var data: Data {
        Data(((inputs.map { "inputs \($0)\n" } ?? "") + records.sorted { $0.key < $1.key }
            .map { "\($0.value.key) \($0.value.digest) \($0.value.stamp) \($0.key)\n" }.joined()
            + culture.lines.map { $0 + "\n" }.joined()).utf8)
    }

    /// The size and modification time of this `aura`.
    static var executableStamp: String {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else { return "" }
        return "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)\n"
    }

    /// What every page of this build shares: this `aura` and every file of the theme.
    static func engineKey(templatesDirectory: URL, fileSystem: FileSystem) -> String {
        var bytes = Array("aura-build 1\n".utf8)
        bytes += Array(executableStamp.utf8)
        for path in fileSystem.files(templatesDirectory) {
            bytes += Array("\(path)\n".utf8)
            bytes += Array(Fingerprint.sha256Hex((try? fileSystem.read(templatesDirectory.appendingPathComponent(path))) ?? Data()).utf8)
        }
        return Fingerprint.sha256Hex(bytes)
    }

    /// The key of `page` under `engine`: from the inputs it names, or else from its view model.
    static func key(of page: Page, engine: String) throws -> String {
        var bytes = Array("\(engine)\n\(page.template)\n".utf8)
        if let inputs = page.inputs {
            bytes += Array("inputs\n".utf8) + Array(inputs.utf8)
        } else {
            try page.context().appendCanonicalBytes(to: &bytes)
        }
        return Fingerprint.sha256Hex(bytes)
    }
}

extension MustacheValue {
    /// The value as bytes that differ whenever the value does: typed, length-prefixed, with
    /// dictionary keys sorted (their order in memory changes from run to run).
    func appendCanonicalBytes(to bytes: inout [UInt8]) {
        func text(_ tag: UInt8, _ string: String) {
            bytes.append(tag)
            bytes += Array("\(string.utf8.count):".utf8)
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
