import Foundation

/// A deploy target the system's `rsync` reaches: a local folder, `user@host:path` over ssh, or
/// `rsync://host/module/path`. Each phase of the plan is one rsync of exactly its files
/// (`--files-from`), with `--checksum` and `--delay-updates`, so the files of a phase appear on
/// the target together; deletions are one rsync from a folder that holds only the files' folders,
/// with `--delete-missing-args`, which deletes exactly the files listed and nothing beside them.
package struct RsyncStore: DeployStore {
    let destination: String

    package init(_ destination: String) {
        self.destination = destination.hasSuffix("/") ? destination : destination + "/"
    }

    package func readManifest() throws(DeployError) -> Data? {
        let folder = try Scratch()
        defer { folder.remove() }
        let copy = folder.url.appendingPathComponent("manifest.json")
        let run = try rsync(["--checksum", destination + DeployManifest.name, copy.path])
        if run.status == 0 { return FileManager.default.contents(atPath: copy.path) }
        // 23: "some files could not be transferred", which a missing manifest (or folder) is.
        if run.status == 23 && run.error.contains("No such file or directory") { return nil }
        throw DeployError("rsync could not reach \(destination): \(run.reason)")
    }

    package func send(
        _ uploads: [DeployPlan.Upload], from root: URL, sent: @escaping @Sendable (DeployPlan.Upload) -> Void
    ) throws(DeployError) {
        guard !uploads.isEmpty else { return }
        let folder = try Scratch()
        defer { folder.remove() }
        let list = try folder.list(uploads.map(\.file.path))
        let run = try rsync([
            "--checksum", "--delay-updates", "--from0", "--files-from=\(list.path)", root.path + "/", destination
        ])
        guard run.status == 0 else {
            throw DeployError(
                "rsync to \(destination) failed (\(uploads.count) files from \(uploads[0].file.path)): \(run.reason)")
        }
        uploads.forEach(sent)
    }

    package func delete(_ paths: [String]) throws(DeployError) {
        guard !paths.isEmpty else { return }
        let folder = try Scratch()
        defer { folder.remove() }
        let list = try folder.list(paths)
        // The folders are there and only the files missing: rsync then deletes just those files.
        let empty = folder.url.appendingPathComponent("empty")
        for parent in Set(paths.map { ($0 as NSString).deletingLastPathComponent }) {
            try? FileManager.default.createDirectory(
                at: empty.appendingPathComponent(parent), withIntermediateDirectories: true)
        }
        let run = try rsync([
            "--delete-missing-args", "--from0", "--files-from=\(list.path)", empty.path + "/", destination
        ])
        guard run.status == 0 else {
            throw DeployError("rsync could not delete \(paths.count) files from \(destination): \(run.reason)")
        }
    }

    package func writeManifest(_ data: Data) throws(DeployError) {
        let folder = try Scratch()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent(DeployManifest.name)
        guard FileManager.default.createFile(atPath: file.path, contents: data) else {
            throw DeployError("could not write \(file.path)")
        }
        let run = try rsync(["--checksum", file.path, destination])
        guard run.status == 0 else {
            throw DeployError("rsync could not write \(DeployManifest.name) to \(destination): \(run.reason)")
        }
    }

    /// One finished rsync: its exit status and what it wrote to standard error.
    struct Run {
        let status: Int32
        let error: String

        /// The last line of standard error, or the status.
        var reason: String {
            error.split(whereSeparator: \.isNewline).last.map(String.init) ?? "rsync exited with \(status)"
        }
    }

    private func rsync(_ arguments: [String]) throws(DeployError) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["rsync", "--recursive", "--mkpath"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw DeployError("rsync could not be started: \(error.localizedDescription)")
        }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 127 { throw DeployError("rsync is not installed (apt-get install rsync)") }
        return Run(status: process.terminationStatus, error: text)
    }

    /// A private temporary folder for file lists and the manifest's copy.
    private struct Scratch {
        let url: URL

        init() throws(DeployError) {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("aura-deploy-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(
                    at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw DeployError("could not make a temporary folder: \(error.localizedDescription)")
            }
        }

        /// A `--files-from` list of `paths`, each ended by NUL (`--from0`: a name may hold a line break).
        func list(_ paths: [String]) throws(DeployError) -> URL {
            let file = url.appendingPathComponent("files")
            guard
                FileManager.default.createFile(atPath: file.path, contents: Data(paths.map { $0 + "\0" }.joined().utf8))
            else { throw DeployError("could not write \(file.path)") }
            return file
        }

        func remove() { try? FileManager.default.removeItem(at: url) }
    }
}
