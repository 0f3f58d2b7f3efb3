//! Building the Hoyito 2x6 tables by retrograde analysis: one layer per seed count on
//! the board (4, 8, 12, ...), the smaller layers first, each solved by value iteration
//! to its fixed points.
//!
//! An entry is a board and its player to move X; his opponent is Y. What is solved (see
//! the module doc of [`super`] for why) is what each of them can *guarantee* from the
//! entry, in net seeds still to be taken (X's captures minus Y's, the H10 sweep
//! included), counted from his own side: `mov` for X, `non` for Y. Then X's net seeds
//! lie in `mov ..= -non` in the real game, whatever H10 repetition gives.
//!
//! A player can guarantee `t` in two ways, and combinations of them:
//!
//! - *safety*: keep every position the play visits in this layer at a sweep (his row
//!   minus the other's) of at least `t`, and every capture out of the layer at least
//!   `t`: then wherever H10 repetition ends the game, it ends at `t` or better. This is
//!   a greatest fixed point, iterated down from the top (`s_mov`, `s_non`);
//! - *attraction*: force, within a finite number of plies, a capture out of the layer
//!   worth `t`, or a position from which safety guarantees `t`, without repeating a
//!   position. A least fixed point, iterated up from the safety values (`a_mov`,
//!   `a_non`).
//!
//! The attraction is iterated by Jacobi's method (every entry from the previous
//! iterate), so that the iterate `n` of an entry is what can be forced within `n`
//! plies; the iteration at which an entry's value last changed is kept as its *rank*.
//! The ranks give the one-ply lookahead its progress (see `probe`).

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

/// A move that leaves the layer (a capture, H5-H7, or the end of the game): what X
/// (`x`) and Y (`y`) each guarantee through it, each from the iteration `at_*` on;
/// before that the worst case (`worst_*`) counts, as for any ply beyond the horizon.
#[derive(Clone, Copy)]
struct Exit {
    x: i8,
    y: i8,
    worst_x: i8,
    worst_y: i8,
    at_x: u16,
    at_y: u16,
}

impl Exit {
    fn end(v: i8) -> Exit {
        Exit {
            x: v,
            y: -v,
            worst_x: v,
            worst_y: -v,
            at_x: 0,
            at_y: 0,
        }
    }
}

/// Entries per block of [`Moves`]' row offsets.
const BLOCK: usize = 16;

/// The moves of every entry of the layer being built, in compressed rows. An entry's
/// row starts at its block's offset plus the counts of the entries before it in the
/// block: one byte per entry and one `u32` per [`BLOCK`] entries for both kinds of
/// move, where a `u32` offset per entry and kind took eight bytes (about 200 MB at 16
/// seeds).
struct Moves {
    /// Per entry: its inner moves (high nibble) and exits (low nibble), each at most 6
    /// (six holes), or one pass (H3) or one end (H10).
    counts: Vec<u8>,
    /// Per block: the index of its first entry's first inner move.
    inner_base: Vec<u32>,
    /// Per block: the index of its first entry's first exit.
    exit_base: Vec<u32>,
    inner: Vec<Inner>,
    exits: Vec<Exit>,
    /// X's sweep: his row minus Y's (H10).
    sweep: Vec<i8>,
}

impl Moves {
    /// The inner moves and the exits of entry `p`.
    #[inline]
    fn rows(&self, p: usize) -> (&[Inner], &[Exit]) {
        let b = p / BLOCK;
        let (mut i, mut e) = (self.inner_base[b] as usize, self.exit_base[b] as usize);
        for &c in &self.counts[b * BLOCK..p] {
            i += usize::from(c >> 4);
            e += usize::from(c & 15);
        }
        let c = self.counts[p];
        (
            &self.inner[i..i + usize::from(c >> 4)],
            &self.exits[e..e + usize::from(c & 15)],
        )
    }
    #[inline]
    fn inner(&self, p: usize) -> &[Inner] {
        self.rows(p).0
    }
    #[inline]
    fn exits(&self, p: usize) -> &[Exit] {
        self.rows(p).1
    }
}

/// The N4 string of a Hoyito 2x6 board with `side` to move; the stores are set so that
/// board and stores hold 48 seeds (the parser's H1 check). They play no part in the
/// values, which count only what is captured from here.
pub(super) fn position_of(board: &[u8; HOLES], side: Side) -> Result<Position, EndgameError> {
    use core::fmt::Write;
    let total: u32 = board.iter().map(|&s| u32::from(s)).sum();
    let mut text = String::with_capacity(48);
    text.push_str("hoyito");
    for (i, s) in board.iter().enumerate() {
        text.push(if i % 6 == 0 { '/' } else { ',' });
        // Writing to a String cannot fail.
        let _ = write!(text, "{s}");
    }
    let _ = write!(text, " {} {} 0", side.letter(), 48u32.saturating_sub(total));
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
    let (s_mov, s_non) = safety(&moves, n, seeds as i8);
    let (a_mov, a_non, rank_mov, rank_non, iterations) = attraction(&moves, &s_mov, &s_non);
    Ok(Layer {
        seeds,
        mov: a_mov,
        non: a_non,
        s_mov,
        s_non,
        rank_mov,
        rank_non,
        iterations,
    })
}

/// `(x, y)` widened by the moves `inner` of an entry that stay in the layer: the mover (X) takes the
/// best of what he can reach, his opponent (Y) holds him to the worst, each read from
/// the values of the side to move after the move (`mov` when the same player moves
/// again after an H3 pass, `non` otherwise).
#[inline]
fn through_inner(
    inner: &[Inner],
    (mov, non): (&[i8], &[i8]),
    (mut x, mut y): (i8, i8),
) -> (i8, i8) {
    for c in inner {
        let e = c.entry();
        if c.same_mover() {
            x = x.max(mov[e]);
            y = y.min(non[e]);
        } else {
            x = x.max(non[e]);
            y = y.min(mov[e]);
        }
    }
    (x, y)
}

/// The safety values (greatest fixed point, from the top `k` down): what X, and Y, can
/// guarantee by keeping every visited position's sweep and every capture out of the
/// layer at that value or better.
fn safety(m: &Moves, n: usize, k: i8) -> (Vec<i8>, Vec<i8>) {
    let mut mov = vec![k; n];
    let mut non = vec![k; n];
    loop {
        let mut changed = false;
        // Gauss-Seidel (in place): a greatest fixed point needs no ranks, and the
        // values only fall, so reading fresher ones is as sound and converges sooner.
        for p in 0..n {
            let (inner, exits) = m.rows(p);
            let mut x = i8::MIN;
            let mut y = i8::MAX;
            for e in exits {
                x = x.max(e.x);
                y = y.min(e.y);
            }
            (x, y) = through_inner(inner, (&mov, &non), (x, y));
            let sw = m.sweep[p];
            let x = x.min(sw).min(mov[p]);
            let y = y.min(-sw).min(non[p]);
            if x != mov[p] || y != non[p] {
                mov[p] = x;
                non[p] = y;
                changed = true;
            }
        }
        if !changed {
            return (mov, non);
        }
    }
}

/// The attraction values (least fixed point, from the safety values up, Jacobi), their
/// ranks, and the number of iterations.
///
/// Only the entries that can change are evaluated in each iteration: the
/// predecessors of the entries that changed in the one before, and those with a
/// capture whose value becomes exact in this one. The others keep their value, so the
/// iterates are exactly those of full sweeps.
#[allow(clippy::type_complexity)]
fn attraction(
    m: &Moves,
    s_mov: &[i8],
    s_non: &[i8],
) -> (Vec<i8>, Vec<i8>, Vec<u16>, Vec<u16>, u32) {
    let n = s_mov.len();
    let mut mov = s_mov.to_vec();
    let mut non = s_non.to_vec();
    let mut rank_mov = vec![0u16; n];
    let mut rank_non = vec![0u16; n];
    // Predecessors of each entry, in compressed rows.
    let mut pred_at = vec![0u32; n + 1];
    for c in &m.inner {
        pred_at[c.entry() + 1] += 1;
    }
    for i in 0..n {
        pred_at[i + 1] += pred_at[i];
    }
    // Each entry's slot advances over its row as it fills, ending at the next row's
    // start: shifted back by one afterwards, with no second array of offsets.
    let mut preds = vec![0u32; m.inner.len()];
    for p in 0..n {
        for c in m.inner(p) {
            let slot = &mut pred_at[c.entry()];
            preds[*slot as usize] = p as u32;
            *slot += 1;
        }
    }
    pred_at.copy_within(0..n, 1);
    pred_at[0] = 0;
    // The entries whose captures become exact at each iteration (once per exit and
    // iteration; an entry listed twice is evaluated once).
    let last_exit = m
        .exits
        .iter()
        .map(|e| e.at_x.max(e.at_y))
        .max()
        .unwrap_or(0);
    // In compressed rows by iteration, counted first so that they take no more room
    // than they hold.
    let mut due_at = vec![0u32; usize::from(last_exit) + 2];
    let each_due = |p: usize, f: &mut dyn FnMut(usize)| {
        for e in m.exits(p) {
            if e.at_x > 1 {
                f(usize::from(e.at_x));
            }
            if e.at_y > 1 && e.at_y != e.at_x {
                f(usize::from(e.at_y));
            }
        }
    };
    for p in 0..n {
        each_due(p, &mut |at| due_at[at + 1] += 1);
    }
    for i in 1..due_at.len() {
        due_at[i] += due_at[i - 1];
    }
    let mut due = vec![0u32; due_at[due_at.len() - 1] as usize];
    for p in 0..n {
        each_due(p, &mut |at| {
            due[due_at[at] as usize] = p as u32;
            due_at[at] += 1;
        });
    }
    // Each iteration's slot ended at the next one's start: shifted back by one.
    let last = due_at.len() - 1;
    due_at.copy_within(0..last, 1);
    due_at[0] = 0;
    // Iteration 1 evaluates every entry (`all`); later ones only the dirty ones, each
    // listed once (its bit in `listed`: one bit per entry, where a `u32` stamp took 4
    // bytes).
    let mut all = true;
    let mut dirty: Vec<u32> = Vec::new();
    let mut listed = Bits::new(n);
    let mut changes: Vec<(u32, i8, i8)> = Vec::new();
    let mut iteration: u32 = 0;
    loop {
        iteration += 1;
        let it = u16::try_from(iteration).unwrap_or(u16::MAX);
        if usize::from(it) + 1 < due_at.len() && !all {
            let at = usize::from(it);
            for &p in &due[due_at[at] as usize..due_at[at + 1] as usize] {
                if listed.insert(p as usize) {
                    dirty.push(p);
                }
            }
        }
        if !all && dirty.is_empty() && iteration > u32::from(last_exit) {
            return (mov, non, rank_mov, rank_non, iteration);
        }
        changes.clear();
        let mut eval = |p: usize| {
            let (inner, exits) = m.rows(p);
            let mut x = i8::MIN;
            let mut y = i8::MAX;
            for e in exits {
                x = x.max(if it >= e.at_x { e.x } else { e.worst_x });
                y = y.min(if it >= e.at_y { e.y } else { e.worst_y });
            }
            (x, y) = through_inner(inner, (&mov, &non), (x, y));
            // Never below the safety value, nor below the last iterate (monotone).
            let x = x.max(mov[p]);
            let y = y.max(non[p]);
            if x != mov[p] || y != non[p] {
                changes.push((p as u32, x, y));
            }
        };
        if all {
            (0..n).for_each(&mut eval);
        } else {
            dirty.iter().for_each(|&p| eval(p as usize));
        }
        all = false;
        for &p in &dirty {
            listed.remove(p as usize);
        }
        dirty.clear();
        for &(p, x, y) in &changes {
            let p = p as usize;
            if x != mov[p] {
                mov[p] = x;
                rank_mov[p] = it;
            }
            if y != non[p] {
                non[p] = y;
                rank_non[p] = it;
            }
            for &q in &preds[pred_at[p] as usize..pred_at[p + 1] as usize] {
                // Dirty in the next iteration.
                if listed.insert(q as usize) {
                    dirty.push(q);
                }
            }
        }
    }
}

/// One bit per entry.
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    /// Sets bit `i`; whether it was clear.
    #[inline]
    fn insert(&mut self, i: usize) -> bool {
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let was = self.0[w] & b == 0;
        self.0[w] |= b;
        was
    }
    #[inline]
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1u64 << (i % 64));
    }
}

/// Every move of every entry of the layer of `seeds` seeds (`n` entries), sown by the
/// rules crate: children stay in the layer (no capture) or leave it for a smaller one
/// or the end of the game. A player who cannot move passes (H3) or, if neither can,
/// the rows are swept (H10).
fn generate(seeds: u8, n: usize, below: &[Layer]) -> Result<Moves, EndgameError> {
    let k = seeds as usize;
    let mut m = Moves {
        counts: Vec::with_capacity(n),
        inner_base: Vec::with_capacity(n.div_ceil(BLOCK)),
        exit_base: Vec::with_capacity(n.div_ceil(BLOCK)),
        inner: Vec::with_capacity(n * 3),
        exits: Vec::with_capacity(n),
        sweep: Vec::with_capacity(n),
    };
    for p in 0..n {
        if p % BLOCK == 0 {
            m.inner_base.push(len_u32(m.inner.len())?);
            m.exit_base.push(len_u32(m.exits.len())?);
        }
        let (inner0, exits0) = (m.inner.len(), m.exits.len());
        let side = Side::ALL[p % 2];
        let board = unrank(k, (p / 2) as u64).ok_or(EndgameError::Index)?;
        let pos = position_of(&board, side)?;
        let sweep = to_i8(pos.seeds_of(side) as i32 - pos.seeds_of(side.other()) as i32)?;
        m.sweep.push(sweep);
        let children = pos.children();
        if children.is_empty() {
            if pos.outcome().is_over() {
                // H10: neither player can move; each takes his own row.
                m.exits.push(Exit::end(sweep));
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
                m.exits.push(Exit::end(to_i8(g)?));
            } else {
                // H7 keeps the seeds in play a multiple of four; anything else is a bug.
                let layer = (kc / 4)
                    .checked_sub(1)
                    .and_then(|j| below.get(j))
                    .filter(|l| l.seeds as usize == kc && kc.is_multiple_of(4))
                    .ok_or(EndgameError::Index)?;
                let cb = board_of(child);
                let e = entry_of(&cb, child.to_move()).ok_or(EndgameError::Index)? as usize;
                let (cm, cn) = (i32::from(layer.mov[e]), i32::from(layer.non[e]));
                let (rm, rn) = (layer.rank_mov[e], layer.rank_non[e]);
                // X's guarantee through the capture is g plus his guarantee in the
                // child, as its mover or as its non-mover; Y's is -g plus his.
                let (x, y, at_x, at_y) = if same {
                    (g + cm, -g + cn, rm, rn)
                } else {
                    (g + cn, -g + cm, rn, rm)
                };
                let kc = kc as i32;
                m.exits.push(Exit {
                    x: to_i8(x)?,
                    y: to_i8(y)?,
                    worst_x: to_i8(g - kc)?,
                    worst_y: to_i8(-g - kc)?,
                    at_x: at_x.saturating_add(1),
                    at_y: at_y.saturating_add(1),
                });
            }
        }
        let (ni, ne) = (m.inner.len() - inner0, m.exits.len() - exits0);
        // At most six moves (six holes), or one pass or one end: a nibble each.
        if ni > 15 || ne > 15 {
            return Err(EndgameError::Index);
        }
        m.counts.push(((ni as u8) << 4) | ne as u8);
    }
    m.inner.shrink_to_fit();
    m.exits.shrink_to_fit();
    Ok(m)
}

fn to_i8(v: i32) -> Result<i8, EndgameError> {
    i8::try_from(v).map_err(|_| EndgameError::Index)
}

fn len_u32(v: usize) -> Result<u32, EndgameError> {
    u32::try_from(v).map_err(|_| EndgameError::Index)
}
