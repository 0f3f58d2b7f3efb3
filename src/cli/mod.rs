//! The command line, private to the binary: one file per subcommand. Nothing here is
//! library API; it wires the library's layers together (config, store, painter,
//! transports) and prints.

pub mod analyze;
pub mod backup;
pub mod config;
pub mod console;
pub mod engine;
pub mod invite;
pub mod logging;
pub mod private;
pub mod progress;
pub mod puzzles;
pub mod render;
pub mod replay;
pub mod run;
pub mod selfplay;
pub mod setup;
pub mod shutdown;
pub mod snapshot;
pub mod web;

/// The version and the git commit built (`build.rs`): `0.1.0 (0123456789ab)`, with
/// `-dirty` when the tree had changes, `unknown` when built outside a git checkout.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("MANCALA_GIT_HASH"),
    ")"
);
