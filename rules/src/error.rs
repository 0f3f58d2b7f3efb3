//! Typed errors with short, user-facing Display texts.

use core::fmt;

use crate::{Hole, Move, Side, Variant};

/// What a [`ParseError`] was parsing; selects the accepted form shown to the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseKind {
    /// A hole name (N1).
    Hole,
    /// A Katro move (N2, K4, K11).
    KatroMove,
    /// A Hoyito move (N2).
    HoyitoMove,
    /// A game name (N3).
    Variant,
    /// A position string (N4).
    Position,
}

impl ParseKind {
    /// What is parsed, as an error names it: `hole`, `move`, `game` or `position`.
    pub fn noun(self) -> &'static str {
        match self {
            ParseKind::Hole => "hole",
            ParseKind::KatroMove | ParseKind::HoyitoMove => "move",
            ParseKind::Variant => "game",
            ParseKind::Position => "position",
        }
    }

    /// The accepted form, as shown after an error.
    pub fn expected(self) -> &'static str {
        match self {
            ParseKind::Hole => "a column letter and a row number, like `c1`",
            ParseKind::KatroMove => {
                "a hole and a direction, like `c1+` or `c1-` (bare `c1` means +)"
            }
            ParseKind::HoyitoMove => "a hole of your row, like `d1`",
            ParseKind::Variant => {
                "`katro`, `katro:4x6`, `katro:4x4`, `hoyito` or `hoyito:2xN` with N from 6 to 12"
            }
            ParseKind::Position => {
                "`GAME/ROW1/.../ROWn TOMOVE [S N]`, e.g. `hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0`"
            }
        }
    }
}

/// What is wrong with a text that could not be parsed: the faults of moves and game
/// names typed (so that a program can word them in its user's language), else a
/// sentence. Display gives the English sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseReason {
    /// A move of no characters.
    Empty,
    /// The text names no hole (N1: a column letter and a row number).
    NotAHole(String),
    /// The hole is not on the board of the game (N1).
    OffBoard {
        /// The hole named.
        hole: Hole,
        /// The game.
        variant: Variant,
    },
    /// A lone-seed step (K11) in Hoyito, which has none.
    StepInHoyito,
    /// More than one direction after the hole (N2).
    TwoDirections,
    /// A direction on a Hoyito move (H3 fixes it).
    DirectionInHoyito,
    /// A Katro size that is not two numbers `RxC` (N3).
    KatroSize,
    /// A Hoyito size that is not `2xN` (N3).
    HoyitoSize,
    /// A board the game does not have (K1, H1).
    Board(VariantError),
    /// No such game (N3).
    UnknownGame,
    /// Any other fault (positions, matches), as an English sentence.
    Other(String),
}

impl fmt::Display for ParseReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseReason::Empty => f.write_str("empty move"),
            ParseReason::NotAHole(t) => write!(f, "`{t}` is not a hole"),
            ParseReason::OffBoard { hole, variant } => write!(
                f,
                "{hole} is off the {variant} board (columns a-{}, rows 1-{})",
                Hole::new(variant.cols() - 1, 0).col_letter(),
                variant.rows()
            ),
            ParseReason::StepInHoyito => f.write_str("Hoyito has no lone-seed steps"),
            ParseReason::TwoDirections => {
                f.write_str("one direction only: `+` or `-` after the hole")
            }
            ParseReason::DirectionInHoyito => f.write_str("Hoyito moves have no direction"),
            ParseReason::KatroSize => f.write_str("Katro boards are 6x6, 4x6 and 4x4"),
            ParseReason::HoyitoSize => f.write_str("Hoyito boards are 2xN"),
            ParseReason::Board(e) => e.fmt(f),
            ParseReason::UnknownGame => f.write_str("unknown game"),
            ParseReason::Other(why) => f.write_str(why),
        }
    }
}

impl From<String> for ParseReason {
    fn from(why: String) -> ParseReason {
        ParseReason::Other(why)
    }
}

impl From<&str> for ParseReason {
    fn from(why: &str) -> ParseReason {
        ParseReason::Other(why.to_string())
    }
}

/// A hole, move, game name or position string that could not be parsed (N1-N4).
///
/// Display names the offending text, what is wrong with it, and the accepted form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: ParseKind,
    text: String,
    reason: ParseReason,
}

impl ParseError {
    /// A new error about `text`, for a value of kind `kind`.
    pub fn new(kind: ParseKind, text: &str, reason: impl Into<ParseReason>) -> ParseError {
        // Keep errors short even for a huge input: cut the echoed text.
        let mut text: String = text.chars().take(60).collect();
        if text.len() < 60 {
            text = text.trim().to_string();
        } else {
            text.push('…');
        }
        ParseError {
            kind,
            text,
            reason: reason.into(),
        }
    }

    /// What was being parsed.
    pub fn kind(&self) -> ParseKind {
        self.kind
    }

    /// The offending text (cut to 60 characters).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What is wrong with it, e.g. `row 3 has 5 holes, expected 6`.
    pub fn reason(&self) -> &ParseReason {
        &self.reason
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad {} `{}`: {}; expected {}",
            self.kind.noun(),
            self.text,
            self.reason,
            self.kind.expected()
        )
    }
}

impl std::error::Error for ParseError {}

/// Why a move was refused. The position (or game) is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is already over (K9, K10, H7, H8, H10).
    GameOver,
    /// The hole is not on this board.
    OffBoard {
        /// The hole named.
        hole: Hole,
    },
    /// The hole belongs to the other player (K2, H3).
    NotYourHole {
        /// The hole named.
        hole: Hole,
        /// The player to move.
        mover: Side,
    },
    /// The hole is closed for this game of the match (M2).
    ClosedHole {
        /// The hole named.
        hole: Hole,
    },
    /// The hole holds no seed (K3, H3).
    EmptyHole {
        /// The hole named.
        hole: Hole,
    },
    /// Katro K3: the mover must start from his outermost row holding seeds.
    WrongRow {
        /// The hole named.
        hole: Hole,
        /// The row (0-based) that must be played from.
        must_row: u8,
    },
    /// The sowing does not end within the lap cap (K8, H9).
    Endless {
        /// The refused move.
        mv: Move,
        /// The cap, in laps.
        laps: u32,
    },
    /// A move of the wrong shape for this game: a direction in Hoyito, a K11 step when
    /// the variant is off, a step that is not one row inward, etc.
    WrongKind {
        /// What is wrong, e.g. `Hoyito moves have no direction`.
        reason: &'static str,
    },
    /// The move text did not parse.
    Malformed(ParseError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::OffBoard { hole } => write!(f, "{hole} is not on this board"),
            PlayError::NotYourHole { hole, mover } => {
                write!(
                    f,
                    "{hole} is not {mover}'s hole; {mover} sows only from his own side"
                )
            }
            PlayError::ClosedHole { hole } => {
                write!(
                    f,
                    "{hole} is closed for this game (M2) and cannot be played"
                )
            }
            PlayError::EmptyHole { hole } => write!(f, "{hole} is empty; choose a hole with seeds"),
            PlayError::WrongRow { hole, must_row } => write!(
                f,
                "{hole} is not in your outermost row with seeds (K3): play from row {}",
                must_row + 1
            ),
            PlayError::Endless { mv, laps } => write!(
                f,
                "{mv} is an endless move: its sowing does not end within {laps} laps (K8/H9)"
            ),
            PlayError::WrongKind { reason } => f.write_str(reason),
            PlayError::Malformed(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<ParseError> for PlayError {
    fn from(e: ParseError) -> Self {
        PlayError::Malformed(e)
    }
}

/// A board no game is played on (RULES.md N3, K1, H1): what [`crate::Variant::katro`],
/// [`crate::Variant::hoyito`] and a stored variant's lone-seed flag refuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// Katro boards are 6x6, 4x6 and 4x4 (K1).
    KatroBoard {
        /// The rows asked for.
        rows: u8,
        /// The columns asked for.
        cols: u8,
    },
    /// Hoyito boards have two rows of 6 to 12 holes (H1).
    HoyitoBoard {
        /// The holes per row asked for.
        cols: u8,
    },
    /// The K11 lone-seed steps are a Katro rule; a Hoyito variant cannot have them.
    LoneStepsInHoyito,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::KatroBoard { rows, cols } => {
                write!(
                    f,
                    "Katro boards are 6x6, 4x6 and 4x4 (K1), not {rows}x{cols}"
                )
            }
            VariantError::HoyitoBoard { cols } => write!(
                f,
                "Hoyito boards have 6 to 12 holes per row (H1), not {cols}"
            ),
            VariantError::LoneStepsInHoyito => {
                f.write_str("lone-seed steps (K11) are a Katro rule, not Hoyito's")
            }
        }
    }
}

impl std::error::Error for VariantError {}
