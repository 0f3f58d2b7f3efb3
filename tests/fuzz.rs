//! The fuzzers (issue 12 item 7), one module per target: the whole core
//! (`fuzz/core/`), `import` (`fuzz/import.rs`) and the config file
//! (`fuzz/config.rs`). cargo-fuzz needs a nightly compiler, which the project's machines
//! lack, so they are proptests on stable Rust; the rules' own cargo-fuzz targets are in
//! `rules/fuzz/`. `cargo test --test fuzz` runs them all briefly (`PROPTEST_CASES`
//! cases each); the long run of the core fuzz is `cargo test --release --test fuzz --
//! --ignored` (see `fuzz/core/mod.rs`).

#[path = "fuzz/config.rs"]
mod config;
#[path = "fuzz/core/mod.rs"]
mod core_chat;
#[path = "fuzz/import.rs"]
mod import;
