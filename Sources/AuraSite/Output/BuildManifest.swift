import Foundation
import Mustache

/// What the previous build made each page from, kept beside the site as `.aura-build`: per
/// page, a key over everything its bytes depend on (the templates, the design tokens, the
/// assets, the `aura` that rendered it, and the page's whole view model) and the SHA-256 of
/// what it wrote. A rebuild links a page whose key is unchanged from the previous site instead
/// of rendering, hashing and writing it again.
struct BuildManifest: Sendable {
    static let fileName = ".aura-build"

    struct Record: Sendable, Equatable {
        let key: String
        let digest: String
    }

    /// By output path.
    private(set) var records: [String: Record] = [:]

    init() {}

    /// The manifest the build in `folder` left; empty when there is none or it cannot be read.
    init(in folder: URL, fileSystem: FileSystem) {
        guard let data = try? fileSystem.read(folder.appendingPathComponent(Self.fileName)),
              let text = String(data: data, encoding: .utf8) else { return }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count == 3 else { continue }
            records[String(fields[2])] = Record(key: String(fields[0]), digest: String(fields[1]))
        }
    }

    subscript(path: String) -> Record? {
        get { records[path] }
        set { records[path] = newValue }
    }

    /// One line per page, `key digest path`, sorted by path.
    var data: Data {
        Data(records.sorted { $0.key < $1.key }.map { "\($0.value.key) \($0.value.digest) \($0.key)\n" }.joined().utf8)
    }

    /// What every page of this build shares: this `aura` and every file of the theme.
    static func engineKey(templatesDirectory: URL, fileSystem: FileSystem) -> String {
        var bytes = Array("aura-build 1\n".utf8)
        var status = stat()
        if stat("/proc/self/exe", &status) == 0 {
            bytes += Array("\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)\n".utf8)
        }
        for path in fileSystem.files(templatesDirectory) {
            bytes += Array("\(path)\n".utf8)
            bytes += Array(Fingerprint.sha256Hex((try? fileSystem.read(templatesDirectory.appendingPathComponent(path))) ?? Data()).utf8)
        }
        return Fingerprint.sha256Hex(bytes)
    }

    /// The key of `page` under `engine`.
    static func key(of page: Page, engine: String) -> String {
        var bytes = Array("\(engine)\n\(page.template)\n".utf8)
        page.context.appendCanonicalBytes(to: &bytes)
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
