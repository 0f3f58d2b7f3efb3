//! Perfect indexing of Hoyito 2x6 boards: a combinatorial rank of the seed
//! distributions ("stars and bars") of a given number of seeds over the twelve holes,
//! times the player to move.
//!
//! The boards holding exactly `k` seeds in the [`HOLES`] holes are numbered
//! `0..boards(k)` in lexicographic order of their counts (hole a1 first, along the H2
//! track order of the board indices: a1..f1, a2..f2 as [`mancala_rules::Variant::index`]
//! numbers them). An entry of a layer is `rank * 2 + side` (South 0, North 1).

/// Holes of the Hoyito 2x6 board (H1).
pub(super) const HOLES: usize = 12;

/// Largest seed count the binomial table covers: sums up to this many seeds can be
/// ranked. Far above any layer that fits in memory (16 seeds are already 13 million
/// boards).
pub(super) const MAX_RANKED_SEEDS: usize = 48;

const ROWS: usize = MAX_RANKED_SEEDS + HOLES + 1;

/// `C(n, r)` for `n < ROWS`, `r <= HOLES`: built once at compile time.
const BINOM: [[u64; HOLES + 1]; ROWS] = binomials();

const fn binomials() -> [[u64; HOLES + 1]; ROWS] {
    let mut t = [[0u64; HOLES + 1]; ROWS];
    let mut n = 0;
    while n < ROWS {
        t[n][0] = 1;
        let mut r = 1;
        while r <= HOLES && r <= n {
            t[n][r] = t[n - 1][r - 1] + if r < n { t[n - 1][r] } else { 0 };
            r += 1;
        }
        n += 1;
    }
    t
}

/// Ways to put `seeds` seeds into `holes` holes (`holes >= 1`); 1 way for 0 holes and 0
/// seeds, 0 for 0 holes and some seeds.
#[inline]
fn ways(seeds: usize, holes: usize) -> u64 {
    if holes == 0 {
        return u64::from(seeds == 0);
    }
    BINOM[seeds + holes - 1][holes - 1]
}

/// The number of boards holding exactly `seeds` seeds: `C(seeds + 11, 11)`. 0 past
/// [`MAX_RANKED_SEEDS`].
pub(super) fn boards(seeds: usize) -> u64 {
    if seeds > MAX_RANKED_SEEDS {
        0
    } else {
        ways(seeds, HOLES)
    }
}

/// The rank of `board` among the boards with its seed total (see the module doc);
/// `None` when that total exceeds [`MAX_RANKED_SEEDS`].
pub(super) fn rank(board: &[u8; HOLES]) -> Option<u64> {
    let total: usize = board.iter().map(|&s| s as usize).sum();
    if total > MAX_RANKED_SEEDS {
        return None;
    }
    let mut left = total;
    let mut r = 0u64;
    for (i, &b) in board.iter().enumerate() {
        let after = HOLES - i - 1;
        // Every board whose hole i holds fewer seeds (the earlier holes equal) comes first.
        for v in 0..b as usize {
            r += ways(left - v, after);
        }
        left -= b as usize;
    }
    Some(r)
}

/// The board of rank `r` among those holding `seeds` seeds (inverse of [`rank`]);
/// `None` when `r >= boards(seeds)`.
pub(super) fn unrank(seeds: usize, mut r: u64) -> Option<[u8; HOLES]> {
    if r >= boards(seeds) {
        return None;
    }
    let mut board = [0u8; HOLES];
    let mut left = seeds;
    for (i, hole) in board.iter_mut().enumerate() {
        let after = HOLES - i - 1;
        let mut v = 0;
        loop {
            let w = ways(left - v, after);
            if r < w {
                break;
            }
            r -= w;
            v += 1;
        }
        // v <= left: the counts of all v' <= left sum to ways(left, after + 1) > r.
        *hole = v as u8;
        left -= v;
    }
    Some(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn board_counts_are_stars_and_bars() {
        assert_eq!(boards(0), 1);
        assert_eq!(boards(1), 12);
        assert_eq!(boards(4), 1365);
        assert_eq!(boards(8), 75_582);
        assert_eq!(boards(12), 1_352_078);
        assert_eq!(boards(16), 13_037_895);
        assert_eq!(boards(49), 0);
    }

    #[test]
    fn every_small_board_ranks_in_order() {
        for seeds in 0..=4 {
            let mut prev = None;
            for r in 0..boards(seeds) {
                let b = unrank(seeds, r).unwrap();
                assert_eq!(b.iter().map(|&s| s as usize).sum::<usize>(), seeds);
                assert_eq!(rank(&b), Some(r));
                assert!(prev < Some(b), "lexicographic order");
                prev = Some(b);
            }
            assert_eq!(unrank(seeds, boards(seeds)), None);
        }
    }

    proptest! {
        /// rank then unrank gives the board back, for any board up to 48 seeds; above,
        /// rank refuses it.
        #[test]
        fn rank_unrank_round_trip(holes in proptest::collection::vec(0u8..=6, HOLES)) {
            let mut board = [0u8; HOLES];
            board.copy_from_slice(&holes);
            let seeds = holes.iter().map(|&s| s as usize).sum::<usize>();
            match rank(&board) {
                Some(r) => {
                    prop_assert!(seeds <= MAX_RANKED_SEEDS);
                    prop_assert!(r < boards(seeds));
                    prop_assert_eq!(unrank(seeds, r), Some(board));
                }
                None => prop_assert!(seeds > MAX_RANKED_SEEDS),
            }
        }

        /// unrank then rank gives the number back.
        #[test]
        fn unrank_rank_round_trip(seeds in 0usize..=20, x in any::<u64>()) {
            let r = x % boards(seeds);
            let b = unrank(seeds, r).unwrap();
            prop_assert_eq!(rank(&b), Some(r));
        }
    }
}
