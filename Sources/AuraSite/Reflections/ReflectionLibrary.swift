import Diagnostics
import Foundation
import Platform
import SiteEngine

/// Every reflection in `Content/reflections/`, and the choice of one for a day.
struct ReflectionLibrary: Sendable {
    static let folderName = "reflections"
    let reflections: [Reflection]

    /// Loads every `*.md` in the folder, listing every file's problem; a missing folder is empty.
    /// Files that all bear the stamps of the last read are not read again.
    static func load(contentDirectory: URL, in fileSystem: FileSystem) throws -> ReflectionLibrary {
        let folder = contentDirectory.appendingPathComponent(folderName)
        let names = fileSystem.names(in: folder, endingWith: ".md")
        return try read.value(
            folder.path, paths: names.map { folder.appendingPathComponent($0).path }, in: fileSystem
        ) { try reading(names, in: folder, fileSystem) }
    }

    /// Libraries as last read, by folder: a server builds its sites again after every Done.
    private static let read = StampedInputs<ReflectionLibrary>()

    private static func reading(_ names: [String], in folder: URL, _ fileSystem: FileSystem) throws
        -> ReflectionLibrary
    {
        var reflections: [Reflection] = []
        var errors: [SourceError] = []
        for name in names {
            let url = folder.appendingPathComponent(name)
            do {
                reflections.append(
                    try Reflection.parse(try ContentFile.read(url, in: fileSystem), file: displayPath(url)))
            } catch {
                errors += try SourceErrors.unpack(error)
            }
        }
        guard errors.isEmpty else { throw SourceErrors(errors: errors) }
        return ReflectionLibrary(reflections: reflections)
    }

    /// The reflection for `time` on the day described by `facts`: among those whose
    /// conditions hold, the most specific (see `ReflectionCondition.weight`); among equals,
    /// one chosen by a hash of the date, so each date keeps its choice across rebuilds.
    func choose(_ time: Reflection.Time, for facts: ReflectionFacts, date: String) -> Reflection? {
        let fitting = reflections.filter { $0.time == time && $0.applies(to: facts) }
        guard let specificity = fitting.map(\.specificity).max() else { return nil }
        let best = fitting.filter { $0.specificity == specificity }
        let digest = Fingerprint.sha256Hex(Array((date + time.rawValue).utf8))
        let index = Int(UInt64(digest.prefix(12), radix: 16)! % UInt64(best.count))
        return best[index]
    }
}
