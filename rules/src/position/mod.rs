//! Positions, legal moves and the sowing engine of both games.
//!
//! - here: the [`Position`] type, its constructors and accessors;
//! - `track`: the sowing tracks (K2, K4, H2);
//! - `legal`: the checks of one move and legal-move generation (K3, K8, K11, H3, H9,
//!   M2), [`Children`];
//! - `sow`: the sowing engine, [`Position::play`] and [`Position::play_traced`] (K5-K8,
//!   K11, H3-H10);
//! - `outcome`: [`Outcome`], [`EndReason`] and [`Position::outcome`] (K9, H7, H8, H10);
//! - `notation`: N4 position strings (`Display`, `FromStr`).

use crate::{Hole, ParseError, ParseKind, Side, Variant};

mod legal;
mod notation;
mod outcome;
mod sow;
mod track;

pub use legal::Children;
pub use outcome::{EndReason, Outcome};

/// Board capacity: the largest board has 36 holes (Katro 6x6); Hoyito 2x12 has 24.
pub const MAX_HOLES: usize = 36;

/// A position: the board, the closed holes, the Hoyito stores and the player to move.
///
/// A small `Copy` value (56 bytes) with no heap data. Positions reached by [`play`]
/// are always consistent; positions parsed from strings (N4) are validated.
///
/// Katro keeps no stores: captured seeds are sown on at once (K6b), so the seed total
/// on the board never changes. What each Katro player has taken so far is counted by
/// [`crate::Game`].
///
/// ```
/// use mancala_rules::{Position, Variant, Move};
/// let start = Position::new(Variant::KATRO);
/// let after = start.play(Move::parse("c1+", Variant::KATRO)?)?;
/// assert_eq!(
///     after.to_string(),
///     "katro/0,3,1,0,1,4/3,0,3,3,1,4/3,0,3,3,3,3/2,0,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 n"
/// );
/// // A refused move leaves the position as it was (it is a Copy value).
/// assert!(after.play(Move::parse("a1", Variant::KATRO)?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`play`]: Position::play
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    to_move: Side,
    /// H10: the board was swept into the stores because neither player could move.
    swept: bool,
    /// Seeds per hole, row-major from a1; holes past the board are 0.
    board: [u8; MAX_HOLES],
    /// Bit `i` set: hole index `i` is closed (M2, Hoyito match play).
    closed: u64,
    /// Hoyito captures of South and North (H1, H8); always 0 in Katro.
    stores: [u16; 2],
}

impl Position {
    /// The start position of `variant` with its default seeds per hole (K1: 2, H1: 4),
    /// South to move.
    pub fn new(variant: Variant) -> Position {
        Position::start(variant, variant.default_seeds())
    }

    fn start(variant: Variant, seeds: u8) -> Position {
        let mut board = [0; MAX_HOLES];
        board[..variant.holes()].fill(seeds);
        Position {
            variant,
            to_move: Side::South,
            swept: false,
            board,
            closed: 0,
            stores: [0, 0],
        }
    }

    /// The start position with `seeds` per hole (K1 allows 1-4 in Katro; Hoyito is
    /// always played with 4, H1/H7).
    ///
    /// # Errors
    /// [`ParseError`] (kind `Variant`) when `seeds` is outside what the game allows.
    pub fn with_seeds(variant: Variant, seeds: u8) -> Result<Position, ParseError> {
        let ok = if variant.is_katro() {
            (1..=4).contains(&seeds)
        } else {
            seeds == 4
        };
        if ok {
            Ok(Position::start(variant, seeds))
        } else {
            Err(ParseError::new(
                ParseKind::Variant,
                &format!("{variant} with {seeds} seeds per hole"),
                "Katro takes 1 to 4 seeds per hole (K1), Hoyito 4 (H1)",
            ))
        }
    }

    /// A Hoyito start position for a match game (M1, M2): every open hole holds four
    /// seeds, the holes whose bit is set in `closed` (bit `i` = board index `i`, see
    /// [`Variant::index`]) are closed; `first` moves first (M3).
    pub(crate) fn hoyito_match_start(variant: Variant, closed: u64, first: Side) -> Position {
        let mut p = Position::start(variant, 4);
        for i in 0..variant.holes() {
            if closed & (1 << i) != 0 {
                p.board[i] = 0;
            }
        }
        p.closed = closed;
        p.to_move = first;
        p
    }

    /// The same position with the K11 lone-seed steps switched on or off (Katro).
    pub fn with_lone_steps(mut self, on: bool) -> Position {
        self.variant = self.variant.with_lone_steps(on);
        self
    }

    /// The game and board.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Seeds in `hole`; `None` when it is off the board.
    #[inline]
    pub fn seeds(&self, hole: Hole) -> Option<u8> {
        self.variant
            .contains(hole)
            .then(|| self.board[self.variant.index(hole)])
    }

    /// Whether `hole` is closed for this game (M2).
    #[inline]
    pub fn is_closed(&self, hole: Hole) -> bool {
        self.variant.contains(hole) && self.closed & (1 << self.variant.index(hole)) != 0
    }

    /// The whole position packed into six words, so that a hash reads six words rather
    /// than field by field: two positions are equal exactly when their words are.
    /// Words 0-3 hold board indices 0-31 (a byte per hole, little-endian); word 4
    /// indices 32-35, then South's and North's stores (16 bits each, from bit 32);
    /// word 5 the closed holes (bits 0-35, as [`Position::closed_mask`]), the player to
    /// move (bit 40: North), the H10 sweep (bit 41) and the game and board (bits
    /// 48-56: Katro 1, rows, columns, K11 steps).
    #[inline]
    pub fn packed(&self) -> [u64; 6] {
        let b = &self.board;
        let word = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
        let last = u64::from(u32::from_le_bytes(b[32..36].try_into().expect("4 bytes")));
        let v = self.variant;
        let game = u64::from(v.is_katro())
            | u64::from(v.rows()) << 1
            | u64::from(v.cols()) << 4
            | u64::from(v.lone_steps()) << 8;
        [
            word(0),
            word(8),
            word(16),
            word(24),
            last | u64::from(self.stores[0]) << 32 | u64::from(self.stores[1]) << 48,
            self.closed
                | u64::from(self.to_move == Side::North) << 40
                | u64::from(self.swept) << 41
                | game << 48,
        ]
    }

    /// The closed holes (M2) as a mask: bit `i` set when board index `i` (see
    /// [`Variant::index`]) is closed. Always 0 in Katro and outside match play.
    #[inline]
    pub fn closed_mask(&self) -> u64 {
        self.closed
    }

    /// Hoyito seeds captured by `side` in this game (0 in Katro).
    #[inline]
    pub fn store(&self, side: Side) -> u16 {
        self.stores[side.index()]
    }

    /// Seeds on `side`'s half of the board.
    #[inline]
    pub fn seeds_of(&self, side: Side) -> u32 {
        // A side's rows are contiguous in the row-major board (K1, H1).
        let half = self.variant.holes() / 2;
        let range = match side {
            Side::South => 0..half,
            Side::North => half..2 * half,
        };
        byte_sum(&self.board[range])
    }

    /// Seeds on the whole board.
    #[inline]
    pub fn board_total(&self) -> u32 {
        // Holes past the board hold 0: Hoyito 2x6 sums 12 bytes, not 36.
        byte_sum(&self.board[..self.variant.holes()])
    }

    /// The seeds of every hole, row-major from a1 (index [`Variant::index`]); holes
    /// past the board hold 0. For evaluations that read whole rows as words.
    #[inline]
    pub fn board(&self) -> &[u8; MAX_HOLES] {
        &self.board
    }

    /// The seeds of row `row` (0-based), column a first.
    #[inline]
    pub fn row(&self, row: u8) -> &[u8] {
        let c = self.variant.cols() as usize;
        &self.board[row as usize * c..(row as usize + 1) * c]
    }

    /// Whether row `row` (0-based, on the board) holds any seed. One 16-byte load
    /// rather than a loop over the row: the capture check (K7) and the start row (K3)
    /// ask this at every lap's end and every move generation.
    #[inline]
    fn row_occupied(&self, row: u8) -> bool {
        let c = self.variant.cols() as usize;
        self.any_seeds(row as usize * c, c)
    }

    /// Whether any of the `len` (at most 16) holes from board index `start` holds a
    /// seed, by one 16-byte load.
    #[inline]
    pub(super) fn any_seeds(&self, start: usize, len: usize) -> bool {
        if len == 0 {
            return false;
        }
        // The holes lie in the 16 bytes from `s`, `start - s` in (start + len <= 36).
        let s = start.min(MAX_HOLES - 16);
        let bytes: [u8; 16] = self.board[s..s + 16].try_into().expect("16 bytes");
        let w = u128::from_le_bytes(bytes) >> ((start - s) * 8);
        w & (u128::MAX >> (128 - len * 8)) != 0
    }

    /// The owner of `hole` (K1, H1).
    #[inline]
    pub fn owner(&self, hole: Hole) -> Side {
        self.variant.owner_of_row(hole.row)
    }

    /// Katro: `side`'s front row (K7): his innermost row holding any seed; `None` when he
    /// has no seed.
    #[inline]
    pub fn front_row(&self, side: Side) -> Option<u8> {
        self.variant
            .rows_of(side)
            .rev()
            .find(|&r| self.row_occupied(r))
    }

    /// Katro K3: `side`'s outermost row holding any seed; `None` when he has no seed.
    fn start_row(&self, side: Side) -> Option<u8> {
        self.variant.rows_of(side).find(|&r| self.row_occupied(r))
    }
}

/// The sum of `bytes` (seed counts), in u32: byte sums of 8-byte words, so that a whole
/// board takes a few steps rather than one per hole.
#[inline]
fn byte_sum(bytes: &[u8]) -> u32 {
    const PAIRS: u64 = 0x00ff_00ff_00ff_00ff;
    let mut chunks = bytes.chunks_exact(8);
    // Bytes added in pairs into 16-bit lanes, the lanes added by one multiplication
    // into the top one at the end: at most four words (36 bytes), so the four lanes
    // together hold at most 4 x 8 x 255 < 2^16.
    let mut lanes = 0u64;
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        lanes += (w & PAIRS) + ((w >> 8) & PAIRS);
    }
    let words = (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32;
    words + chunks.remainder().iter().map(|&s| s as u32).sum::<u32>()
}

/// For tests: one step of a seeded random game, a child of `p` drawn by xorshift from
/// the state `x`; `None` (and `x` unchanged) when `p` has none.
#[cfg(test)]
fn random_child(p: &Position, x: &mut u64) -> Option<Position> {
    let ch = p.children();
    if ch.is_empty() {
        return None;
    }
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    Some(ch[*x as usize % ch.len()].1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    /// A position is a small `Copy` value (issue target: a few dozen bytes).
    #[test]
    fn position_is_small() {
        assert!(
            core::mem::size_of::<Position>() <= 64,
            "{}",
            core::mem::size_of::<Position>()
        );
        assert!(
            core::mem::size_of::<Move>() <= 8,
            "{}",
            core::mem::size_of::<Move>()
        );
    }

    /// The word-at-a-time row and side checks and sums agree with a hole-by-hole count
    /// on every board, with rows empty, single seeds and full holes (255) anywhere.
    #[test]
    fn row_checks_and_sums_agree_with_counting_holes() {
        let boards = ["katro", "katro:4x6", "katro:4x4", "hoyito", "hoyito:2x12"];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for name in boards {
            let v: Variant = name.parse().unwrap();
            for _ in 0..2000 {
                let mut p = Position::new(v);
                for i in 0..v.holes() {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    p.board[i] = match x % 8 {
                        0..=3 => 0,
                        4 | 5 => 1,
                        6 => (x >> 8) as u8,
                        _ => 255,
                    };
                }
                for r in 0..v.rows() {
                    let naive: u32 = p.row(r).iter().map(|&s| s as u32).sum();
                    assert_eq!(p.row_occupied(r), naive > 0, "{name} row {r}");
                }
                for side in Side::ALL {
                    let naive: u32 = (0..v.holes())
                        .filter(|&i| v.owner_of_row(v.hole(i).row) == side)
                        .map(|i| p.board[i] as u32)
                        .sum();
                    assert_eq!(p.seeds_of(side), naive, "{name} {side}");
                    assert_eq!(p.front_row(side).is_none(), naive == 0, "{name} {side}");
                }
                let total: u32 = p.board.iter().map(|&s| s as u32).sum();
                assert_eq!(p.board_total(), total);
            }
        }
    }

    /// `packed` tells positions apart exactly when they differ: along random games
    /// of every game and board (with K11 steps, stores, passes, closed holes and the
    /// H10 sweep met on the way), equal words mean equal positions.
    #[test]
    fn packed_words_are_equal_only_for_equal_positions() {
        let mut seen = std::collections::HashMap::new();
        let boards = ["katro", "katro:4x6", "katro:4x4", "hoyito", "hoyito:2x12"];
        let mut x = 0x853c_49e6_748f_ea9bu64;
        for name in boards {
            let v: Variant = name.parse().unwrap();
            // Katro with and without K11 steps (same boards, another game); Hoyito
            // open and with closed holes (M2).
            let other = if v.is_katro() {
                Position::new(v).with_lone_steps(true)
            } else {
                Position::hoyito_match_start(v, 0b1001, Side::North)
            };
            for start in [Position::new(v), other] {
                for _ in 0..300 {
                    let mut p = start;
                    for _ in 0..200 {
                        let before = seen.insert(p.packed(), p);
                        assert!(before.is_none_or(|q| q == p), "{p} {}", before.unwrap());
                        let Some(next) = random_child(&p, &mut x) else {
                            break;
                        };
                        p = next;
                    }
                }
            }
        }
        // Same board, different mover, sweep or game: different words.
        let p = Position::new(Variant::KATRO);
        let mut q = p;
        q.to_move = Side::North;
        assert_ne!(p.packed(), q.packed());
        let mut r = p;
        r.swept = true;
        assert_ne!(p.packed(), r.packed());
        assert_ne!(p.packed(), p.with_lone_steps(true).packed());
    }

    /// N1: the table behind `Variant::hole` inverts `Variant::index` on every board.
    #[test]
    fn hole_inverts_index() {
        for name in ["katro", "katro:4x6", "katro:4x4", "hoyito", "hoyito:2x9"] {
            let v: Variant = name.parse().unwrap();
            for i in 0..v.holes() {
                assert_eq!(v.index(v.hole(i)), i, "{name} {i}");
            }
        }
    }
}
