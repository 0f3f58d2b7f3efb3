//! Probing the tables: the bounds of a position, its result with perfect play for its
//! stores (H8), and its best move by one-ply lookahead.

use mancala_rules::{Move, Position, Side};

use super::build::{board_of, entry_of, gain};
use super::{in_range, Tables};

/// A result with perfect play, for the player to move (H8: the larger store wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Perfect {
    /// The player to move wins.
    Won,
    /// Equal stores at the end.
    Drawn,
    /// The player to move loses.
    Lost,
}

impl Perfect {
    /// `won`, `drawn` or `lost`.
    pub fn name(self) -> &'static str {
        match self {
            Perfect::Won => "won",
            Perfect::Drawn => "drawn",
            Perfect::Lost => "lost",
        }
    }

    /// The same result seen by the other player.
    pub fn flipped(self) -> Perfect {
        match self {
            Perfect::Won => Perfect::Lost,
            Perfect::Drawn => Perfect::Drawn,
            Perfect::Lost => Perfect::Won,
        }
    }

    /// The result of a store difference (player to move minus opponent) at the end.
    fn of(diff: i32) -> Perfect {
        match diff.signum() {
            1 => Perfect::Won,
            0 => Perfect::Drawn,
            _ => Perfect::Lost,
        }
    }
}

/// What the tables say of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The least net seeds (his captures from here minus his opponent's, H10 sweep
    /// included) the player to move can force; `net_lo..=net_hi` holds the value with
    /// perfect play (see the module doc of [`super`]).
    pub net_lo: i32,
    /// The most net seeds his opponent cannot keep him from. Equal to `net_lo` unless
    /// H10 repetition can decide.
    pub net_hi: i32,
    /// The result with perfect play for this position's stores (H8), when both bounds
    /// give the same; `None` when it depends on repetition (H10).
    pub result: Option<Perfect>,
    /// A move that keeps `net_lo` and makes progress (see [`Tables::probe`]); `None`
    /// when the player to move has no legal move (he passes, H3, or the game is over).
    pub best: Option<Move>,
    /// The entry's rank: plies within which attraction forces `net_lo` (0 where safety
    /// alone guarantees it, see the module doc of [`super`]).
    pub plies: u32,
}

impl Verdict {
    /// The text for people: `won with perfect play`, `drawn with perfect play`, `lost
    /// with perfect play`, or `undecided: it depends on repetition (H10)`.
    pub fn describe(&self) -> String {
        match self.result {
            Some(p) => format!("{} with perfect play", p.name()),
            None => "undecided: it depends on repetition (H10)".to_string(),
        }
    }
}

/// An entry's place: layer number and entry.
#[inline]
fn locate(t: &Tables, pos: &Position) -> Option<(usize, usize)> {
    if !in_range(pos, t.max_seeds) {
        return None;
    }
    let k = pos.board_total() as usize;
    let layer = k / 4 - 1;
    let e = entry_of(&board_of(pos), pos.to_move())? as usize;
    let l = t.layers.get(layer)?;
    (e < l.mov.len()).then_some((layer, e))
}

/// The store difference of `pos`, player to move minus opponent.
fn stores_diff(pos: &Position, me: Side) -> i32 {
    i32::from(pos.store(me)) - i32::from(pos.store(me.other()))
}

impl Tables {
    /// The net-seed bounds of `pos` for its player to move, `(lo, hi)`; `None` outside
    /// the tables (another game or board, closed holes, more than
    /// [`Tables::max_seeds`] seeds or none on the board).
    pub fn bounds(&self, pos: &Position) -> Option<(i32, i32)> {
        let (l, e) = locate(self, pos)?;
        let layer = &self.layers[l];
        Some((i32::from(layer.mov[e]), -i32::from(layer.non[e])))
    }

    /// The result with perfect play of `pos` for its player to move, with its stores,
    /// when the tables prove it (H8, H10); `None` outside them or when it depends on
    /// repetition. The search's probe: no move generation.
    #[inline]
    pub fn result(&self, pos: &Position) -> Option<Perfect> {
        let (lo, hi) = self.bounds(pos)?;
        let d = stores_diff(pos, pos.to_move());
        let (a, b) = (Perfect::of(d + lo), Perfect::of(d + hi));
        (a == b).then_some(a)
    }

    /// Everything the tables say of `pos`: bounds, result and best move; `None` outside
    /// them (see [`Tables::bounds`]).
    ///
    /// The best move is found by one-ply lookahead among the legal moves that keep the
    /// guaranteed net seeds (`net_lo`). Where that guarantee rests on safety alone
    /// (every position visited swept at that value or better, H10), a move that keeps
    /// to such positions; otherwise the move whose guarantee is forced in the fewest
    /// plies, so that following it makes progress and never goes round a cycle.
    pub fn probe(&self, pos: &Position) -> Option<Verdict> {
        let (l, e) = locate(self, pos)?;
        let layer = &self.layers[l];
        let (lo, hi) = (i32::from(layer.mov[e]), -i32::from(layer.non[e]));
        let safe = layer.s_mov[e] == layer.mov[e];
        let k = pos.board_total();
        let me = pos.to_move();
        let d = stores_diff(pos, me);
        let (a, b) = (Perfect::of(d + lo), Perfect::of(d + hi));
        // (guarantee, keeps safety, -rank) of the best move so far.
        let mut best: Option<((i32, bool, i32), Move)> = None;
        for (mv, child) in pos.children().iter() {
            let g = gain(pos, child, me);
            let (v, s, r) = if child.board_total() == 0 {
                (g, g, 0)
            } else {
                let (cl, ce) = locate(self, child)?;
                let c = &self.layers[cl];
                let (v, s, r) = if child.to_move() == me {
                    (c.mov[ce], c.s_mov[ce], c.rank_mov[ce])
                } else {
                    (c.non[ce], c.s_non[ce], c.rank_non[ce])
                };
                let v = g + i32::from(v);
                // A capture leaves the layer: its safety is its guarantee.
                let s = if child.board_total() < k {
                    v
                } else {
                    g + i32::from(s)
                };
                (v, s, r)
            };
            let key = (v, !safe || s >= lo, -i32::from(r));
            if best.is_none_or(|(bk, _)| key > bk) {
                best = Some((key, *mv));
            }
        }
        Some(Verdict {
            net_lo: lo,
            net_hi: hi,
            result: (a == b).then_some(a),
            best: best.map(|(_, m)| m),
            plies: u32::from(layer.rank_mov[e]),
        })
    }
}
