//! How a channel is shown its moves (issue 14 item 3): `!set pictures` (every frame, one
//! contact sheet, only the final board with the move's path drawn on it, or the animated
//! GIF), `!set view` (the side the boards of a game between two people are drawn
//! from) and `!set theme` (light or dark pictures): the settings' types. Organizers set
//! them (`super::set`); they are stored with the channel's settings.

use mancala_rules::Side;
use serde::{Deserialize, Serialize};

/// Whether a setting has its default value (then it is not stored:
/// `skip_serializing_if`).
pub fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// The pictures a move is answered with (`!set pictures`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PictureStyle {
    /// Every frame (one per relay and capture, then the final board); the contact sheet
    /// and the final board when they are more than the attachment limit.
    #[default]
    Frames,
    /// The frames tiled in one contact sheet, then the final board (a move of one or two
    /// frames: the frames).
    Sheet,
    /// Only the final board, with the move's path drawn on it: the holes sown, where
    /// each lap ended, the captures.
    Final,
    /// The move as one animated GIF (`move.gif`).
    Gif,
}

impl PictureStyle {
    /// Every style, in the order `!set pictures` lists them.
    pub const ALL: [PictureStyle; 4] = [
        PictureStyle::Frames,
        PictureStyle::Sheet,
        PictureStyle::Final,
        PictureStyle::Gif,
    ];

    /// The word of `!set pictures WORD`.
    pub fn word(self) -> &'static str {
        match self {
            PictureStyle::Frames => "frames",
            PictureStyle::Sheet => "sheet",
            PictureStyle::Final => "final",
            PictureStyle::Gif => "gif",
        }
    }

    /// The style named `word` (lower case), if any.
    pub fn from_word(word: &str) -> Option<PictureStyle> {
        PictureStyle::ALL.into_iter().find(|s| s.word() == word)
    }
}

/// The side the move pictures of a game between two people are drawn from (`!set
/// view`). Games against the AI are always drawn from the human's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardView {
    /// From the side of the player who moved.
    #[default]
    Mover,
    /// Always from South's side (row 1 at the bottom).
    South,
    /// Always from North's side (the board turned half round).
    North,
}

impl BoardView {
    /// Every view, in the order `!set view` lists them.
    pub const ALL: [BoardView; 3] = [BoardView::Mover, BoardView::South, BoardView::North];

    /// The word of `!set view WORD`.
    pub fn word(self) -> &'static str {
        match self {
            BoardView::Mover => "mover",
            BoardView::South => "south",
            BoardView::North => "north",
        }
    }

    /// The view named `word` (lower case), if any.
    pub fn from_word(word: &str) -> Option<BoardView> {
        BoardView::ALL.into_iter().find(|v| v.word() == word)
    }

    /// The side a move by `mover` is drawn from.
    pub fn side(self, mover: Side) -> Side {
        match self {
            BoardView::Mover => mover,
            BoardView::South => Side::South,
            BoardView::North => Side::North,
        }
    }
}

/// The colours of board pictures (`!set theme`): both keep the colour-blind-safe
/// Okabe-Ito accents (start, relay, capture, casa, end).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Dark ink on a light page and a light wooden board.
    #[default]
    Light,
    /// Light ink on a dark page and a dark wooden board (for dark chat themes).
    Dark,
}

impl Theme {
    /// The word of `!set theme WORD`.
    pub fn word(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme named `word` (lower case), if any.
    pub fn from_word(word: &str) -> Option<Theme> {
        [Theme::Light, Theme::Dark]
            .into_iter()
            .find(|t| t.word() == word)
    }
}
