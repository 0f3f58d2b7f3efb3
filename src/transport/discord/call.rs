//! Calling the core from the gateway's event handlers (chat messages, slash commands,
//! button presses): off the async threads, since a command may search or draw for a
//! while. Below both `events` and `interactions`, which call it.

use anyhow::anyhow;

use super::{Data, Error};
use crate::core::api::{Incoming, Reply};

/// Calls the core off the async threads. A panic in the core becomes an error.
pub(super) fn spawn_core(data: &Data, incoming: Incoming) -> tokio::task::JoinHandle<Vec<Reply>> {
    let core = data.core.clone();
    tokio::task::spawn_blocking(move || core.handle(&incoming))
}

/// The error of a core call that panicked or was cancelled.
pub(super) fn core_failed(e: tokio::task::JoinError) -> Error {
    anyhow!("the core failed on a command: {e}")
}
