// The manifest types (`FacetManifest`, `FacetKind`, `FacetUpstream`, ...) are generated into
// RonGenerated; a user of the facet tooling gets them with `import RonFacets`.
@_exported import RonGenerated
