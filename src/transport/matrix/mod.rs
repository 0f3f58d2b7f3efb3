//! The Matrix transport (cargo feature `matrix`), over matrix-sdk 0.18.
//!
//! - Logs in with a user and password or an access token; the session (user, device,
//!   access token) is saved in `DATA_DIR/STORE_SUBDIR/session.json` and the client's
//!   state (rooms, members, the sync token) in a SQLite store beside it, so a restart
//!   restores the session and goes on syncing where it stopped instead of logging in
//!   again.
//! - Joins the rooms it is invited to; each room is a channel, keyed by its room id as
//!   both community and channel (records are keyed by the Matrix room).
//! - Reads `m.text` messages as commands (the same grammar as every transport: the
//!   core's); ignores its own messages, every `m.notice` and edits, and everything from
//!   before it started (the first sync is not acted on). Commands of one room are decided
//!   and answered in order; rooms run in parallel.
//! - Answers with `m.notice` (plain and HTML bodies; mentioned players as pills and in
//!   `m.mentions`, so only they are pinged) and `m.image` uploads of the attachments
//!   (PNG; GIF when `matrix.post_gifs`).
//! - Rate limits: matrix-sdk retries a 429 after the homeserver's `retry_after`; on top
//!   of that every send is retried with back-off, with the same transaction id (the
//!   homeserver drops duplicates), for up to `SEND_DEADLINE`, so no reply is dropped
//!   while the homeserver is busy or restarting.
//! - Reconnects: the sync loop retries with back-off (at most `SYNC_BACKOFF_MAX`
//!   between attempts) whatever the error, so a homeserver restart only delays replies.
//!   Every retry of the transport follows one back-off policy (`retry.rs`, on backon).
//! - End-to-end encryption (the `crypto` module): the bot joins encrypted rooms and DMs
//!   like any other, decrypts their commands, and its replies and images are encrypted
//!   there (images as encrypted media). Its device keys are kept in the crypto store
//!   beside the session, so a restart is the same device; the device is cross-signed
//!   and the room keys backed up, with a recovery key in `STORE_DIR/recovery-key` (or
//!   given by the operator). Unverified devices may play.
//! - Tournaments (`rooms`): the bot creates a room per game, invites both players and
//!   the organizer, and leaves it a grace period after the game ended.
//! - A command in a thread is answered in that thread; each command gets a read
//!   receipt, and a typing notice while it takes longer than `TYPING_AFTER` (the AI
//!   thinking, pictures being drawn). Edits of a command are ignored; redactions do
//!   nothing.

mod login;
pub use login::{MatrixLogin, RecoveryKey};

#[cfg(feature = "matrix")]
mod bot;
#[cfg(feature = "matrix")]
pub mod crypto;
// Pure string conversions: always built, so that their tests run without the feature.
#[cfg_attr(not(feature = "matrix"), allow(dead_code))]
mod format;
// Bounded per-room queues and whom the bot trusts: free of matrix-sdk types, always
// built, so that their tests run without the feature.
#[cfg_attr(not(feature = "matrix"), allow(dead_code))]
mod queue;
#[cfg(feature = "matrix")]
mod retry;
#[cfg(feature = "matrix")]
pub mod rooms;
#[cfg(feature = "matrix")]
mod session;
pub mod trust;
#[cfg(feature = "matrix")]
pub use bot::*;
pub use format::{channel_key, is_matrix, LIMITS};
#[cfg(feature = "matrix")]
pub use retry::{SEND_DEADLINE, SYNC_BACKOFF_MAX};
