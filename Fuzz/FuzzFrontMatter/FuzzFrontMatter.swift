import CFuzzDriver
import SiteEngine

/// libFuzzer entry: the input is a Markdown file with YAML front matter.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    _ = try? FrontMatterDocument(text: text, file: "fuzz.md")
    return 0
}

@_cdecl("FuzzFrontMatter_main")
public func fuzzFrontMatterMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    aura_fuzz_main(argc, argv)
}
