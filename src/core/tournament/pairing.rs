//! The pairing of a round: round robin by Berger tables, Swiss by maximum weight
//! matching over score groups and colours, single elimination seeded by rating.

use std::convert::Infallible;

use super::engine::{Pairing, Res, Tournament};
use super::tables::bracket;

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
        let pts = self.points();
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

    /// Knockout round `number`: round 1 from the seeded bracket (byes to the top
    /// seeds), later rounds pair the winners of neighbouring boards. `None` when one
    /// player is left. The higher seed plays South.
    pub(super) fn knockout_pairs(&self, number: u32) -> Option<Vec<(usize, Option<usize>)>> {
        let alive: Vec<usize> = if number == 1 {
            let size = self.entrants.len().next_power_of_two();
            bracket(size)
                .into_iter()
                .map(|seed| {
                    if seed < self.entrants.len() {
                        seed
                    } else {
                        usize::MAX
                    }
                })
                .collect()
        } else {
            let last = self.rounds.last()?;
            last.pairings
                .iter()
                .map(|p| match (p.north, p.result) {
                    (None, _) => p.south,
                    (Some(n), Some(Res::North)) => n,
                    (Some(n), Some(Res::Draw)) => p.south.min(n),
                    _ => p.south,
                })
                .collect()
        };
        if alive.len() < 2 {
            return None;
        }
        let mut pairs = Vec::new();
        for two in alive.chunks(2) {
            let (a, b) = (two[0], two[1]);
            pairs.push(match (a == usize::MAX, b == usize::MAX) {
                (false, true) => (a, None),
                (true, false) => (b, None),
                _ => (a.min(b), Some(a.max(b))),
            });
        }
        Some(pairs)
    }

    /// The knockout winner of a pairing: the winner on the board; after a draw the
    /// higher seed advances *(choice: a knockout needs a winner, and the seed is the
    /// only order both players knew beforehand)*.
    pub fn knockout_winner(p: &Pairing) -> Option<usize> {
        match (p.north, p.result?) {
            (None, _) => Some(p.south),
            (Some(n), Res::North) => Some(n),
            (Some(n), Res::Draw) => Some(p.south.min(n)),
            (Some(_), Res::South) => Some(p.south),
        }
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
