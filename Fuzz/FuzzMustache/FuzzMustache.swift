import CFuzzDriver
import Mustache

/// libFuzzer entry: the input is a template (and, after a NUL byte, a partial it may include),
/// parsed and rendered against a small context with lists, sections and strings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: bytes, count: count))
    let parts = input.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let main = String(decoding: parts[0], as: UTF8.self)
    let partial = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "{{name}}"
    let context: MustacheValue = [
        "name": "Aura <&>", "yes": true, "no": false, "count": 3,
        "list": [["name": "a"], ["name": "b"]], "nested": ["list": [1, 2, 3]]
    ]
    if let library = try? TemplateLibrary(templates: ["main": main, "partial": partial]) {
        _ = try? library.render("main", context)
    }
    return 0
}

@_cdecl("FuzzMustache_main")
public func fuzzMustacheMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    aura_fuzz_main(argc, argv)
}
