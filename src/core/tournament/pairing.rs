//! The pairing of a round: round robin by Berger tables, Swiss by maximum weight
//! matching over score groups and colours (the knockout's bracket is in `knockout`).

use std::convert::Infallible;

use super::engine::Tournament;

impl Tournament {
    /// South games minus North games, and the side of the last game (`Some(true)`:
    /// South), per entrant.
    pub(super) fn colours(&self) -> Vec<(i32, Option<bool>)> {
        let mut c = vec![(0, None); self.entrants.len()];
        for p in self.rounds.iter().flat_map(|r| &r.pairings) {
            if let Some(n) = p.north {
                c[p.south].0 += 1;
                c[p.south].1 = Some(true);
                c[n].0 -= 1;
                c[n].1 = Some(false);
            }
        }
        c
    }

    /// Swiss pairing of `active` (entrants not withdrawn), by a maximum weight perfect
    /// matching (rustworkx-core, Edmonds' blossom algorithm) on the complete graph of
    /// the players, plus a bye node when their number is odd. Edge weights, from the
    /// strongest term to the weakest:
    /// 0. a second bye costs more than everything else: while an active player has had
    ///    no bye, nobody gets a second one (byes rotate);
    /// 1. a pairing already played costs more than all that follows, so it happens only
    ///    when no pairing avoids it;
    /// 2. the square of the score difference (players stay in their score group, and
    ///    the fewest float, as little as possible); a bye costs the player's score, so
    ///    it goes to the lowest score group (rotating: see 1);
    /// 3. two players due the same side (colour balance);
    /// 4. within a score group, the top half meets the bottom half (seed distance).
    ///
    /// Sides: South to the player who has had South less often, then to the one who had
    /// North last, then to the higher seed.
    pub(super) fn swiss_pairs(&self, active: &[usize]) -> Vec<(usize, Option<usize>)> {
        let pts = self.pairing_points(active);
        let col = self.colours();
        let n = active.len();
        let bye_node = (n % 2 == 1).then_some(n);
        let edges = self.swiss_edges(active, &pts, &col, bye_node);
        let mut pairs: Vec<(usize, Option<usize>)> = Vec::new();
        for (x, y) in best_perfect_matching(&edges) {
            let (x, y) = (x.min(y), x.max(y));
            if Some(y) == bye_node {
                pairs.push((active[x], None));
                continue;
            }
            let (a, b) = (active[x], active[y]);
            let key = |e: usize| (col[e].0, col[e].1 == Some(true), e);
            // Lower key gets South: fewer South games, North last, higher seed.
            let (s, nn) = if key(a) <= key(b) { (a, b) } else { (b, a) };
            pairs.push((s, Some(nn)));
        }
        // Boards in order of the higher score on them, then seed.
        pairs.sort_by_key(|&(s, n)| {
            let top = n.map_or(pts[s], |n| pts[s].max(pts[n]));
            let seed = n.map_or(s, |n| s.min(n));
            (n.is_none(), std::cmp::Reverse(top), seed)
        });
        pairs
    }

    /// The points a Swiss round is paired by: the points so far, and in round 1 of an
    /// accelerated Swiss a virtual point (2 half points, never in the standings) for
    /// group A, the top `2 x ceil(n / 4)` of the `n` `active` players by seed (the
    /// Baku acceleration of FIDE C.04.5.1, applied to round 1 only): group A is then a
    /// score group of its own, paired top half against bottom half (1 against n/4 + 1,
    /// ...), and so is group B, instead of 1 against n/2 + 1. *(Choice: the standard
    /// accelerated pairing, not "top half against bottom half", which is what an
    /// unaccelerated round 1 already does.)*
    pub(super) fn pairing_points(&self, active: &[usize]) -> Vec<u32> {
        let mut pts = self.points();
        if self.accelerated && self.rounds.is_empty() {
            let group_a = 2 * active.len().div_ceil(4);
            let mut by_seed = active.to_vec();
            by_seed.sort_unstable();
            for &e in by_seed.iter().take(group_a) {
                pts[e] += 2;
            }
        }
        pts
    }

    /// The weighted edges of the Swiss pairing graph over `active` (nodes are indexes
    /// into it; `bye_node`, when the count is odd, stands for the bye), weighted by the
    /// criteria of [`Tournament::swiss_pairs`]: points `pts`, side history `col`.
    pub(super) fn swiss_edges(
        &self,
        active: &[usize],
        pts: &[u32],
        col: &[(i32, Option<bool>)],
        bye_node: Option<usize>,
    ) -> Vec<(u32, u32, i128)> {
        let met = self.met();
        let byes = self.byes();
        let n = active.len();
        // Rank within the score group, for the top-half/bottom-half term.
        let mut order: Vec<usize> = active.to_vec();
        order.sort_by_key(|&e| (std::cmp::Reverse(pts[e]), e));
        const BYE_AGAIN: i128 = 1_000_000_000_000_000;
        const REPEAT: i128 = 1_000_000_000_000;
        const SCORE: i128 = 1_000_000;
        const COLOUR: i128 = 1_000;
        let mut edges: Vec<(u32, u32, i128)> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (active[i], active[j]);
                let mut w: i128 = 0;
                if met.contains(&(a, b)) {
                    w -= REPEAT;
                }
                let d = i128::from(pts[a].abs_diff(pts[b]));
                w -= SCORE * d * d;
                let (ca, cb) = (col[a].0, col[b].0);
                if (ca > 0 && cb > 0) || (ca < 0 && cb < 0) {
                    w -= COLOUR * i128::from(ca.abs().min(cb.abs()) as u8);
                }
                if pts[a] == pts[b] {
                    w -= half_group_distance(&order, pts, a, b);
                }
                edges.push((i as u32, j as u32, w));
            }
            if let Some(b) = bye_node {
                let a = active[i];
                let mut w: i128 = -SCORE * i128::from(pts[a]) * 4;
                w -= BYE_AGAIN * i128::from(byes[a]);
                // Among equals, the lowest seed gets the bye.
                w += a as i128;
                edges.push((i as u32, b as u32, w));
            }
        }
        edges
    }
}

/// How far `a` and `b` (of one score group) are from meeting top half against bottom
/// half: |rank gap - half the group|, ranks in `order` (by points, then seed).
pub(super) fn half_group_distance(order: &[usize], pts: &[u32], a: usize, b: usize) -> i128 {
    let group: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&e| pts[e] == pts[a])
        .collect();
    let ra = group.iter().position(|&e| e == a).unwrap_or(0) as i128;
    let rb = group.iter().position(|&e| e == b).unwrap_or(0) as i128;
    let half = (group.len() / 2) as i128;
    ((ra - rb).abs() - half).abs()
}

/// The matching of most total weight among those that pair every node (`edges`: node,
/// node, weight): weights are shifted positive, and with maximal cardinality the
/// matching is perfect whenever one exists.
pub(super) fn best_perfect_matching(edges: &[(u32, u32, i128)]) -> Vec<(usize, usize)> {
    let min = edges.iter().map(|e| e.2).min().unwrap_or(0);
    let g = rustworkx_core::petgraph::graph::UnGraph::<(), i128>::from_edges(
        edges.iter().map(|&(a, b, w)| (a, b, w - min + 1)),
    );
    rustworkx_core::max_weight_matching::max_weight_matching(
        &g,
        true,
        |e| Ok::<i128, Infallible>(*e.weight()),
        false,
    )
    .map(|m| m.into_iter().collect())
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use crate::core::tournament::{Entrant, Format, Phase, Res, Tournament};
    use crate::model::User;

    fn field(n: usize, format: Format, accelerated: bool) -> Tournament {
        Tournament {
            format,
            accelerated,
            phase: Phase::Running,
            entrants: (0..n)
                .map(|i| Entrant {
                    user: User {
                        id: format!("u{i}"),
                        name: format!("u{i}"),
                    },
                    rating: 0.0,
                    withdrawn: false,
                })
                .collect(),
            ..Tournament::default()
        }
    }

    fn pairs(t: &Tournament, round: usize) -> Vec<(usize, Option<usize>)> {
        let mut v: Vec<_> = t.rounds[round]
            .pairings
            .iter()
            .map(|p| (p.south, p.north))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn an_accelerated_first_round_pairs_group_a_and_group_b_apart() {
        let mut t = field(8, Format::Swiss { rounds: 3 }, false);
        assert!(t.next_round());
        assert_eq!(
            pairs(&t, 0),
            vec![(0, Some(4)), (1, Some(5)), (2, Some(6)), (3, Some(7))],
            "unaccelerated: top half against bottom half"
        );
        let mut t = field(8, Format::Swiss { rounds: 3 }, true);
        assert!(t.next_round());
        assert_eq!(
            pairs(&t, 0),
            vec![(0, Some(2)), (1, Some(3)), (4, Some(6)), (5, Some(7))],
            "accelerated: 1-3 2-4 in group A, 5-7 6-8 in group B"
        );
        // The virtual point is for pairing only: nobody has points yet.
        assert!(t.points().iter().all(|&p| p == 0));
        // Round 2 goes by the real points again.
        for p in &mut t.rounds[0].pairings {
            p.result = Some(Res::South);
        }
        assert!(t.next_round());
        let winners = [0, 1, 4, 5];
        for (s, n) in pairs(&t, 1) {
            let n = n.expect("even field");
            assert_eq!(winners.contains(&s), winners.contains(&n), "{s} {n}");
        }
    }

    #[test]
    fn a_double_round_robin_meets_everyone_twice_with_sides_swapped() {
        let mut t = field(4, Format::DoubleRoundRobin, false);
        assert_eq!(t.total_rounds(), 6);
        let mut games = std::collections::HashMap::new();
        while t.next_round() {
            for p in t.rounds.last_mut().unwrap().pairings.iter_mut() {
                let n = p.north.expect("even field");
                *games.entry((p.south, n)).or_insert(0) += 1;
                p.result = Some(Res::Draw);
            }
        }
        assert_eq!(t.rounds.len(), 6);
        assert_eq!(games.len(), 12, "each ordered pair once: {games:?}");
        assert!(games.values().all(|&c| c == 1));
    }
}
