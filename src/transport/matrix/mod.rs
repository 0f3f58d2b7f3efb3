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
//! - Encrypted rooms are not supported (no end-to-end encryption in this build). The bot
//!   declines an invitation to an encrypted room, and leaves a room that turns
//!   encrypted, with a membership reason saying why (`ENCRYPTED_REFUSAL`); before each
//!   reply it checks the room's encryption state, and never posts into an encrypted room
//!   or one whose state it cannot tell.

mod login;
pub use login::MatrixLogin;

#[cfg(feature = "matrix")]
mod bot;
// Pure string conversions: always built, so that their tests run without the feature.
#[cfg_attr(not(feature = "matrix"), allow(dead_code))]
mod format;
#[cfg(feature = "matrix")]
mod retry;
#[cfg(feature = "matrix")]
mod session;
#[cfg(feature = "matrix")]
pub use bot::*;
#[cfg(feature = "matrix")]
pub use retry::{SEND_DEADLINE, SYNC_BACKOFF_MAX};
