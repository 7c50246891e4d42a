extension EmbeddedGateway {
    /// The App Plane routes the gateway serves, each `METHOD /path` with the path below `/app` written
    /// as a template the way `Schema/app-plane.openapi.json` writes it, sorted. The `/app/_test/*`
    /// routes are test-only and not listed.
    public static var appRoutes: [String] {
        GatewayRouter.appRoutes.flatMap { path, methods in methods.map { "\($0) \(path)" } }.sorted()
    }
}
