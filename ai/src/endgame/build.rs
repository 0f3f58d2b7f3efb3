//! Building the Hoyito 2x6 tables by retrograde analysis: one layer per seed count on
//! the board (4, 8, 12, ...), the smaller layers first, each solved by value iteration
//! to its fixed point.
//!
//! What is solved (see the module doc of [`super`] for why): for each entry (a board
//! and the player to move), bounds `lo <= hi` on the net seeds the player to move will
//! still capture from here (his captures minus his opponent's, the H10 sweep included)
//! under perfect play. `lo` is what he can force in a finite number of plies whatever
//! the opponent does, `hi` what the opponent can hold him to; they differ only where
//! the play can be kept in a cycle of non-capturing moves by the side that profits from
//! it, where H10 repetition decides and the result depends on the game's history.
//!
//! The iteration is Jacobi's (every entry from the previous iterate), so that the
//! iterate `n` of an entry is exactly what can be forced within `n` plies with the
//! unknown rest counted at its worst; the iteration at which an entry's bound last
//! changed is kept as its *rank*, a number of plies within which that bound is forced.
//! The ranks give the one-ply lookahead its progress: following the move of smallest
//! rank among the best ones can never go round a cycle.

use mancala_rules::{Position, Side};

use super::index::{boards, rank, unrank, HOLES};
use super::{EndgameError, Layer};

/// A move from an entry that stays in its layer (no capture): the child's entry, and
/// whether the same player moves again there (his opponent had to pass, H3).
#[derive(Clone, Copy)]
struct Inner(u32);

impl Inner {
    fn new(entry: u64, same_mover: bool) -> Inner {
        // Layers hold at most 2 * C(27, 11) entries (16 seeds), far below 2^31.
        Inner(((entry as u32) << 1) | u32::from(same_mover))
    }
    #[inline]
    fn entry(self) -> usize {
        (self.0 >> 1) as usize
    }
    #[inline]
    fn same_mover(self) -> bool {
        self.0 & 1 == 1
    }
}

/// A move that leaves the layer (a capture, H5-H7, or the H10 sweep): the mover's
/// bounds through it, and the iteration from which each is known exactly (before it,
/// the worst case is used, as for any ply beyond the horizon).
#[derive(Clone, Copy)]
struct Exit {
    lo: i8,
    hi: i8,
    worst_lo: i8,
    worst_hi: i8,
    at_lo: u16,
    at_hi: u16,
}

/// The moves of every entry of the layer being built, in compressed rows.
struct Moves {
    inner_at: Vec<u32>,
    inner: Vec<Inner>,
    exit_at: Vec<u32>,
    exits: Vec<Exit>,
}

/// The N4 string of a Hoyito 2x6 board with `side` to move; the stores are set so that
/// board and stores hold 48 seeds (the parser's H1 check). They play no part in the
/// values, which count only what is captured from here.
pub(super) fn position_of(board: &[u8; HOLES], side: Side) -> Result<Position, EndgameError> {
    let total: u32 = board.iter().map(|&s| u32::from(s)).sum();
    let row = |r: &[u8]| r.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",");
    let text = format!(
        "hoyito/{}/{} {} {} 0",
        row(&board[..6]),
        row(&board[6..]),
        side.letter(),
        48u32.saturating_sub(total)
    );
    text.parse()
        .map_err(|e: mancala_rules::ParseError| EndgameError::Rules(e.to_string()))
}

/// The board of a Hoyito 2x6 position, a1..f1 then a2..f2.
pub(super) fn board_of(pos: &Position) -> [u8; HOLES] {
    let mut b = [0u8; HOLES];
    b[..6].copy_from_slice(&pos.row(0)[..6]);
    b[6..].copy_from_slice(&pos.row(1)[..6]);
    b
}

/// The net seeds `me` gained from `parent` to `child`: his store's growth minus his
/// opponent's (H5-H7 captures, H10 sweep).
pub(super) fn gain(parent: &Position, child: &Position, me: Side) -> i32 {
    let d = |s: Side| i32::from(child.store(s)) - i32::from(parent.store(s));
    d(me) - d(me.other())
}

/// The entry of `board` with `side` to move within its layer.
pub(super) fn entry_of(board: &[u8; HOLES], side: Side) -> Option<u64> {
    Some(rank(board)? * 2 + side.index() as u64)
}

/// Builds the layer of `seeds` seeds on the board, the smaller ones (`below[j]` holds
/// `4 * (j + 1)` seeds) being done. `seeds` must be a positive multiple of four.
pub(super) fn build_layer(seeds: u8, below: &[Layer]) -> Result<Layer, EndgameError> {
    let k = seeds as usize;
    let n = boards(k) as usize * 2;
    let moves = generate(seeds, n, below)?;
    let k8 = seeds as i8;
    let mut lo = vec![-k8; n];
    let mut hi = vec![k8; n];
    let mut rank_lo = vec![0u16; n];
    let mut rank_hi = vec![0u16; n];
    let mut next_lo = lo.clone();
    let mut next_hi = hi.clone();
    // The last iteration at which an exit becomes exact: until then the iteration goes
    // on even without a change.
    let last_exit = moves
        .exits
        .iter()
        .map(|e| e.at_lo.max(e.at_hi))
        .max()
        .unwrap_or(0);
    let mut iteration: u32 = 0;
    loop {
        iteration += 1;
        let it = u16::try_from(iteration).unwrap_or(u16::MAX);
        let mut changed = false;
        for p in 0..n {
            let mut l = i8::MIN;
            let mut h = i8::MIN;
            for e in &moves.exits[moves.exit_at[p] as usize..moves.exit_at[p + 1] as usize] {
                l = l.max(if it >= e.at_lo { e.lo } else { e.worst_lo });
                h = h.max(if it >= e.at_hi { e.hi } else { e.worst_hi });
            }
            for m in &moves.inner[moves.inner_at[p] as usize..moves.inner_at[p + 1] as usize] {
                let c = m.entry();
                if m.same_mover() {
                    l = l.max(lo[c]);
                    h = h.max(hi[c]);
                } else {
                    l = l.max(-hi[c]);
                    h = h.max(-lo[c]);
                }
            }
            // Every entry has a move, a pass or an end (generate), so l and h are set;
            // clamped into the start bounds all the same, which keeps them monotone.
            let l = l.clamp(lo[p], k8);
            let h = h.clamp(-k8, hi[p]);
            if l != lo[p] {
                next_lo[p] = l;
                rank_lo[p] = it;
                changed = true;
            }
            if h != hi[p] {
                next_hi[p] = h;
                rank_hi[p] = it;
                changed = true;
            }
        }
        lo.copy_from_slice(&next_lo);
        hi.copy_from_slice(&next_hi);
        if !changed && iteration > u32::from(last_exit) {
            break;
        }
    }
    Ok(Layer {
        seeds,
        lo,
        hi,
        rank_lo,
        rank_hi,
        iterations: iteration,
    })
}

/// Every move of every entry of the layer of `seeds` seeds (`n` entries), sown by the
/// rules crate: children stay in the layer (no capture) or leave it for a smaller one
/// or the end of the game. A player who cannot move passes (H3) or, if neither can,
/// the rows are swept (H10).
fn generate(seeds: u8, n: usize, below: &[Layer]) -> Result<Moves, EndgameError> {
    let k = seeds as usize;
    let mut m = Moves {
        inner_at: Vec::with_capacity(n + 1),
        inner: Vec::with_capacity(n * 3),
        exit_at: Vec::with_capacity(n + 1),
        exits: Vec::with_capacity(n),
    };
    m.inner_at.push(0);
    m.exit_at.push(0);
    for p in 0..n {
        let side = Side::ALL[p % 2];
        let board = unrank(k, (p / 2) as u64).ok_or(EndgameError::Index)?;
        let pos = position_of(&board, side)?;
        let children = pos.children();
        if children.is_empty() {
            if pos.outcome().is_over() {
                // H10: neither player can move; each takes his own row.
                let mine = pos.seeds_of(side) as i32;
                let theirs = pos.seeds_of(side.other()) as i32;
                let v = to_i8(mine - theirs)?;
                m.exits.push(Exit {
                    lo: v,
                    hi: v,
                    worst_lo: v,
                    worst_hi: v,
                    at_lo: 0,
                    at_hi: 0,
                });
            } else {
                // H3: the player to move passes; his opponent moves on the same board.
                let other = entry_of(&board, side.other()).ok_or(EndgameError::Index)?;
                m.inner.push(Inner::new(other, false));
            }
        }
        for (_, child) in children.iter() {
            let g = gain(&pos, child, side);
            let kc = child.board_total() as usize;
            let same = child.to_move() == side;
            if kc == k {
                let cb = board_of(child);
                let e = entry_of(&cb, child.to_move()).ok_or(EndgameError::Index)?;
                m.inner.push(Inner::new(e, same));
            } else if kc == 0 {
                let v = to_i8(g)?;
                m.exits.push(Exit {
                    lo: v,
                    hi: v,
                    worst_lo: v,
                    worst_hi: v,
                    at_lo: 0,
                    at_hi: 0,
                });
            } else {
                let layer = below
                    .get(kc / 4 - 1)
                    .filter(|l| l.seeds as usize == kc && kc % 4 == 0)
                    .ok_or(EndgameError::Index)?;
                let cb = board_of(child);
                let e = entry_of(&cb, child.to_move()).ok_or(EndgameError::Index)? as usize;
                let (clo, chi) = (i32::from(layer.lo[e]), i32::from(layer.hi[e]));
                let (rlo, rhi) = (layer.rank_lo[e], layer.rank_hi[e]);
                let kc = kc as i32;
                // Through a child where the same player moves, his bounds carry over;
                // where the opponent moves, they are the opponent's negated and swapped.
                let (lo, hi, at_lo, at_hi) = if same {
                    (g + clo, g + chi, rlo, rhi)
                } else {
                    (g - chi, g - clo, rhi, rlo)
                };
                m.exits.push(Exit {
                    lo: to_i8(lo)?,
                    hi: to_i8(hi)?,
                    worst_lo: to_i8(g - kc)?,
                    worst_hi: to_i8(g + kc)?,
                    at_lo: at_lo.saturating_add(1),
                    at_hi: at_hi.saturating_add(1),
                });
            }
        }
        m.inner_at.push(len_u32(m.inner.len())?);
        m.exit_at.push(len_u32(m.exits.len())?);
    }
    Ok(m)
}

fn to_i8(v: i32) -> Result<i8, EndgameError> {
    i8::try_from(v).map_err(|_| EndgameError::Index)
}

fn len_u32(v: usize) -> Result<u32, EndgameError> {
    u32::try_from(v).map_err(|_| EndgameError::Index)
}

