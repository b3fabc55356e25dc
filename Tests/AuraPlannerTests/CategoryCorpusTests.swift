import Foundation
import Testing

@testable import AuraPlanner

/// The categorizer against the labelled corpus the model is trained on: the held-out fifth
/// (never trained or tuned on) must be read right at least 95 % of the time, and the shipped
/// weights must be exactly what the training script makes of the corpus.
struct CategoryCorpusTests {
    /// The same split as `scripts/train_categorizer.py`: FNV-1a 64 of the line, divisible by 5.
    static func isHeldOut(_ text: String) -> Bool {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash % 5 == 0
    }

    static func corpus() throws -> [CategorizerTests.Labelled] {
        let directory = try #require(
            Bundle.module.url(forResource: "corpus", withExtension: nil, subdirectory: "Fixtures"))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tsv") }
            .sorted()
        return try files.flatMap { try CategorizerTests.labelledSet(at: directory.appendingPathComponent($0)) }
    }

    @Test func theHeldOutFifthOfTheCorpusIsReadRightAtLeastNinetyFivePercentOfTheTime() throws {
        let rows = try Self.corpus()
        #expect(rows.count >= 2000)
        let heldOut = rows.filter { Self.isHeldOut($0.text) }
        #expect(Double(heldOut.count) / Double(rows.count) > 0.17)
        let accuracy = try CategorizerTests.measure(heldOut, title: "Corpus, held-out fifth")
        #expect(accuracy >= 0.95, "categorizer accuracy \(accuracy) on \(heldOut.count) held-out corpus lines")
    }

    @Test func theShippedWeightsAreWhatTheScriptTrainsFromTheCorpus() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/train_categorizer.py").path, "--check"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the weights differ from the corpus: run `make categorizer`")
    }

    @Test func theModelReadsTheSameFeaturesAsTheScript() {
        #expect(
            CategoryModel.features(of: "Don't_forget Café") == [
                "dont", "forget", "café", "dont forget", "forget café", "^dont"
            ])
    }
}
