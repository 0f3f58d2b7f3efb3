//! The puzzle sets shipped with the bot: one JSON file per board in `data/puzzles/`
//! (`katro.json`, `katro-4x6.json`, `katro-4x4.json`, `hoyito.json`, `hoyito-2x7.json`
//! ... `hoyito-2x12.json`), written by `mancala-bot puzzles generate` and embedded in the
//! binary, so a host needs no file.
//!
//! A file is a [`PuzzleSet`]. Every puzzle is checked when the sets are loaded
//! ([`Puzzle::check`]): its position parses (RULES.md N4) on the set's board, and its
//! solution is a line of legal moves (N2) that starts with the solver's move and ends
//! with it. A puzzle that fails is left out and logged, never served.

use std::sync::LazyLock;

use mancala_rules::{Move, Position, Variant};
use serde::{Deserialize, Serialize};

/// One board's puzzles, as stored in `data/puzzles/NAME.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleSet {
    /// The board, as its game name (RULES.md N3): `katro`, `katro:4x6`, `hoyito:2x8`...
    pub game: String,
    /// How the set was made (the generator's settings, in words), for the record.
    #[serde(default)]
    pub generator: String,
    /// The puzzles, in no particular order.
    pub puzzles: Vec<Puzzle>,
}

/// One puzzle: a position, the player to move finds the one move that wins clearly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Unique among all sets, and safe in a URL and a chat command: lower-case ASCII
    /// letters, digits and `-`, at most 24 characters (e.g. `k6-0042`, `h6-0107`).
    pub id: String,
    /// The position the solver moves from (RULES.md N4); its player to move is the solver.
    pub position: String,
    /// The line, in canonical notation (N2): the solver's moves at even indices, the
    /// opponent's replies at odd indices; odd length, so it ends with the solver's move.
    /// A one-move puzzle has one entry.
    pub solution: Vec<String>,
    /// What the first solver move achieves that no other move does.
    pub goal: Goal,
    /// The ideas it trains, at least one.
    pub themes: Vec<Theme>,
    /// Difficulty on the Glicko-2 scale of player ratings (about 600 to 2600).
    pub rating: u16,
    /// Where it was found: `selfplay level 5 seed 17 ply 23`, or a game's id.
    #[serde(default)]
    pub source: String,
}

/// What makes a puzzle's first move the only answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Goal {
    /// It wins the game with best play, and no other move does.
    Win,
    /// It gains at least `margin` seeds more than every other move with best play.
    Seeds {
        /// The least difference, in seeds, between it and the best other move.
        margin: u8,
    },
}

/// The idea a puzzle trains: the finder's own list, named in kebab case in the files
/// (`relay-capture`, `casa-in-passing`, `last-four`, ...).
pub use mancala_ai::puzzle::Theme;

/// Why a puzzle of the shipped sets is left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The set's game name is not one of N3.
    Game(String),
    /// The id is empty, too long, or has a character other than `a-z`, `0-9`, `-`.
    Id(String),
    /// The position does not parse, or is on another board than the set's.
    Position {
        /// The puzzle's id.
        id: String,
        /// What is wrong.
        why: String,
    },
    /// The solution is empty, of even length, or has an illegal move.
    Solution {
        /// The puzzle's id.
        id: String,
        /// What is wrong.
        why: String,
    },
}

impl core::fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PuzzleError::Game(g) => write!(f, "puzzle set: game {g:?} is not a game name (N3)"),
            PuzzleError::Id(id) => {
                write!(
                    f,
                    "puzzle {id:?}: the id must be 1-24 characters of a-z, 0-9 and -"
                )
            }
            PuzzleError::Position { id, why } => write!(f, "puzzle {id}: position: {why}"),
            PuzzleError::Solution { id, why } => write!(f, "puzzle {id}: solution: {why}"),
        }
    }
}

impl std::error::Error for PuzzleError {}

impl Puzzle {
    /// Checks the puzzle on `variant` and returns its start position and its solution
    /// as moves. Errors: [`PuzzleError`], naming what is wrong.
    pub fn check(&self, variant: Variant) -> Result<(Position, Vec<Move>), PuzzleError> {
        let id_ok = !self.id.is_empty()
            && self.id.len() <= 24
            && self
                .id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !id_ok {
            return Err(PuzzleError::Id(self.id.clone()));
        }
        let bad_position = |why: String| PuzzleError::Position {
            id: self.id.clone(),
            why,
        };
        let start: Position = self
            .position
            .parse()
            .map_err(|e| bad_position(format!("{e}")))?;
        if start.variant().to_string() != variant.to_string() {
            return Err(bad_position(format!("not a {variant} position")));
        }
        let bad_line = |why: String| PuzzleError::Solution {
            id: self.id.clone(),
            why,
        };
        if self.solution.len().is_multiple_of(2) {
            return Err(bad_line("it must have an odd number of moves".into()));
        }
        let mut p = start;
        let mut moves = Vec::with_capacity(self.solution.len());
        for text in &self.solution {
            let mv = Move::parse(text, variant).map_err(|e| bad_line(format!("{text}: {e}")))?;
            p = p.play(mv).map_err(|e| bad_line(format!("{text}: {e}")))?;
            moves.push(mv);
        }
        Ok((start, moves))
    }
}

/// A checked puzzle of the shipped sets.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The puzzle as stored.
    pub puzzle: Puzzle,
    /// Its board.
    pub variant: Variant,
    /// Its start position (the solver to move).
    pub start: Position,
    /// Its solution as moves.
    pub line: Vec<Move>,
}

/// The shipped set files, by file name.
const FILES: [(&str, &str); 10] = [
    (
        "katro.json",
        include_str!("../../../data/puzzles/katro.json"),
    ),
    (
        "katro-4x6.json",
        include_str!("../../../data/puzzles/katro-4x6.json"),
    ),
    (
        "katro-4x4.json",
        include_str!("../../../data/puzzles/katro-4x4.json"),
    ),
    (
        "hoyito.json",
        include_str!("../../../data/puzzles/hoyito.json"),
    ),
    (
        "hoyito-2x7.json",
        include_str!("../../../data/puzzles/hoyito-2x7.json"),
    ),
    (
        "hoyito-2x8.json",
        include_str!("../../../data/puzzles/hoyito-2x8.json"),
    ),
    (
        "hoyito-2x9.json",
        include_str!("../../../data/puzzles/hoyito-2x9.json"),
    ),
    (
        "hoyito-2x10.json",
        include_str!("../../../data/puzzles/hoyito-2x10.json"),
    ),
    (
        "hoyito-2x11.json",
        include_str!("../../../data/puzzles/hoyito-2x11.json"),
    ),
    (
        "hoyito-2x12.json",
        include_str!("../../../data/puzzles/hoyito-2x12.json"),
    ),
];

/// The file name of `variant`'s set in `data/puzzles/` (`katro:4x6` -> `katro-4x6.json`).
pub fn file_name(variant: Variant) -> String {
    format!("{}.json", variant.to_string().replace(':', "-"))
}

/// Every shipped puzzle that passes [`Puzzle::check`], in file order, loaded once.
/// A file that does not parse, or a puzzle that fails its check, is logged and left out.
pub fn shipped() -> &'static [Loaded] {
    static ALL: LazyLock<Vec<Loaded>> = LazyLock::new(load_all);
    &ALL
}

fn load_all() -> Vec<Loaded> {
    let mut all = Vec::new();
    for (name, text) in FILES {
        match parse_set(text) {
            Ok((variant, set)) => {
                all.extend(set.puzzles.into_iter().filter_map(
                    |puzzle| match puzzle.check(variant) {
                        Ok((start, line)) => Some(Loaded {
                            puzzle,
                            variant,
                            start,
                            line,
                        }),
                        Err(e) => {
                            tracing::error!(file = name, error = %e, "puzzle left out");
                            None
                        }
                    },
                ))
            }
            Err(e) => tracing::error!(file = name, error = %e, "puzzle set left out"),
        }
    }
    all
}

/// Parses a set file: its JSON and its game name. Errors: the JSON's fault, or
/// [`PuzzleError::Game`], as text.
pub fn parse_set(text: &str) -> Result<(Variant, PuzzleSet), String> {
    let set: PuzzleSet = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let variant: Variant = set
        .game
        .parse()
        .map_err(|_| PuzzleError::Game(set.game.clone()).to_string())?;
    Ok((variant, set))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_has_its_file() {
        let mut boards = vec![
            Variant::KATRO,
            Variant::katro(4, 6).unwrap(),
            Variant::katro(4, 4).unwrap(),
        ];
        boards.extend((6..=12).map(|c| Variant::hoyito(c).unwrap()));
        for (v, (name, text)) in boards.into_iter().zip(FILES) {
            assert_eq!(file_name(v), name);
            let (parsed, _) = parse_set(text).unwrap();
            assert_eq!(parsed.to_string(), v.to_string(), "{name}");
        }
    }

    #[test]
    fn a_bad_puzzle_is_refused_with_its_fault() {
        let p = |position: &str, solution: &[&str]| Puzzle {
            id: "h6-0001".into(),
            position: position.into(),
            solution: solution.iter().map(|s| s.to_string()).collect(),
            goal: Goal::Win,
            themes: vec![Theme::LastFour],
            rating: 1500,
            source: String::new(),
        };
        let start = "hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0";
        assert!(p(start, &["a1"]).check(Variant::HOYITO).is_ok());
        assert!(matches!(
            p(start, &["a2"]).check(Variant::HOYITO),
            Err(PuzzleError::Solution { .. })
        ));
        assert!(matches!(
            p(start, &["a1", "a2"]).check(Variant::HOYITO),
            Err(PuzzleError::Solution { .. })
        ));
        assert!(matches!(
            p(start, &["a1"]).check(Variant::KATRO),
            Err(PuzzleError::Position { .. })
        ));
        assert!(matches!(
            p("hoyito/1 s", &["a1"]).check(Variant::HOYITO),
            Err(PuzzleError::Position { .. })
        ));
        let mut bad_id = p(start, &["a1"]);
        bad_id.id = "H6 1".into();
        assert_eq!(
            bad_id.check(Variant::HOYITO).unwrap_err(),
            PuzzleError::Id("H6 1".into())
        );
    }
}
