//! The language server: document store, handlers, and `convert`, the only place that builds
//! protocol types.
