import AccordionDiagnostics

extension LanguageServer {
    /// The requests of the editing features, by method (joined to the lifecycle's in `requests`).
    static let featureRequests: [String: RequestHandler] = [:]

    /// What `initialize` advertises beyond document sync: exactly the features in `featureRequests`.
    static let featureCapabilities: [(String, JSONValue)] = []
}
