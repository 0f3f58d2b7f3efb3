//! The words of puzzles (issue 32), shared by the chat replies and the daily puzzle's
//! web page: a puzzle's themes and goal, its solution line, a board's name, a rating
//! and its change.

use mancala_rules::{Game, Side, Variant};

use super::record::PuzzleRating;
use super::set::{Goal, Loaded, Theme};
use crate::core::painter::BoardInfo;
use crate::core::text;

/// A theme's name in the current language: `relay capture`, `last four`...
pub fn theme_name(t: Theme) -> String {
    let word = match t {
        Theme::RelayCapture => "relay-capture",
        Theme::CasaInPassing => "casa-in-passing",
        Theme::LastFour => "last-four",
        Theme::Endgame => "endgame",
        Theme::Capture => "capture",
        Theme::Defence => "defence",
        Theme::Deep => "deep",
    };
    tr!("puzzle-theme", theme = word)
}

/// The puzzle's themes, joined: `relay capture, endgame`.
pub fn themes_text(l: &Loaded) -> String {
    l.puzzle
        .themes
        .iter()
        .map(|t| theme_name(*t))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the solver is to find: the winning move, or the move that gains the most.
pub fn goal_text(l: &Loaded) -> String {
    match l.puzzle.goal {
        Goal::Win => tr!("puzzle-goal-win"),
        Goal::Seeds { margin } => tr!("puzzle-goal-seeds", margin = margin),
    }
}

/// The board's name: `Katro 6x6`, `Hoyito 2x8`.
pub fn board_name(v: Variant) -> String {
    text::kind_name(crate::model::GameKind::single(v))
}

/// The solution line, the solver's moves and the replies numbered as a game record is:
/// `c1+ (a6-) b2+`; the replies in brackets.
pub fn line_text(l: &Loaded) -> String {
    l.line
        .iter()
        .enumerate()
        .map(|(i, m)| {
            if i % 2 == 0 {
                format!("`{m}`")
            } else {
                format!("(`{m}`)")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `1562 ±120`.
pub fn rating_text(r: &PuzzleRating) -> String {
    format!("{:.0} ±{:.0}", r.rating, r.deviation)
}

/// `1500 → 1662 (+162)` for a rating change.
pub fn change_text(before: &PuzzleRating, after: &PuzzleRating) -> String {
    let delta = after.rating.round() - before.rating.round();
    tr!(
        "puzzle-rating-change",
        before = format!("{:.0}", before.rating),
        after = format!("{:.0}", after.rating),
        delta = format!("{delta:+.0}")
    )
}

/// The labels of a puzzle's board picture at `game`'s position, drawn from the
/// `solver`'s side: his name on his side, the opponent's word on the other.
pub fn board_info(solver: (&str, Side), game: &Game) -> BoardInfo {
    let (name, side) = solver;
    let other = tr!("puzzle-opponent");
    let (south, north) = match side {
        Side::South => (name.to_string(), other),
        Side::North => (other, name.to_string()),
    };
    BoardInfo {
        south,
        north,
        captured: Side::ALL.map(|s| game.captured(s)),
        view: side,
        theme: Default::default(),
        ended: None,
        match_info: None,
    }
}
