//! Static evaluation of both games, from the point of view of the player to move, in
//! centi-seeds (100 = one seed).

use mancala_rules::{Position, Side};

/// A won game: the score of a position whose player to move has won, minus the plies
/// it takes (shorter wins score higher). Every score whose magnitude exceeds
/// [`WIN_BOUND`] is a proven result.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this magnitude are proven wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;

/// Evaluation of a position that is not over, for its player to move.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    if pos.variant().is_katro() {
        katro(pos)
    } else {
        hoyito(pos)
    }
}

/// Katro (K7, K9): the game is won by emptying the opponent, so the seeds on each half
/// weigh most; then mobility (occupied holes of the K3 start row, two moves each),
/// spread (occupied holes: a player with many occupied holes relays and is hard to
/// empty), and capture threats along the two front rows: a hole of my front row that
/// holds seeds can end a lap with a capture of the opposite front-row hole (K7), so the
/// seeds facing an occupied hole of the other's front row are targets. The mover's
/// threats are worth more than the waiting player's, since he strikes first.
fn katro(pos: &Position) -> i32 {
    let me = pos.to_move();
    let g = Geometry::of(pos);
    let a = KatroSide::of(pos, &g, me);
    let b = KatroSide::of(pos, &g, me.other());
    if a.seeds == 0 || b.seeds == 0 {
        // Caller handles terminal positions; a side without seeds has lost (K9).
        return if a.seeds == 0 { -WIN_BOUND } else { WIN_BOUND };
    }
    // The columns where both front rows hold seeds: there each side threatens the
    // other's hole.
    let both = byte_mask(nonzero_bytes(a.front_word) & nonzero_bytes(b.front_word));
    let my_threat = byte_sum(b.front_word & both);
    let their_threat = byte_sum(a.front_word & both);
    100 * (a.seeds - b.seeds)
        + 12 * (a.occupied - b.occupied)
        + 8 * (a.start_occupied - b.start_occupied)
        + 30 * my_threat
        - 15 * their_threat
}

/// The board's shape, read once per evaluation.
struct Geometry {
    rows: u8,
    cols: usize,
}

impl Geometry {
    #[inline]
    fn of(pos: &Position) -> Geometry {
        let v = pos.variant();
        Geometry {
            rows: v.rows(),
            cols: v.cols() as usize,
        }
    }
}

/// What the Katro evaluation needs of one side, gathered in one pass over his rows.
struct KatroSide {
    seeds: i32,
    occupied: i32,
    /// His front row (K7), the innermost row holding seeds, as a row word.
    front_word: u64,
    /// Occupied holes of his outermost non-empty row: his K3 start holes.
    start_occupied: i32,
}

impl KatroSide {
    #[inline]
    fn of(pos: &Position, g: &Geometry, side: Side) -> KatroSide {
        let mut k = KatroSide {
            seeds: 0,
            occupied: 0,
            front_word: 0,
            start_occupied: 0,
        };
        // His rows from his own edge inward (K2).
        for i in 0..g.rows / 2 {
            let r = match side {
                Side::South => i,
                Side::North => g.rows - 1 - i,
            };
            let w = row_word(pos, r as usize * g.cols, g.cols);
            let sum = byte_sum(w);
            let occ = count_flags(nonzero_bytes(w));
            if sum > 0 {
                if k.seeds == 0 {
                    k.start_occupied = occ;
                }
                k.front_word = w;
            }
            k.seeds += sum;
            k.occupied += occ;
        }
        k
    }
}

// Katro rows (at most 6 holes) read as one little-endian word, a byte per hole, and
// summed and counted a word at a time: the evaluation runs at every leaf.

/// The Katro row of `c` holes from board index `start` as a word: its first hole in
/// the low byte, zero past the row.
#[inline]
fn row_word(pos: &Position, start: usize, c: usize) -> u64 {
    let board = pos.board();
    // The eight bytes from `s` hold the row, `start - s` in (c <= 6 < 8).
    let s = start.min(board.len() - 8);
    let bytes: [u8; 8] = board[s..s + 8].try_into().expect("8 bytes");
    (u64::from_le_bytes(bytes) >> ((start - s) * 8)) & ((1u64 << (c * 8)) - 1)
}

const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `w` that is not zero.
#[inline]
fn nonzero_bytes(w: u64) -> u64 {
    (((w & LOW7) + LOW7) | w) & HIGH
}

/// Flags from [`nonzero_bytes`] widened to whole bytes (0xff).
#[inline]
fn byte_mask(flags: u64) -> u64 {
    (flags >> 7) * 0xff
}

/// How many flags from [`nonzero_bytes`] are set.
#[inline]
fn count_flags(flags: u64) -> i32 {
    ((flags >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32
}

/// The sum of the bytes of `w`: added in pairs into 16-bit lanes, then the four lanes
/// by one multiplication into the top lane (no lane overflows: 8 x 255 < 2^16).
#[inline]
fn byte_sum(w: u64) -> i32 {
    let pairs = (w & 0x00ff_00ff_00ff_00ff) + ((w >> 8) & 0x00ff_00ff_00ff_00ff);
    (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as i32
}

/// Seeds on `side`'s half of a Katro board.
#[inline]
pub(crate) fn katro_seeds(pos: &Position, side: Side) -> i32 {
    pos.seeds_of(side) as i32
}

/// Hoyito (H5-H8): captured seeds decide (H8), so the store difference weighs most.
/// Holes holding three seeds are casas (H5, H6a) for whoever drops the next seed in,
/// most likely the mover: a bonus for him.
///
/// Measured and dropped: a term for the seeds on each player's own row (what H10 would
/// add to his store) lost level-against-level games; Hoyito games end by H7 far more
/// often than by H10, and the term made the search hoard seeds.
fn hoyito(pos: &Position) -> i32 {
    let me = pos.to_move();
    let stores = pos.store(me) as i32 - pos.store(me.other()) as i32;
    let threes = pos
        .row(0)
        .iter()
        .chain(pos.row(1))
        .filter(|&&s| s == 3)
        .count() as i32;
    100 * stores + 45 * threes
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;

    #[test]
    fn start_positions_are_balanced() {
        // K1/H1: both halves are equal at the start; only the mover's threat bonus and
        // the casa bonus (none at the start) separate the sides.
        let k = Position::new(Variant::KATRO);
        assert_eq!(evaluate(&k), 15 * 12);
        let h = Position::new(Variant::HOYITO);
        assert_eq!(evaluate(&h), 0);
    }

    /// The word-at-a-time Katro evaluation equals the hole-by-hole one it replaced,
    /// along random games on every Katro board.
    #[test]
    fn katro_words_agree_with_counting_holes() {
        fn naive(pos: &Position) -> i32 {
            let side = |s: Side| {
                let (mut seeds, mut occ, mut front, mut start) = (0, 0, 0, 0);
                for r in pos.variant().rows_of(s) {
                    let sum: i32 = pos.row(r).iter().map(|&x| x as i32).sum();
                    let o = pos.row(r).iter().filter(|&&x| x > 0).count() as i32;
                    if sum > 0 {
                        if seeds == 0 {
                            start = o;
                        }
                        front = r;
                    }
                    seeds += sum;
                    occ += o;
                }
                (seeds, occ, front, start)
            };
            let me = pos.to_move();
            let (a, b) = (side(me), side(me.other()));
            if a.0 == 0 || b.0 == 0 {
                return if a.0 == 0 { -WIN_BOUND } else { WIN_BOUND };
            }
            let (mut mine, mut theirs) = (0, 0);
            for (&x, &y) in pos.row(a.2).iter().zip(pos.row(b.2)) {
                if x > 0 && y > 0 {
                    mine += y as i32;
                    theirs += x as i32;
                }
            }
            100 * (a.0 - b.0) + 12 * (a.1 - b.1) + 8 * (a.3 - b.3) + 30 * mine - 15 * theirs
        }
        let mut x = 7u64;
        for name in ["katro", "katro:4x6", "katro:4x4"] {
            let v: Variant = name.parse().unwrap();
            for seeds in 1..=4 {
                let mut p = Position::with_seeds(v, seeds).unwrap();
                for _ in 0..3000 {
                    assert_eq!(evaluate(&p), naive(&p), "{p}");
                    let ch = p.children();
                    if ch.is_empty() {
                        p = Position::with_seeds(v, seeds).unwrap();
                        continue;
                    }
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    p = ch[(x >> 33) as usize % ch.len()].1;
                }
            }
        }
    }

    #[test]
    fn katro_material_dominates() {
        // South holds 44 seeds and North 28: South, to move, stands better.
        let p: Position =
            "katro/2,2,2,2,2,2/4,2,2,2,2,2/3,3,3,3,3,3/0,0,0,0,2,2/2,2,2,2,2,2/2,2,2,2,2,2 s"
                .parse()
                .unwrap();
        assert!(evaluate(&p) > 500, "{}", evaluate(&p));
    }
}
