//! Monte-Carlo tree search (UCT), kept to compare against the alpha-beta search.
//!
//! Selection by UCB1, expansion of all children at once, random playouts of at most
//! [`PLAYOUT_PLIES`] plies whose unfinished ends are scored by the static evaluation,
//! and backpropagation of results per mover (the mover need not alternate in Hoyito,
//! H3). The levels of [`crate::Ai`] do not use it: alpha-beta won the comparison in
//! both games.

use std::time::{Duration, Instant};

use mancala_rules::{Move, Position, Side};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::eval::evaluate;

/// Plies of a playout before it is cut and scored by the evaluation.
pub const PLAYOUT_PLIES: u32 = 60;
/// UCB1 exploration constant (rewards lie in 0..=1).
const EXPLORE: f64 = 1.2;

struct Node {
    pos: Position,
    mv: Move,
    parent: u32,
    first_child: u32,
    n_children: u8,
    expanded: bool,
    visits: u32,
    /// Sum of rewards for the player who made `mv` (the parent's player to move).
    reward: f64,
}

/// A UCT searcher with a node budget per move and a seeded random generator.
pub struct Mcts {
    rng: SmallRng,
    nodes: Vec<Node>,
}

impl Mcts {
    /// A searcher whose playouts follow `seed`.
    pub fn new(seed: u64) -> Mcts {
        Mcts {
            rng: SmallRng::seed_from_u64(seed),
            nodes: Vec::new(),
        }
    }

    /// Runs playouts from `root` until `iterations` or `ms` milliseconds (0: no time
    /// limit) are used up, and returns the most visited move with its visit count; `None`
    /// when the player to move has no legal move.
    pub fn choose(&mut self, root: &Position, iterations: u32, ms: u64) -> Option<(Move, u32)> {
        if root.children().is_empty() {
            return None;
        }
        let deadline = (ms > 0).then(|| Instant::now() + Duration::from_millis(ms));
        self.nodes.clear();
        self.nodes.push(Node {
            pos: *root,
            mv: Move::Hoyito {
                from: mancala_rules::Hole::new(0, 0),
            },
            parent: u32::MAX,
            first_child: 0,
            n_children: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
        });
        for it in 0..iterations.max(1) {
            if it & 63 == 0 && it > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.iterate();
        }
        let root = &self.nodes[0];
        let kids = root.first_child as usize..root.first_child as usize + root.n_children as usize;
        kids.max_by_key(|&i| self.nodes[i].visits)
            .map(|i| (self.nodes[i].mv, self.nodes[i].visits))
    }

    fn iterate(&mut self) {
        // Selection.
        let mut cur = 0usize;
        while self.nodes[cur].expanded && self.nodes[cur].n_children > 0 {
            let parent_visits = self.nodes[cur].visits.max(1) as f64;
            let log_n = parent_visits.ln();
            let first = self.nodes[cur].first_child as usize;
            let n = self.nodes[cur].n_children as usize;
            let mut best = first;
            let mut best_v = f64::NEG_INFINITY;
            for i in first..first + n {
                let c = &self.nodes[i];
                let v = if c.visits == 0 {
                    f64::INFINITY
                } else {
                    c.reward / c.visits as f64 + EXPLORE * (log_n / c.visits as f64).sqrt()
                };
                if v > best_v {
                    best_v = v;
                    best = i;
                }
            }
            cur = best;
        }
        // Expansion.
        if !self.nodes[cur].expanded {
            self.nodes[cur].expanded = true;
            let pos = self.nodes[cur].pos;
            let children = pos.children();
            let first = self.nodes.len() as u32;
            for &(mv, child) in children.iter() {
                self.nodes.push(Node {
                    pos: child,
                    mv,
                    parent: cur as u32,
                    first_child: 0,
                    n_children: 0,
                    expanded: false,
                    visits: 0,
                    reward: 0.0,
                });
            }
            self.nodes[cur].first_child = first;
            self.nodes[cur].n_children = children.len() as u8;
        }
        // Playout: the reward for South, in 0..=1.
        let south = self.playout(self.nodes[cur].pos);
        // Backpropagation.
        let mut i = cur;
        loop {
            self.nodes[i].visits += 1;
            let parent = self.nodes[i].parent;
            if parent == u32::MAX {
                break;
            }
            let mover = self.nodes[parent as usize].pos.to_move();
            self.nodes[i].reward += if mover == Side::South {
                south
            } else {
                1.0 - south
            };
            i = parent as usize;
        }
    }

    fn playout(&mut self, mut pos: Position) -> f64 {
        for _ in 0..PLAYOUT_PLIES {
            let children = pos.children();
            if children.is_empty() {
                return terminal_for_south(&pos);
            }
            pos = children[self.rng.gen_range(0..children.len())].1;
        }
        let e = evaluate(&pos) as f64;
        let for_mover = 1.0 / (1.0 + (-e / 400.0).exp());
        if pos.to_move() == Side::South {
            for_mover
        } else {
            1.0 - for_mover
        }
    }
}

/// 1, 0.5 or 0 for South in a position whose player to move has no legal move: Katro,
/// the player to move loses (K9); Hoyito, the stores plus rows decide (H8, H10).
fn terminal_for_south(pos: &Position) -> f64 {
    if pos.variant().is_katro() {
        return if pos.to_move() == Side::South {
            0.0
        } else {
            1.0
        };
    }
    let s = pos.store(Side::South) as i64 + pos.seeds_of(Side::South) as i64;
    let n = pos.store(Side::North) as i64 + pos.seeds_of(Side::North) as i64;
    match s.cmp(&n) {
        core::cmp::Ordering::Greater => 1.0,
        core::cmp::Ordering::Less => 0.0,
        core::cmp::Ordering::Equal => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;

    #[test]
    fn mcts_returns_a_legal_move() {
        for v in [Variant::KATRO, Variant::HOYITO] {
            let p = Position::new(v);
            let (mv, visits) = Mcts::new(1).choose(&p, 300, 0).unwrap();
            assert!(p.legal_moves().contains(&mv));
            assert!(visits > 0);
        }
    }
}
