//! Geometry of a frame: its size for a board, where each hole's pit goes for either
//! player's view, and the scale of contact-sheet tiles.

use crate::core::show::Theme;
use mancala_rules::{Hole, Side, Variant};

/// Side of one hole's square cell, in pixels.
pub const CELL: u32 = 100;
/// Radius of a pit.
pub(super) const PIT_R: f32 = 41.0;
/// Distance from a pit's centre to the centre of a tag above or below it: inside the pit's
/// edge, so that the tags of two pits one above the other (24 px high each) stay apart.
pub(super) const TAG_AT: f32 = PIT_R - 6.0;
/// Side of the square of pixels a pit's picture covers: the pit with its anti-aliased
/// edge, inside its cell and clear of the line between the halves at the cell's edge.
/// Even, so that the pit's centre falls where it does in a cell.
const PIT_SQUARE: u32 = 2 * PIT_R as u32 + 4;
/// Left and right margins (row numbers).
const MARGIN_X: u32 = 60;
/// Height of a player band (top and bottom).
pub(super) const BAND_H: u32 = 64;
/// Height of a row of column letters (above and below the board).
pub(super) const LETTERS_H: u32 = 44;
/// Height of the caption band at the bottom (two lines).
pub(super) const CAPTION_H: u32 = 92;
/// Smallest frame width, so that the bands and captions of small boards fit.
const MIN_WIDTH: u32 = 640;

/// Width and height in pixels of every frame of `variant`: `max(640, 120 + 100 * cols)`
/// wide and `100 * rows + 308` high (Katro 6x6: 720 x 908; Hoyito 2x6: 720 x 508;
/// Hoyito 2x12: 1320 x 508; Katro 4x4: 640 x 708). The view does not change the size.
pub fn frame_size(variant: Variant) -> (u32, u32) {
    let w = (2 * MARGIN_X + CELL * variant.cols() as u32).max(MIN_WIDTH);
    let h = 2 * BAND_H + 2 * LETTERS_H + CELL * variant.rows() as u32 + CAPTION_H;
    (w, h)
}

/// Where things go on a frame of one board seen from one side.
#[derive(Clone, Copy)]
pub(super) struct Layout {
    pub(super) rows: u8,
    pub(super) cols: u8,
    pub(super) view: Side,
    pub(super) width: u32,
    pub(super) height: u32,
    /// Top-left corner of the grid of cells.
    pub(super) gx: f32,
    pub(super) gy: f32,
    /// Scale of everything drawn: 1 for frames, less for contact-sheet tiles.
    pub(super) s: f32,
    /// The colours (`!set theme`).
    pub(super) theme: Theme,
}

impl Layout {
    pub(super) fn new(variant: Variant, view: Side) -> Layout {
        Layout::scaled(variant, view, 1.0)
    }

    /// The layout of a frame drawn at scale `s` (every length times `s`).
    pub(super) fn scaled(variant: Variant, view: Side, s: f32) -> Layout {
        let (width, height) = frame_size(variant);
        let (width, height) = (
            (width as f32 * s).round() as u32,
            (height as f32 * s).round() as u32,
        );
        let grid_w = CELL as f32 * s * variant.cols() as f32;
        Layout {
            rows: variant.rows(),
            cols: variant.cols(),
            view,
            width,
            height,
            gx: ((width as f32 - grid_w) / 2.0).floor(),
            gy: (BAND_H + LETTERS_H) as f32 * s,
            s,
            theme: Theme::Light,
        }
    }

    /// This layout in the colours of `theme`.
    pub(super) fn themed(self, theme: Theme) -> Layout {
        Layout { theme, ..self }
    }

    /// A length of a full-size frame at this layout's scale.
    pub(super) fn k(&self, v: f32) -> f32 {
        v * self.s
    }

    /// Side of a cell.
    pub(super) fn cell(&self) -> f32 {
        self.k(CELL as f32)
    }

    /// Screen column (0 = left) of board column `col`: North's view is turned half round.
    pub(super) fn screen_col(&self, col: u8) -> u8 {
        match self.view {
            Side::South => col,
            Side::North => self.cols - 1 - col,
        }
    }

    /// Screen row (0 = top) of board row `row`.
    pub(super) fn screen_row(&self, row: u8) -> u8 {
        match self.view {
            Side::South => self.rows - 1 - row,
            Side::North => row,
        }
    }

    pub(super) fn centre(&self, h: Hole) -> (f32, f32) {
        let c = self.cell();
        (
            self.gx + (self.screen_col(h.col) as f32 + 0.5) * c,
            self.gy + (self.screen_row(h.row) as f32 + 0.5) * c,
        )
    }

    pub(super) fn grid_w(&self) -> f32 {
        self.cell() * self.cols as f32
    }

    pub(super) fn grid_h(&self) -> f32 {
        self.cell() * self.rows as f32
    }

    pub(super) fn holes(&self) -> impl Iterator<Item = Hole> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| Hole::new(c, r)))
    }
}

/// Side of a pit's picture at scale `s`: [`PIT_SQUARE`] scaled, rounded up to even so
/// that the pit's centre falls on a pixel corner as in a cell.
pub(super) fn pit_side(s: f32) -> u32 {
    2 * (PIT_SQUARE as f32 * s / 2.0).ceil() as u32
}
