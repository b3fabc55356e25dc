import Foundation
import Testing

@testable import Mustache

/// The official spec, one parameterized test per file. The optional lambdas and dynamic
/// names modules are not implemented.
@Suite(.enabled(if: SpecFiles.areAvailable, SpecFiles.missingMessage))
struct SpecTests {
    @Test(arguments: try SpecFiles.cases("comments"))
    func comments(_ spec: SpecCase) throws {
        try spec.check()
    }

    @Test(arguments: try SpecFiles.cases("delimiters"))
    func delimiters(_ spec: SpecCase) throws {
        try spec.check()
    }

    @Test(arguments: try SpecFiles.cases("interpolation"))
    func interpolation(_ spec: SpecCase) throws {
        try spec.check()
    }

    @Test(arguments: try SpecFiles.cases("inverted"))
    func inverted(_ spec: SpecCase) throws {
        try spec.check()
    }

    @Test(arguments: try SpecFiles.cases("partials"))
    func partials(_ spec: SpecCase) throws {
        try spec.check()
    }

    @Test(arguments: try SpecFiles.cases("sections"))
    func sections(_ spec: SpecCase) throws {
        try spec.check()
    }

    @Test(arguments: try SpecFiles.cases("~inheritance"))
    func inheritance(_ spec: SpecCase) throws {
        try spec.check()
    }
}

/// On CI a missing spec is a failure, not a silent skip.
@Test(.enabled(if: ProcessInfo.processInfo.environment["CI"] != nil, "only enforced when CI is set"))
func specFilesArePresentOnCI() {
    #expect(SpecFiles.areAvailable, SpecFiles.missingMessage)
}
