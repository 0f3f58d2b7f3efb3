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

/// Hoyito weights, centi-seeds: per hole holding three seeds (a casa for the next seed
/// dropped in, H5/H6a), per seed the mover's best first lap captures, and per seed the
/// opponent's would, were it his turn (see [`hoyito`]).
const THREES: i32 = 45;
const MY_REACH: i32 = 80;
const THEIR_REACH: i32 = 75;

/// Hoyito (H5-H8): captured seeds decide (H8), so the store difference weighs most.
/// Then the casas: holes holding three seeds are casas (H5, H6a) for whoever drops the
/// next seed in, and the seeds each player's best first lap would capture at once
/// (his casas in reach, [`HoyitoTrack::reach`]), the mover's counting more since he
/// sows first. A capture that leaves four seeds in play takes them too (H7), so near
/// the end a casa in reach is worth every seed still in play.
///
/// Weights measured in level-against-level games with sides swapped (the
/// `arena` example; 800 games a setting at levels 3 and 4, then level 5 as South
/// against level 4): the casas in reach took the old evaluation (three-seed holes
/// only) 63% at level 3 and 58% at level 4; an opponent's reach weighing more than the
/// mover's, or no three-seed term, did worse than the old evaluation.
///
/// Measured and dropped: a term for the seeds on each player's own row (what H10 would
/// add to his store) lost level-against-level games; Hoyito games end by H7 far more
/// often than by H10, and the term made the search hoard seeds.
fn hoyito(pos: &Position) -> i32 {
    let me = pos.to_move();
    let stores = pos.store(me) as i32 - pos.store(me.other()) as i32;
    let track = HoyitoTrack::of(pos);
    let threes = track.casas as i32;
    let in_play = pos.board_total() as i32;
    let mine = track.reach(me, in_play);
    let theirs = track.reach(me.other(), in_play);
    100 * stores + THREES * threes + MY_REACH * mine - THEIR_REACH * theirs
}

/// The open holes of a Hoyito board in sowing order (H2, M2: closed holes are skipped),
/// with their seeds and owners (bit `i` of each mask is the `i`-th hole along the
/// track), and the running count of three-seed holes along it, so that
/// [`HoyitoTrack::reach`] counts the casas of a lap by one subtraction.
struct HoyitoTrack {
    /// Seeds along the track (at most 24 holes), zero past its end.
    seeds: [u8; 32],
    /// `prefix[k]`: the holes holding three seeds (casas for the next seed dropped in,
    /// H5/H6a) among the first `k + 1` along the track (`k` < 24; 32 bytes, so that an
    /// index masked to five bits needs no bounds check).
    prefix: [u8; 32],
    /// All the holes holding three seeds.
    casas: u32,
    /// Holes holding any seed.
    occupied: u32,
    /// North's holes.
    north: u32,
    len: usize,
}

impl HoyitoTrack {
    #[inline]
    fn of(pos: &Position) -> HoyitoTrack {
        if pos.closed_mask() != 0 {
            return HoyitoTrack::with_closed(pos);
        }
        // No closed hole: the track is row 1 as it lies, then row 2 reversed (H2),
        // assembled in registers (the 16 bytes from each row's start hold it: c <= 12).
        let c = pos.variant().cols() as usize;
        let board = pos.board();
        let word = |at: usize| u128::from_le_bytes(board[at..at + 16].try_into().expect("16"));
        let row1 = word(0) & (u128::MAX >> (128 - 8 * c));
        let row2 = word(c).swap_bytes() >> (128 - 8 * c);
        let (lo, hi) = (row1 | row2 << (8 * c), row2 >> (128 - 8 * c));
        let mut seeds = [0u8; 32];
        seeds[..16].copy_from_slice(&lo.to_le_bytes());
        seeds[16..].copy_from_slice(&hi.to_le_bytes());
        let words = [lo as u64, (lo >> 64) as u64, hi as u64];
        let occupied = words
            .iter()
            .enumerate()
            .fold(0, |m, (k, &w)| m | gather(nonzero_bytes(w)) << (8 * k));
        HoyitoTrack::counted(seeds, occupied, ((1 << c) - 1) << c, 2 * c)
    }

    /// [`HoyitoTrack::of`] with closed holes (M2, match play), which the track skips.
    fn with_closed(pos: &Position) -> HoyitoTrack {
        let c = pos.variant().cols() as usize;
        let board = pos.board();
        let closed = pos.closed_mask();
        let (mut seeds, mut occupied, mut north, mut len) = ([0u8; 32], 0, 0, 0);
        // H2: a1 .. the last column of row 1 (board indices 0..c), then row 2 back to
        // a2 (indices 2c-1 down to c).
        for k in 0..2 * c {
            let idx = if k < c { k } else { 3 * c - 1 - k };
            if closed >> idx & 1 == 1 {
                continue;
            }
            seeds[len] = board[idx];
            occupied |= u32::from(board[idx] > 0) << len;
            north |= u32::from(k >= c) << len;
            len += 1;
        }
        HoyitoTrack::counted(seeds, occupied, north, len)
    }

    /// The track of `len` holes with `seeds` (zero past the end), its running count of
    /// three-seed holes worked out a word at a time: a 1 byte per three-seed hole, and
    /// each word's bytes summed into their running total by one multiplication (no sum
    /// exceeds 24, so no byte carries into the next).
    #[inline]
    fn counted(seeds: [u8; 32], occupied: u32, north: u32, len: usize) -> HoyitoTrack {
        const THREE: u64 = 0x0303_0303_0303_0303;
        const ONES: u64 = 0x0101_0101_0101_0101;
        let mut prefix = [0u8; 32];
        let mut total = 0u64;
        for (k, chunk) in prefix[..24].chunks_exact_mut(8).enumerate() {
            let w = u64::from_le_bytes(seeds[8 * k..8 * k + 8].try_into().expect("8"));
            let threes = (!nonzero_bytes(w ^ THREE) & HIGH) >> 7;
            let running = threes.wrapping_mul(ONES) + total * ONES;
            chunk.copy_from_slice(&running.to_le_bytes());
            total = running >> 56;
        }
        HoyitoTrack {
            seeds,
            prefix,
            casas: total as u32,
            occupied,
            north,
            len,
        }
    }

    /// The seeds `side` captures with his best move's first lap: every hole holding
    /// three that the lap drops a seed into becomes a casa (H5; H6a for the last seed).
    /// A capture that leaves four seeds of `in_play` takes those too (H7), so then it
    /// is worth them all. Relays after the first lap are not followed.
    #[inline]
    fn reach(&self, side: Side, in_play: i32) -> i32 {
        let n = self.len;
        let all = (1u32 << n) - 1;
        let own = if side == Side::North {
            self.north
        } else {
            !self.north & all
        };
        // No lap reaches more casas than there are, nor more than it has seeds: the
        // count stops once a lap reaches them all, and skips a hole with no more seeds
        // than the best so far.
        let mut best = 0;
        let mut holes = own & self.occupied;
        while holes != 0 && best < self.casas {
            let i = holes.trailing_zeros() as usize;
            holes &= holes - 1;
            // Track positions are below 24: masked, they index without bounds checks.
            let s = (self.seeds[i & 31] as usize).min(n);
            if s as u32 > best {
                // The lap sows the holes after `i` to `i + s`, round the track's end
                // when it gets there.
                let (end, wrap) = match i + s {
                    e if e >= n => (e - n, self.casas),
                    e => (e, 0),
                };
                let casas =
                    u32::from(self.prefix[end & 31]) + wrap - u32::from(self.prefix[i & 31]);
                best = best.max(casas);
            }
        }
        let best = best as i32;
        let taken = 4 * best;
        if taken > 0 && taken >= in_play - 4 {
            in_play
        } else {
            taken
        }
    }
}

/// Flags from [`nonzero_bytes`] (the high bit of bytes) gathered into the low byte:
/// bit `k` is byte `k`'s flag. The multiplication moves each flag to its place in the
/// top byte, with no two partial products meeting.
#[inline]
fn gather(flags: u64) -> u32 {
    ((flags >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;

    #[test]
    fn start_positions_are_balanced() {
        // K1/H1: both halves are equal at the start; only the mover's threat bonus and
        // the casa bonuses (none at the start: no hole holds three) separate the sides.
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

    /// H5/H6a: South's a1 (two seeds) drops into b1 and c1, both holding three: two
    /// casas in reach, eight seeds; North's a2 reaches the same two. Worth
    /// 45 x 2 + 80 x 8 - 75 x 8 centi-seeds to South, to move.
    #[test]
    fn hoyito_counts_the_casas_in_reach_of_each_side() {
        let p: Position = "hoyito/2,3,3,0,0,0/4,0,0,0,0,4 s 16 16".parse().unwrap();
        let t = HoyitoTrack::of(&p);
        assert_eq!((t.reach(Side::South, 16), t.reach(Side::North, 16)), (8, 8));
        assert_eq!(evaluate(&p), 45 * 2 + 80 * 8 - 75 * 8);
    }

    /// H7: with eight seeds in play, South's first casa leaves four, which he takes
    /// too: his reach is every seed in play, as the rules engine plays it.
    #[test]
    fn hoyito_reach_takes_the_last_four() {
        let p: Position = "hoyito/2,3,3,0,0,0/0,0,0,0,0,0 s 20 20".parse().unwrap();
        let t = HoyitoTrack::of(&p);
        assert_eq!(t.reach(Side::South, 8), 8);
        let after = p.play(mancala_rules::Move::parse("a1", p.variant()).unwrap());
        assert_eq!(after.unwrap().store(Side::South), 28);
        assert_eq!(evaluate(&p), 45 * 2 + 80 * 8);
    }

    /// The word-at-a-time reach (and count of three-seed holes) equals a hole-by-hole walk of each first lap, along
    /// random Hoyito games on every board, with and without closed holes (M2).
    #[test]
    fn hoyito_reach_agrees_with_walking_each_lap() {
        fn naive(pos: &Position, side: Side) -> i32 {
            let v = pos.variant();
            let c = v.cols();
            let track: Vec<mancala_rules::Hole> = (0..c)
                .map(|col| mancala_rules::Hole::new(col, 0))
                .chain((0..c).rev().map(|col| mancala_rules::Hole::new(col, 1)))
                .filter(|&h| !pos.is_closed(h))
                .collect();
            let n = track.len();
            let seeds = |k: usize| pos.seeds(track[k % n]).unwrap() as usize;
            let best = (0..n)
                .filter(|&i| pos.owner(track[i]) == side && seeds(i) > 0)
                .map(|i| (1..=seeds(i).min(n)).filter(|j| seeds(i + j) == 3).count())
                .max()
                .unwrap_or(0) as i32;
            let in_play = pos.board_total() as i32;
            if best > 0 && 4 * best >= in_play - 4 {
                in_play
            } else {
                4 * best
            }
        }
        let mut x = 11u64;
        for cols in 6..=12u8 {
            let v = mancala_rules::Variant::hoyito(cols).unwrap();
            for closed in [false, true] {
                let mut p = if closed {
                    let s = format!(
                        "hoyito:2x{cols}/x{}/{}x s 0 0",
                        ",4".repeat(cols as usize - 1),
                        "4,".repeat(cols as usize - 1)
                    );
                    s.parse::<Position>().unwrap()
                } else {
                    Position::new(v)
                };
                let start = p;
                for _ in 0..2000 {
                    let t = HoyitoTrack::of(&p);
                    let threes = p.board().iter().filter(|&&s| s == 3).count();
                    assert_eq!(t.casas as usize, threes, "{p}");
                    for side in Side::ALL {
                        let in_play = p.board_total() as i32;
                        assert_eq!(t.reach(side, in_play), naive(&p, side), "{p} {side}");
                    }
                    let ch = p.children();
                    if ch.is_empty() {
                        p = start;
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

    /// M2: sowing skips a closed hole, and so does the reach: a1's two seeds fall in
    /// c1 (a casa, H5) and d1.
    #[test]
    fn hoyito_reach_skips_closed_holes() {
        let p: Position = "hoyito/2,x,3,0,0,0/0,0,0,0,0,3 s 18 18".parse().unwrap();
        let t = HoyitoTrack::of(&p);
        assert_eq!(t.len, 11);
        assert_eq!(t.reach(Side::South, 8), 8);
        assert_eq!(t.reach(Side::North, 8), 0);
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
