//! The command being handled on this thread, the label of the store calls it makes.
//!
//! The core handles a command on one thread from start to end (its reads, its writes,
//! the AI's answer after it, labelled [`AI_MOVE`]), so a thread-local scope set around the handling labels
//! every store call in between without passing the name down through every function.

use std::cell::Cell;

/// The label of store calls made outside any command: tools, the web listener's scans,
/// the transports' own reads (`legal_moves`, the console's board).
pub const OTHER: &str = "other";

/// The label of the periodic driver's store calls (reminders, deadlines, tournaments).
pub const TICK: &str = "tick";

/// The label of the AI's moves: a move the AI answers with is a command of its own,
/// with its own read and write, made after the command that woke it.
pub const AI_MOVE: &str = "ai-move";

/// The label of what follows a command's write in other channels or documents: a
/// tournament's games opened, resigned or aborted, its next round (the `FollowUp`s of
/// the core), each a command of its own with its own reads and writes.
pub const FOLLOW_UP: &str = "follow-up";

/// The label of a message addressed to the bot whose first word names no command.
pub const UNKNOWN: &str = "unknown";

thread_local! {
    static COMMAND: Cell<&'static str> = const { Cell::new(OTHER) };
}

/// Puts the old name back when the scope ends, a panic included.
struct Restore(&'static str);

impl Drop for Restore {
    fn drop(&mut self) {
        COMMAND.with(|c| c.set(self.0));
    }
}

/// Runs `f` with `command` as this thread's current command ([`current_command`]), then
/// puts the previous one back. `command` must come from a bounded set (the command
/// table's canonical names, [`TICK`], [`UNKNOWN`]): it becomes a label value.
pub fn in_command<R>(command: &'static str, f: impl FnOnce() -> R) -> R {
    let _restore = Restore(COMMAND.with(|c| c.replace(command)));
    f()
}

/// The command being handled on this thread ([`in_command`]), else [`OTHER`].
pub fn current_command() -> &'static str {
    COMMAND.with(Cell::get)
}
