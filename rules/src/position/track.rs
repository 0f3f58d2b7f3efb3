//! The sowing tracks (K2, K4, H2): the cycle of holes each player sows along, as
//! board indices; precomputed for every Katro board and every open Hoyito board.

use super::MAX_HOLES;
use crate::{Dir, Side, Variant};

/// The cycle of holes one player sows along (K2, K4, H2), as board indices.
#[derive(Clone, Copy)]
pub(super) struct Track {
    /// The board indices in sowing order; a Katro track holds its cycle twice over.
    pub(super) holes: [u8; MAX_HOLES],
    /// Position of each board index on the track (only for holes on it).
    pub(super) pos_of: [u8; MAX_HOLES],
    len: u8,
    /// Katro, what the K7 capture check needs, so that it reads no variant: by board
    /// index of the mover's holes, the board indices `[lo, hi)` of his rows further
    /// inward (his rows are contiguous on the row-major board)...
    pub(super) inward: [(u8, u8); MAX_HOLES],
    /// ... and the hole's column;
    pub(super) col: [u8; MAX_HOLES],
    /// the first board index of each of the opponent's rows, innermost first;
    pub(super) opp_rows: [u8; 3],
    /// how many rows each player has, and the holes per row.
    pub(super) half_rows: u8,
    pub(super) cols: u8,
}

impl Track {
    const EMPTY: Track = Track {
        holes: [0; MAX_HOLES],
        pos_of: [u8::MAX; MAX_HOLES],
        len: 0,
        inward: [(0, 0); MAX_HOLES],
        col: [0; MAX_HOLES],
        opp_rows: [0; 3],
        half_rows: 0,
        cols: 0,
    };

    const fn push(mut self, idx: usize) -> Track {
        self.holes[self.len as usize] = idx as u8;
        self.pos_of[idx] = self.len;
        self.len += 1;
        self
    }

    /// K2/K4: the serpentine track over one player's rows, outer row first. `+` runs
    /// toward the mover's right: increasing columns for South, decreasing for North, who
    /// faces him (K4); each next row runs the other way.
    const fn build_katro(rows: u8, cols: u8, south: bool, plus: bool) -> Track {
        let mut t = Track::EMPTY;
        let half = rows / 2;
        t.half_rows = half;
        t.cols = cols;
        let middle = half * cols;
        let mut ascending = south == plus;
        let mut i = 0;
        while i < half {
            let row = if south { i } else { rows - 1 - i };
            // The opponent's i-th row from the middle, and this row's inward rows.
            let opp_row = if south { half + i } else { half - 1 - i };
            t.opp_rows[i as usize] = opp_row * cols;
            let inward = if south {
                ((row + 1) * cols, middle)
            } else {
                (middle, row * cols)
            };
            let mut k = 0;
            while k < cols {
                let col = if ascending { k } else { cols - 1 - k };
                let idx = row as usize * cols as usize + col as usize;
                t = t.push(idx);
                t.inward[idx] = inward;
                t.col[idx] = col;
                k += 1;
            }
            ascending = !ascending;
            i += 1;
        }
        // The cycle twice over (half the board, so it fits): a lap of up to one round
        // is sown as one run of `holes`, with no wrap-around to test at every seed.
        let mut k = 0;
        while k < t.len as usize {
            t.holes[t.len as usize + k] = t.holes[k];
            k += 1;
        }
        t
    }

    /// H2/M2: the anticlockwise cycle a1..f1, f2..a2, without the closed holes.
    const fn build_hoyito(cols: u8, closed: u64) -> Track {
        let mut t = Track::EMPTY;
        let mut k = 0;
        while k < 2 * cols {
            let idx = if k < cols {
                k as usize
            } else {
                (2 * cols - 1 - k) as usize + cols as usize
            };
            if closed & (1 << idx) == 0 {
                t = t.push(idx);
            }
            k += 1;
        }
        t
    }

    /// The track of `side` sowing in `dir` (precomputed for every Katro board).
    pub(super) fn katro(v: Variant, side: Side, dir: Dir) -> &'static Track {
        let shape = match (v.rows(), v.cols()) {
            (6, 6) => 0,
            (4, 6) => 1,
            _ => 2,
        };
        &KATRO_TRACKS[shape][side.index()][(dir == Dir::Minus) as usize]
    }

    /// The Hoyito track, built into `slot` when a hole is closed (M2); without closed
    /// holes the precomputed one, not copied (the sowing engine asks for it per move).
    #[inline]
    pub(super) fn hoyito(v: Variant, closed: u64, slot: &mut Option<Track>) -> &Track {
        if closed == 0 {
            &HOYITO_TRACKS[v.cols() as usize - 6]
        } else {
            slot.insert(Track::build_hoyito(v.cols(), closed))
        }
    }

    /// The number of holes on the track.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub(super) fn next(&self, p: usize) -> usize {
        if p + 1 == self.len as usize {
            0
        } else {
            p + 1
        }
    }
}

const fn katro_tracks(rows: u8, cols: u8) -> [[Track; 2]; 2] {
    [
        [
            Track::build_katro(rows, cols, true, true),
            Track::build_katro(rows, cols, true, false),
        ],
        [
            Track::build_katro(rows, cols, false, true),
            Track::build_katro(rows, cols, false, false),
        ],
    ]
}

/// Every Katro track: by board (6x6, 4x6, 4x4), side, direction (`+`, `-`).
static KATRO_TRACKS: [[[Track; 2]; 2]; 3] =
    [katro_tracks(6, 6), katro_tracks(4, 6), katro_tracks(4, 4)];

/// The open Hoyito tracks for 2x6 to 2x12.
static HOYITO_TRACKS: [Track; 7] = [
    Track::build_hoyito(6, 0),
    Track::build_hoyito(7, 0),
    Track::build_hoyito(8, 0),
    Track::build_hoyito(9, 0),
    Track::build_hoyito(10, 0),
    Track::build_hoyito(11, 0),
    Track::build_hoyito(12, 0),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// K2/K4: the precomputed tracks cover each player's half exactly once.
    #[test]
    fn k2_tracks_are_cycles_over_own_half() {
        for v in [
            Variant::KATRO,
            "katro:4x6".parse().unwrap(),
            "katro:4x4".parse().unwrap(),
        ] {
            for side in Side::ALL {
                for dir in [Dir::Plus, Dir::Minus] {
                    let t = Track::katro(v, side, dir);
                    let mut holes: Vec<usize> = t.holes[..t.len as usize]
                        .iter()
                        .map(|&i| i as usize)
                        .collect();
                    assert!(holes.iter().all(|&i| v.owner_of_row(v.hole(i).row) == side));
                    holes.sort_unstable();
                    holes.dedup();
                    assert_eq!(holes.len(), v.holes() / 2);
                }
            }
        }
    }
}
