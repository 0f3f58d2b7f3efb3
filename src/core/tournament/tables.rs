//! The fixed tables of pairing, pure arithmetic on entrant numbers: the Berger table of
//! a round robin and the bracket order of a knockout. Below both the tournament
//! ([`super::engine`]) and the pairing of its rounds ([`super::pairing`]), which use them.

/// Round `round` (from 1) of the Berger table for `n` players (entrant indices 0 to
/// n-1; an odd field gets a dummy whose opponent has the bye), as (South, North) pairs,
/// South first-named (FIDE C.05 Annex 1: round 1 is 1-n, 2-(n-1), ...; each round
/// starts n/2 further along the cycle of the first n-1; the last player alternates
/// sides).
///
/// # Panics
/// If `round` is 0 or more than the rounds of the table.
pub fn berger(n: usize, round: u32) -> Vec<(usize, Option<usize>)> {
    let even = n + n % 2;
    let m = even - 1;
    assert!(round >= 1 && round as usize <= m, "round {round} of {m}");
    let r = round as usize - 1;
    let a0 = (r * (even / 2)) % m;
    let seq: Vec<usize> = (0..m).map(|k| (a0 + k) % m).collect();
    let last = even - 1;
    let real = |e: usize| (e < n).then_some(e);
    let mut out = Vec::new();
    let first = if round % 2 == 1 {
        (seq[0], last)
    } else {
        (last, seq[0])
    };
    for (a, b) in std::iter::once(first).chain((1..even / 2).map(|i| (seq[i], seq[m - i]))) {
        match (real(a), real(b)) {
            (Some(a), Some(b)) => out.push((a, Some(b))),
            (Some(a), None) | (None, Some(a)) => out.push((a, None)),
            (None, None) => {}
        }
    }
    out
}

/// The seeds (from 0) in bracket order for a bracket of `size` (a power of two): seed 1
/// meets seed `size`, and the top two seeds can meet only in the final.
pub fn bracket(size: usize) -> Vec<usize> {
    let mut b = vec![0usize];
    while b.len() < size {
        let n = b.len() * 2;
        b = b.iter().flat_map(|&s| [s, n - 1 - s]).collect();
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_based(v: Vec<(usize, Option<usize>)>) -> Vec<(usize, usize)> {
        v.into_iter()
            .map(|(a, b)| (a + 1, b.map_or(0, |b| b + 1)))
            .collect()
    }

    #[test]
    fn berger_matches_the_fide_tables() {
        assert_eq!(one_based(berger(4, 1)), vec![(1, 4), (2, 3)]);
        assert_eq!(one_based(berger(4, 2)), vec![(4, 3), (1, 2)]);
        assert_eq!(one_based(berger(4, 3)), vec![(2, 4), (3, 1)]);
        assert_eq!(one_based(berger(6, 2)), vec![(6, 4), (5, 3), (1, 2)]);
        assert_eq!(one_based(berger(6, 4)), vec![(6, 5), (1, 4), (2, 3)]);
        assert_eq!(one_based(berger(6, 5)), vec![(3, 6), (4, 2), (5, 1)]);
        // Five players: the sixth is the bye.
        assert_eq!(one_based(berger(5, 1)), vec![(1, 0), (2, 5), (3, 4)]);
    }

    #[test]
    fn bracket_puts_top_seeds_apart() {
        assert_eq!(bracket(8), vec![0, 7, 3, 4, 1, 6, 2, 5]);
        assert_eq!(bracket(2), vec![0, 1]);
    }
}
