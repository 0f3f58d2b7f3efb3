//! What a search tells its caller: one [`Report`] per completed iteration of the root as
//! it goes, and the [`RootResult`] at the end. Its own module, below both the alpha-beta
//! search and the endgame tables (which answer a probed root the same way), so that
//! neither names the other for it.

use std::time::Duration;

use mancala_rules::Move;

/// One completed iteration of the root, as reported to the caller of
/// [`crate::search::Searcher::search_root`] (or a root solved by the endgame tables).
#[derive(Clone, Debug)]
pub(crate) struct Report {
    /// The depth searched, in plies.
    pub depth: u32,
    /// The root's score, in centi-seeds from the mover's side.
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation from the root.
    pub pv: Vec<Move>,
}

/// Receives a [`Report`] after each completed iteration.
pub(crate) type Reporter<'a> = &'a mut dyn FnMut(Report);

/// The result of a root search (or of a root the endgame tables solved).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootResult {
    /// The move chosen.
    pub mv: Move,
    /// Its score, in centi-seeds from the mover's side.
    pub score: i32,
    /// The depth searched, in plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}
