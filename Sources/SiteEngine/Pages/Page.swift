import Mustache

/// One output page: which template renders it, with what, and where it goes. Its view model is
/// built only when the page is rendered, so a build holds no more than the pages in flight.
package struct Page: Sendable {
    /// The public path, such as `/design/`.
    package let path: String
    package let outputFile: String
    package let template: String
    package let inSitemap: Bool
    /// Kept out of search engines, and precached by the service worker for offline use.
    package let isPersonal: Bool
    /// The stylesheets and scripts it loads.
    package var assetPaths: [String] = []
    /// A digest of everything the view model is made from, when the page's maker can say so
    /// more cheaply than by building it (the digests of the entries it shows); nil: the view
    /// model itself.
    package let inputs: (@Sendable () -> String)?
    private let makeContext: @Sendable () throws -> MustacheValue

    package init(
        path: String, outputFile: String, template: String, inSitemap: Bool, isPersonal: Bool,
        assetPaths: [String] = [],
        inputs: (@Sendable () -> String)? = nil, context: @escaping @Sendable () throws -> MustacheValue
    ) {
        self.path = path
        self.outputFile = outputFile
        self.template = template
        self.inSitemap = inSitemap
        self.isPersonal = isPersonal
        self.assetPaths = assetPaths
        self.inputs = inputs
        makeContext = context
    }

    /// The page's view model: the layout's common values and the page's own.
    package func context() throws -> MustacheValue {
        try makeContext()
    }

    /// This page with `values` added to its view model (a signed-in person's session).
    package func adding(_ values: [String: MustacheValue]) -> Page {
        let make = makeContext
        return Page(
            path: path, outputFile: outputFile, template: template, inSitemap: inSitemap, isPersonal: isPersonal,
            assetPaths: assetPaths, inputs: nil
        ) {
            let context = try make()
            guard case .dictionary(let own) = context else { return context }
            return .dictionary(own.merging(values) { _, added in added })
        }
    }
}
