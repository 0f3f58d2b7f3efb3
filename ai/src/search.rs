//! Iterative-deepening alpha-beta (negamax with principal-variation search) over
//! [`Position::children`], with a transposition table, TT-move / capture / killer move
//! ordering, repetition detection and node and time limits.
//!
//! The side to move need not alternate: after a Hoyito move the opponent may have to
//! pass (H3), so the mover moves again. The sign of a child's score is therefore
//! decided per node from `to_move`, never from the depth's parity.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mancala_rules::{Children, Dir, Hole, Move, Position, Side};
use rand::rngs::SmallRng;
use rand::Rng;

use crate::eval::{evaluate, katro_seeds, WIN, WIN_BOUND};
use crate::hash::position_key;
pub(crate) use crate::report::{Report, Reporter, RootResult};
use crate::tt::{Bound, Table};

/// Larger than any score.
const INF: i32 = WIN + 1;
/// Deepest ply the search tracks killers for; deeper plies simply have none.
const MAX_PLY: usize = 128;
/// Longest principal variation walked from the table: deeper entries are mostly stale
/// or overwritten, and a longer line tells a reader nothing more.
const MAX_PV: usize = 32;

/// When the search must stop.
#[derive(Clone, Debug)]
pub(crate) struct Limits {
    /// Deepest iteration (plies).
    pub max_depth: u32,
    /// Wall-clock budget, `(soft, hard)`; `None` for none. No iteration starts after
    /// the soft deadline once the root's choice is settled ([`Settling`]), nor one whose
    /// first move is not expected to be searched by the hard deadline (see
    /// [`Searcher::search_root`]); the hard deadline aborts.
    pub deadline: Option<(Instant, Instant)>,
    /// Node budget (negamax calls); `u64::MAX` for none.
    pub max_nodes: u64,
    /// Raised by another thread to stop the search; read with the clock, so it is seen
    /// within about a thousand nodes.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// Whether the external stop flag is raised.
    fn stop_requested(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// One iteration of the root (see [`Searcher::root_iteration`]).
struct RootIteration {
    /// By child index: exact for the best move, a bound for the others, `-INF` for
    /// moves a cut-off iteration did not reach.
    scores: Vec<i32>,
    best: i32,
    /// Whether every move was searched (else the budget cut it off).
    complete: bool,
    /// Time spent on the first move (the previous iteration's best).
    first: Duration,
}

/// The times of the completed iterations of a search, to predict the next one: each
/// iteration takes about the last one times the last growth (the effective branching
/// factor, from 1.5 to 8), its first move the same share as the last one's.
#[derive(Default)]
struct IterationClock {
    /// The last two iterations' times, the latest last.
    times: [Duration; 2],
    /// The last iteration's time on its first move.
    first: Duration,
}

impl IterationClock {
    fn record(&mut self, took: Duration, first: Duration) {
        self.times = [self.times[1], took];
        self.first = first;
    }

    /// The expected time of the next iteration's first move.
    fn next_first(&self) -> Duration {
        let [before, last] = self.times;
        let growth = if before.as_micros() >= 200 {
            (last.as_secs_f64() / before.as_secs_f64()).clamp(1.5, 8.0)
        } else {
            4.0
        };
        self.first.mul_f64(growth)
    }
}

/// A score change (centi-seeds) between iterations of the same parity beyond which the
/// root's evaluation still swings.
const SWING: i32 = 100;

/// How settled the root's choice is after the completed iterations: the same best move
/// for the last three of them and a score within [`SWING`] of the one two plies
/// shallower (scores alternate with the depth's parity: each side's last move counts).
/// A settled root stops at the soft deadline; an unsettled one may use the whole budget.
#[derive(Default)]
struct Settling {
    /// The last iterations' best move (root child index).
    best: Option<usize>,
    /// Completed iterations in a row with that best move.
    same: u32,
    /// The scores of the last three iterations, the latest last; `None` before.
    scores: [Option<i32>; 3],
}

impl Settling {
    fn record(&mut self, best: usize, score: i32) {
        if self.best == Some(best) {
            self.same += 1;
        } else {
            self.best = Some(best);
            self.same = 1;
        }
        self.scores = [self.scores[1], self.scores[2], Some(score)];
    }

    fn is_settled(&self) -> bool {
        let steady = match self.scores {
            [Some(a), _, Some(c)] => a.abs_diff(c) <= SWING.unsigned_abs(),
            _ => false,
        };
        self.same >= 3 && steady
    }
}

/// The alpha-beta searcher; keeps its transposition table between moves.
pub(crate) struct Searcher {
    tt: Table,
    killers: Vec<[Option<Move>; 2]>,
    /// Keys of the positions on the current search path (ancestors of the node).
    path: Vec<u64>,
    /// Sorted keys of the positions of the game before the root.
    history: Vec<u64>,
    /// Children buffers not in use: a node takes one and gives it back, so that a
    /// search allocates one per ply once, not a kilobyte array per node. Boxed, so
    /// that taking and giving back moves a pointer, not the array.
    #[allow(clippy::vec_box)]
    spare: Vec<Box<Children>>,
    nodes: u64,
    /// Evaluations at the horizon (depth 0) and table cut-offs by entries of earlier
    /// searches, so far. An iteration that made none, and searched as many positions as
    /// the one before (which made none either), found every line ending before the
    /// horizon (a result, a repetition, an endgame table's proof) or in cut-offs by what
    /// it searched itself: a deeper iteration would search the same tree.
    horizon: u64,
    limits: Limits,
    stopped: bool,
    /// While set (depth 1), limits are not checked, so one move is always found.
    must_finish: bool,
    /// Whether the transposition table is probed (off only in tests against minimax).
    use_tt: bool,
    /// Endgame tables of this search (issue 15 item 4), set by `search_root`.
    egdb: Option<&'static crate::endgame::Tables>,
}

#[inline]
fn to_tt(s: i32, ply: u32) -> i32 {
    if s > WIN_BOUND {
        s + ply as i32
    } else if s < -WIN_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
fn from_tt(s: i32, ply: u32) -> i32 {
    if s > WIN_BOUND {
        s - ply as i32
    } else if s < -WIN_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// A won (+1), drawn (0) or lost (-1) game turned into a score at `ply`.
#[inline]
fn result_score(sign: i32, ply: u32) -> i32 {
    sign * (WIN - ply as i32)
}

/// H8 with the H10 sweep: each side's store plus the seeds on his row; the sign for the
/// player to move. On an empty board this is just the stores (H7/H8).
#[inline]
fn hoyito_final_sign(pos: &Position) -> i32 {
    let me = pos.to_move();
    let mine = pos.store(me) as i64 + pos.seeds_of(me) as i64;
    let theirs = pos.store(me.other()) as i64 + pos.seeds_of(me.other()) as i64;
    (mine - theirs).signum() as i32
}

impl Searcher {
    /// A searcher with a transposition table of `tt_mb` mebibytes.
    pub(crate) fn new(tt_mb: usize) -> Searcher {
        Searcher {
            tt: Table::new(tt_mb),
            killers: vec![[None; 2]; MAX_PLY],
            path: Vec::with_capacity(MAX_PLY),
            history: Vec::new(),
            spare: Vec::new(),
            nodes: 0,
            horizon: 0,
            limits: Limits {
                max_depth: 1,
                deadline: None,
                max_nodes: u64::MAX,
                stop: None,
            },
            stopped: false,
            must_finish: false,
            use_tt: true,
            egdb: None,
        }
    }

    /// Forgets everything learnt (for reproducible searches).
    pub(crate) fn clear(&mut self) {
        self.tt.clear();
        self.killers.fill([None; 2]);
    }

    /// Bytes held by the transposition table.
    pub(crate) fn tt_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Searches `root` by iterative deepening within `limits`. `history` holds the
    /// game's earlier positions (for K10/H10 repetition). Root moves whose scores lie
    /// within `noise` of the best get a random bonus of up to `noise` before the pick,
    /// which makes the lower levels vary and err plausibly; ties among equal moves are
    /// broken by `rng` too. `None` when the player to move has no legal move.
    ///
    /// With a `report`er, each completed iteration is reported with its principal
    /// variation; without, none is walked (the bot's moves need none).
    pub(crate) fn search_root(
        &mut self,
        root: &Position,
        history: &[Position],
        limits: Limits,
        noise: i32,
        rng: &mut SmallRng,
        mut report: Option<Reporter<'_>>,
    ) -> Option<RootResult> {
        let start = Instant::now();
        let children = root.children();
        if children.is_empty() {
            return None;
        }
        self.history = history.iter().map(position_key).collect();
        self.history.sort_unstable();
        self.path.clear();
        self.path.push(position_key(root));
        self.nodes = 0;
        self.limits = limits;
        self.stopped = false;
        self.tt.new_search();
        // Endgame tables (issue 15 item 4): level 5 plays their move where they prove
        // the result, and scores the positions they prove exactly (in `negamax`).
        self.egdb = crate::endgame::for_search(root, noise, self.use_tt);
        if let Some(t) = self.egdb {
            let r = crate::endgame::root_move(t, root, &self.history, start, &mut report);
            if r.is_some() {
                return r;
            }
        }

        let me = root.to_move();
        let mut order = initial_order(root, &children, rng);
        let mut done: Option<(Vec<i32>, u32)> = None;
        let mut clock = IterationClock::default();
        let mut settling = Settling::default();
        // The positions searched by the last iteration if it evaluated none.
        let mut last_closed: Option<u64> = None;
        let timed = self.limits.deadline.is_some();
        for depth in 1..=self.limits.max_depth.max(1) {
            self.must_finish = depth == 1;
            let began = Instant::now();
            let (horizon, nodes) = (self.horizon, self.nodes);
            let Some(it) = self.root_iteration(me, &children, &order, depth, noise) else {
                break;
            };
            // Stable: equal scores keep their previous (seeded) order; moves a cut-off
            // iteration did not reach (-INF) go last.
            let rank = |order: &mut Vec<usize>| {
                order.sort_by_key(|&i| core::cmp::Reverse(it.scores[i]));
            };
            if !it.complete {
                // Cut off by the budget after its first move (the previous best, now
                // searched one ply deeper) and maybe others: its best is better informed
                // than the last complete iteration's. The depth returned stays the last
                // complete one. Only for the full-strength search (no noise) on a clock:
                // the lower levels are defined by the depth they complete, and a search
                // on a node budget (hints, reviews, tests) stays as reproducible and as
                // comparable as before.
                if noise == 0 && timed {
                    let before = order[0];
                    rank(&mut order);
                    let complete = done.as_ref().map_or(depth - 1, |d| d.1);
                    done = Some((it.scores, complete));
                    if order[0] != before {
                        // The move played is this iteration's: say so, with the depth it
                        // was searched to, so that the last report names the move played.
                        self.report_iteration(
                            &mut report,
                            root,
                            &children,
                            &order,
                            (depth, it.best),
                            start,
                        );
                    }
                }
                break;
            }
            rank(&mut order);
            let best = it.best;
            done = Some((it.scores, depth));
            self.report_iteration(&mut report, root, &children, &order, (depth, best), start);
            clock.record(began.elapsed(), it.first);
            settling.record(order[0], best);
            // On a clock, one legal move needs no thought beyond the first iteration.
            let forced = timed && children.len() == 1;
            // Every line ended before the horizon: deeper iterations would repeat this
            // one (and report depths that change nothing).
            let closed = (self.horizon == horizon).then_some(self.nodes - nodes);
            let exhausted = closed.is_some() && closed == last_closed;
            last_closed = closed;
            if best.abs() > WIN_BOUND
                || forced
                || exhausted
                || self.out_of_budget(&clock, &settling)
            {
                break;
            }
        }
        self.must_finish = false;
        let (scores, depth) = done.expect("depth 1 always completes");
        let pick = pick_root_move(&order, &scores, noise, rng);
        Some(RootResult {
            mv: children[pick].0,
            score: scores[pick],
            depth,
            nodes: self.nodes,
        })
    }

    /// Reports an iteration of `depth` whose best move (`order[0]`) scored `score`, with
    /// its principal variation, to `report` if there is one.
    fn report_iteration(
        &self,
        report: &mut Option<Reporter<'_>>,
        root: &Position,
        children: &Children,
        order: &[usize],
        (depth, score): (u32, i32),
        start: Instant,
    ) {
        if let Some(report) = report.as_mut() {
            let (mv, child) = &children[order[0]];
            report(Report {
                depth,
                score,
                nodes: self.nodes,
                elapsed: start.elapsed(),
                pv: self.principal_variation(root, *mv, child),
            });
        }
    }

    /// One iteration of the root at `depth`, moves in `order`: the score of each move
    /// (exact for the best, and for those within `noise` of it; a bound for the rest)
    /// and the best score. When the time or node budget stops it, the moves searched
    /// to the end so far (`complete` false; `-INF` for the others), or `None` if not
    /// even the first was (depth 1 is always finished).
    fn root_iteration(
        &mut self,
        me: Side,
        children: &Children,
        order: &[usize],
        depth: u32,
        noise: i32,
    ) -> Option<RootIteration> {
        let began = Instant::now();
        let mut it = RootIteration {
            scores: vec![-INF; children.len()],
            best: -INF,
            complete: false,
            first: Duration::ZERO,
        };
        for (k, &i) in order.iter().enumerate() {
            let best = it.best;
            let child = (&children[i].1, position_key(&children[i].1));
            let s = if best == -INF {
                self.child_score(me, child, depth - 1, 1, -INF, INF)
            } else if noise > 0 {
                self.child_score(me, child, depth - 1, 1, best - noise - 1, INF)
            } else {
                let s = self.child_score(me, child, depth - 1, 1, best, best + 1);
                if s > best && !self.stopped {
                    self.child_score(me, child, depth - 1, 1, best, INF)
                } else {
                    s
                }
            };
            if self.stopped && !self.must_finish {
                // A move cut off mid-search has no score; the ones before it stand.
                return (k > 0).then_some(it);
            }
            it.scores[i] = s;
            it.best = best.max(s);
            if k == 0 {
                it.first = began.elapsed();
            }
        }
        it.complete = true;
        Some(it)
    }

    /// The score of `child` (a position and its key) for `parent_mover`, searched in
    /// the window (alpha, beta).
    #[inline]
    fn child_score(
        &mut self,
        parent_mover: Side,
        child: (&Position, u64),
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let (pos, key) = child;
        if pos.to_move() == parent_mover {
            // The opponent passed (H3): the same player moves again.
            self.negamax(pos, key, depth, ply, alpha, beta)
        } else {
            -self.negamax(pos, key, depth, ply, -beta, -alpha)
        }
    }

    /// Whether a completed iteration should be the last: the node budget is spent, a
    /// stop was requested, the next iteration is not expected to search even its first
    /// move (the previous best) by the hard deadline, as `clock` predicts from the
    /// iterations so far (a cut-off iteration is used up to the moves it finished, so it
    /// is worth starting whenever its first move fits), or the soft deadline passed and
    /// the root's choice is settled ([`Settling`]): an unsettled root may use the whole
    /// budget.
    fn out_of_budget(&self, clock: &IterationClock, settling: &Settling) -> bool {
        let now = Instant::now();
        self.nodes >= self.limits.max_nodes
            || self.limits.stop_requested()
            || self.limits.deadline.is_some_and(|(soft, hard)| {
                now + clock.next_first() >= hard || (now >= soft && settling.is_settled())
            })
    }

    fn check_limits(&mut self) {
        if self.nodes >= self.limits.max_nodes {
            self.stopped = true;
        }
        // Reading the clock and the shared flag costs more than a node: every 1024.
        if self.nodes & 1023 == 0 {
            if let Some((_, hard)) = self.limits.deadline {
                if Instant::now() >= hard {
                    self.stopped = true;
                }
            }
            if self.limits.stop_requested() {
                self.stopped = true;
            }
        }
    }

    /// The principal variation of an iteration: the root's best `first` move, leading
    /// to `after`, then the table's best move of each position in turn. It stops at a
    /// position without a stored best move (or whose stored move code is no move of it: a
    /// key collision), after a move into a position met before on the line or in the
    /// game (a repetition, which the search scored as a leaf), or at [`MAX_PV`] moves.
    fn principal_variation(&self, root: &Position, first: Move, after: &Position) -> Vec<Move> {
        let mut pv = vec![first];
        let mut seen = vec![position_key(root)];
        let mut pos = *after;
        while pv.len() < MAX_PV {
            let key = position_key(&pos);
            if seen.contains(&key) || self.history.binary_search(&key).is_ok() {
                break;
            }
            seen.push(key);
            let Some(entry) = self.tt.probe(key) else {
                break;
            };
            let children = pos.children();
            // Moves come from the position's own children, so each is legal there.
            let Some((mv, next)) = children.iter().find(|(m, _)| move_code(*m) == entry.best)
            else {
                break;
            };
            pv.push(*mv);
            pos = *next;
        }
        pv
    }

    /// The score of a position that ends the search without generating its moves: a
    /// Katro side without seeds (K9), an empty Hoyito board (H7, H8, H10), or a
    /// repetition of a position on the path or earlier in the game (K10 draws; H10
    /// sweeps the rows into the stores).
    #[inline]
    fn leaf_score(&self, pos: &Position, key: u64, ply: u32) -> Option<i32> {
        let katro = pos.variant().is_katro();
        if katro {
            if katro_seeds(pos, pos.to_move()) == 0 {
                return Some(result_score(-1, ply)); // K9
            }
        } else if pos.board_total() == 0 {
            return Some(result_score(hoyito_final_sign(pos), ply)); // H7, H8, H10
        }
        if self.path.contains(&key) || self.history.binary_search(&key).is_ok() {
            return Some(if katro {
                0
            } else {
                result_score(hoyito_final_sign(pos), ply)
            });
        }
        None
    }

    /// The transposition table's answer for `key` at `depth` in (alpha, beta): a score
    /// that decides the node (`Ok`), else the code of the stored best move to try
    /// first (`Err`, [`NO_MOVE`] for none). A deciding entry of an earlier search counts
    /// as a horizon leaf (see `horizon`): its positions were not searched now.
    #[inline]
    fn probe(&mut self, key: u64, depth: u32, ply: u32, alpha: i32, beta: i32) -> Result<i32, u8> {
        let Some(e) = self.tt.probe(key).filter(|_| self.use_tt) else {
            return Err(u8::MAX);
        };
        if e.depth as u32 >= depth {
            let s = from_tt(e.score, ply);
            let decides = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if decides {
                if e.generation != self.tt.generation() {
                    self.horizon += 1;
                }
                return Ok(s);
            }
        }
        Err(e.best)
    }

    /// The order to search `children` of `pos` in: the TT move, then captures by size,
    /// then the killers of `ply`; the rest as generated. Returns the array and the
    /// number of moves in it.
    #[inline]
    fn order_moves(
        &self,
        pos: &Position,
        children: &Children,
        ply: u32,
        tt_best: u8,
    ) -> ([(i32, u8); mancala_rules::MAX_MOVES], usize) {
        let me = pos.to_move();
        let killers = self.killers.get(ply as usize).copied().unwrap_or([None; 2]);
        let mut order = [(0i32, 0u8); mancala_rules::MAX_MOVES];
        let n = children.len();
        let base = gain_base(pos, me);
        for (i, (mv, c)) in children.iter().enumerate() {
            let mut k = gain(base, pos, c, me) * 16;
            if move_code(*mv) == tt_best {
                k += 1 << 24;
            } else if killers[0] == Some(*mv) {
                k += 1 << 12;
            } else if killers[1] == Some(*mv) {
                k += 1 << 11;
            }
            order[i] = (k, i as u8);
        }
        // Insertion sort, descending by key; stable.
        for i in 1..n {
            let x = order[i];
            let mut j = i;
            while j > 0 && order[j - 1].0 < x.0 {
                order[j] = order[j - 1];
                j -= 1;
            }
            order[j] = x;
        }
        (order, n)
    }

    /// The key of `pos`; with `fetch`, its table entry is also read now, so that the
    /// memory access (most entries are out of the cache) overlaps other work and other
    /// fetches rather than stalling the probe.
    #[inline]
    fn key_ahead(&self, pos: &Position, fetch: bool) -> u64 {
        let key = position_key(pos);
        if fetch && self.use_tt {
            self.tt.prefetch(key);
        }
        key
    }

    /// The keys of the `children` in `order`, into `keys`, fetching their table entries
    /// with `ahead` (see [`Searcher::key_ahead`]).
    #[inline]
    fn fetch_keys(&self, children: &Children, order: &[(i32, u8)], keys: &mut [u64], ahead: bool) {
        for (key, &(_, idx)) in keys.iter_mut().zip(order) {
            *key = self.key_ahead(&children[idx as usize].1, ahead);
        }
    }

    /// Remembers `mv` as a killer of `ply`: it refuted a sibling, so it is tried early
    /// in the positions of the same ply.
    #[inline]
    fn add_killer(&mut self, ply: u32, mv: Move) {
        if let Some(slot) = self.killers.get_mut(ply as usize) {
            if slot[0] != Some(mv) {
                slot[1] = slot[0];
                slot[0] = Some(mv);
            }
        }
    }

    /// Stores the node's result: a lower bound when it failed high (`best >= beta`),
    /// exact inside the window, an upper bound (and no best move) when it failed low.
    #[inline]
    fn store(&mut self, key: u64, depth: u32, ply: u32, window: (i32, i32), best: (i32, u8)) {
        let ((alpha0, beta), (score, idx)) = (window, best);
        let bound = if score >= beta {
            Bound::Lower
        } else if score > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_best = if bound == Bound::Upper { NO_MOVE } else { idx };
        self.tt
            .store(key, depth, to_tt(score, ply), bound, stored_best);
    }

    /// Principal-variation search with a transposition table, killers and repetition
    /// detection: the score of `pos` (whose key is `key`) for its mover, in (alpha, beta).
    fn negamax(
        &mut self,
        pos: &Position,
        key: u64,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits();
        if self.stopped && !self.must_finish {
            return 0;
        }
        if let Some(s) = self.leaf_score(pos, key, ply) {
            return s;
        }
        // Endgame tables (issue 15 item 4): a win or loss they prove is exact; a draw
        // is searched on, its value kept inside the draw band (issue 32).
        match self
            .egdb
            .and_then(|t| crate::endgame::search_score(t, pos, ply))
        {
            Some(Ok(s)) => return s,
            Some(Err(())) => {
                return match crate::endgame::draw_window(alpha, beta, INF) {
                    Ok((lo, hi)) => {
                        crate::endgame::draw_score(self.search_node(pos, key, depth, ply, lo, hi))
                    }
                    Err(edge) => edge,
                };
            }
            None => {}
        }
        self.search_node(pos, key, depth, ply, alpha, beta)
    }

    /// [`Self::negamax`] past the results and the tables: the evaluation at the horizon,
    /// else the transposition table's answer or the moves' search.
    fn search_node(
        &mut self,
        pos: &Position,
        key: u64,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if depth == 0 {
            self.horizon += 1;
            return evaluate(pos);
        }
        let tt_best = match self.probe(key, depth, ply, alpha, beta) {
            Ok(s) => return s,
            Err(best) => best,
        };
        self.path.push(key);
        let found = self.search_moves(pos, depth, ply, (alpha, beta), tt_best);
        self.path.pop();
        match found {
            Searched::Best(best, code) => {
                self.store(key, depth, ply, (alpha, beta), (best, code));
                best
            }
            Searched::Stopped => 0,
            // K9: no legal move (only endless ones) loses. A settled Hoyito position
            // always has a move unless its board is empty, handled above.
            Searched::NoMove if pos.variant().is_katro() => result_score(-1, ply),
            Searched::NoMove => result_score(hoyito_final_sign(pos), ply),
        }
    }

    /// The moves of `pos` (on the path), searched in (alpha, beta): first the table's
    /// best move `tt_best`, played alone, then, unless it cut off, every move
    /// generated and ordered (see [`Searcher::order_moves`]; the table's move comes
    /// first there too, so the moves are searched in the same order either way). At a
    /// cut node whose table move cuts off again, the other moves are never sown. At
    /// depth 1 the moves after the table's are [`Searcher::frontier_moves`].
    fn search_moves(
        &mut self,
        pos: &Position,
        depth: u32,
        ply: u32,
        (mut alpha, beta): (i32, i32),
        tt_best: u8,
    ) -> Searched {
        let me = pos.to_move();
        let ahead = depth >= 2;
        let mut best = (-INF, NO_MOVE);
        let first = coded_child(pos, tt_best);
        if let Some((mv, child)) = &first {
            let child = (child, self.key_ahead(child, ahead));
            let s = self.child_score(me, child, depth - 1, ply + 1, alpha, beta);
            if self.stopped && !self.must_finish {
                return Searched::Stopped;
            }
            best = (s, tt_best);
            alpha = alpha.max(s);
            if s >= beta {
                self.add_killer(ply, *mv);
                return Searched::Best(s, tt_best);
            }
        }
        if depth == 1 {
            return self.frontier_moves(pos, ply, (alpha, beta), best, first.is_some());
        }
        let mut children = self.spare.pop().unwrap_or_default();
        pos.children_into(&mut children);
        if children.is_empty() {
            self.spare.push(children);
            return Searched::NoMove;
        }
        let (order, n) = self.order_moves(pos, &children, ply, tt_best);
        // The children's keys, each computed once; from depth 2 their table entries are
        // fetched ahead (see `key_ahead`): the first two at once, and all the others
        // once a move has failed to cut off, since then most likely none will.
        let mut keys = [0u64; mancala_rules::MAX_MOVES];
        let early = if first.is_some() { n } else { n.min(2) };
        self.fetch_keys(&children, &order[..early], &mut keys[..early], ahead);
        for (k, &(_, idx)) in order[..n].iter().enumerate() {
            let (mv, ref child) = children[idx as usize];
            let code = move_code(mv);
            if first.is_some() && code == tt_best {
                continue; // searched above
            }
            if k == 1 && early < n {
                self.fetch_keys(&children, &order[early..n], &mut keys[early..n], ahead);
            }
            let child = (child, keys[k]);
            let s = if best.0 == -INF {
                self.child_score(me, child, depth - 1, ply + 1, alpha, beta)
            } else {
                let s = self.child_score(me, child, depth - 1, ply + 1, alpha, alpha + 1);
                if s > alpha && s < beta && !self.stopped {
                    self.child_score(me, child, depth - 1, ply + 1, alpha, beta)
                } else {
                    s
                }
            };
            if self.stopped && !self.must_finish {
                self.spare.push(children);
                return Searched::Stopped;
            }
            if s > best.0 {
                best = (s, code);
                alpha = alpha.max(s);
                if s >= beta {
                    self.add_killer(ply, mv);
                    break;
                }
            }
        }
        self.spare.push(children);
        Searched::Best(best.0, best.1)
    }

    /// The rest of [`Searcher::search_moves`] at depth 1, after the table's move
    /// (`tt_tried`, whose score and code are `best`): the children are leaves, each
    /// scored exactly by one evaluation, so they are sown and scored one at a time in
    /// generation order and the node stops at the first that reaches `beta`. Sowing
    /// them all first, to order them, sowed about twice as many as were scored.
    fn frontier_moves(
        &mut self,
        pos: &Position,
        ply: u32,
        (mut alpha, beta): (i32, i32),
        mut best: (i32, u8),
        tt_tried: bool,
    ) -> Searched {
        let me = pos.to_move();
        let tt_best = best.1;
        let mut any = false;
        let mut cut = None;
        pos.each_child(|mv, child| {
            any = true;
            let code = move_code(mv);
            if tt_tried && code == tt_best {
                return false; // searched already
            }
            let s = self.child_score(me, (child, position_key(child)), 0, ply + 1, alpha, beta);
            if self.stopped && !self.must_finish {
                return true;
            }
            if s > best.0 {
                best = (s, code);
                alpha = alpha.max(s);
                if s >= beta {
                    cut = Some(mv);
                    return true;
                }
            }
            false
        });
        if self.stopped && !self.must_finish {
            return Searched::Stopped;
        }
        if let Some(mv) = cut {
            self.add_killer(ply, mv);
        }
        if !any {
            return Searched::NoMove;
        }
        Searched::Best(best.0, best.1)
    }
}

/// What [`Searcher::search_moves`] found.
enum Searched {
    /// The best score and its move's code ([`move_code`]).
    Best(i32, u8),
    /// The budget or a stop request cut the search off.
    Stopped,
    /// The player to move has no legal move.
    NoMove,
}

/// "No move" in the table and the search.
const NO_MOVE: u8 = u8::MAX;

/// A move as one byte, the same in every position where it is legal, so that the table
/// can keep the best move and a node can play it before generating the others: Katro,
/// column x 2 + direction (K3 fixes the row), a K11 step 16 + its column shift + 1;
/// Hoyito, the column (H3 fixes the row).
#[inline]
fn move_code(mv: Move) -> u8 {
    match mv {
        Move::Sow { from, dir } => from.col * 2 + u8::from(dir == Dir::Minus),
        Move::Step { from, to } => 16 + (to.col + 1 - from.col),
        Move::Hoyito { from } => from.col,
    }
}

/// The move of `code` ([`move_code`]) in `pos`, with the position it leads to, when it
/// is legal there; `None` for [`NO_MOVE`] and for K11 steps (rare: they are found
/// among the generated moves).
fn coded_child(pos: &Position, code: u8) -> Option<(Move, Position)> {
    let v = pos.variant();
    let me = pos.to_move();
    let mv = if v.is_katro() {
        if code >= 16 {
            return None;
        }
        // K3: the mover's outermost row holding seeds.
        let row = v.rows_of(me).find(|&r| pos.row(r).iter().any(|&s| s > 0))?;
        let dir = if code.is_multiple_of(2) {
            Dir::Plus
        } else {
            Dir::Minus
        };
        Move::Sow {
            from: Hole::new(code / 2, row),
            dir,
        }
    } else {
        let row = if me == Side::South { 0 } else { 1 };
        Move::Hoyito {
            from: Hole::new(code, row),
        }
    };
    // A code from the table is checked like any move (a key collision, a stale
    // entry): an illegal one is no move.
    pos.play(mv).ok().map(|child| (mv, child))
}

/// The root's moves in their first search order: biggest immediate gain first, ties in
/// an order drawn from `rng` (which makes equal moves vary from seed to seed).
fn initial_order(root: &Position, children: &Children, rng: &mut SmallRng) -> Vec<usize> {
    let n = children.len();
    let me = root.to_move();
    let mut order: Vec<usize> = (0..n).collect();
    let tiebreak: Vec<u32> = (0..n).map(|_| rng.gen()).collect();
    let base = gain_base(root, me);
    let gains: Vec<i32> = children
        .iter()
        .map(|(_, c)| gain(base, root, c, me))
        .collect();
    order.sort_by_key(|&i| (core::cmp::Reverse(gains[i]), tiebreak[i]));
    order
}

/// The move to play: the best score after a random bonus of up to `noise` (the lower
/// levels' plausible errors), ties to the earlier move in `order`.
fn pick_root_move(order: &[usize], scores: &[i32], noise: i32, rng: &mut SmallRng) -> usize {
    order
        .iter()
        .copied()
        .max_by_key(|&i| {
            let bonus = if noise > 0 {
                rng.gen_range(0..=noise)
            } else {
                0
            };
            // Exact scores only: every move below best - noise failed low.
            (
                scores[i].saturating_add(bonus),
                core::cmp::Reverse(order_rank(order, i)),
            )
        })
        .expect("at least one move")
}

/// Position of move index `i` in `order` (earlier = preferred on ties).
fn order_rank(order: &[usize], i: usize) -> usize {
    order.iter().position(|&j| j == i).unwrap_or(usize::MAX)
}

/// The parent's side of [`gain`]: Katro, the opponent's seeds; Hoyito, the mover's store.
#[inline]
fn gain_base(parent: &Position, me: Side) -> i32 {
    if parent.variant().is_katro() {
        katro_seeds(parent, me.other())
    } else {
        parent.store(me) as i32
    }
}

/// What a move gains at once for `me` (`base` from [`gain_base`]): Katro, the seeds
/// captured from the opponent (K6b, K7; Katro's total never changes); Hoyito, the seeds
/// captured into his store (H5-H7), plus a little when the opponent must pass (H3).
#[inline]
fn gain(base: i32, parent: &Position, child: &Position, me: Side) -> i32 {
    if parent.variant().is_katro() {
        base - katro_seeds(child, me.other())
    } else {
        let g = child.store(me) as i32 - base;
        g + i32::from(child.to_move() == me && child.board_total() > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;
    use rand::SeedableRng;

    /// Plain minimax, no pruning and no table, with the same leaves, terminal rules and
    /// path repetition as the searcher: the reference its score must equal.
    fn minimax(pos: &Position, depth: u32, ply: u32, path: &mut Vec<u64>) -> i32 {
        let me = pos.to_move();
        let katro = pos.variant().is_katro();
        if katro && pos.seeds_of(me) == 0 {
            return result_score(-1, ply);
        }
        if !katro && pos.board_total() == 0 {
            return result_score(hoyito_final_sign(pos), ply);
        }
        let key = position_key(pos);
        if path.contains(&key) {
            return if katro {
                0
            } else {
                result_score(hoyito_final_sign(pos), ply)
            };
        }
        if depth == 0 {
            return evaluate(pos);
        }
        let children = pos.children();
        if children.is_empty() {
            return if katro {
                result_score(-1, ply)
            } else {
                result_score(hoyito_final_sign(pos), ply)
            };
        }
        path.push(key);
        let best = children
            .iter()
            .map(|(_, c)| {
                let s = minimax(c, depth - 1, ply + 1, path);
                // The sign follows the player to move, not the depth (H3 passes).
                if c.to_move() == me {
                    s
                } else {
                    -s
                }
            })
            .max()
            .expect("children");
        path.pop();
        best
    }

    #[test]
    fn alpha_beta_equals_minimax_including_hoyito_passes() {
        let mut rng = SmallRng::seed_from_u64(11);
        let variants = ["katro", "katro:4x4", "hoyito", "hoyito:2x7"];
        let mut passes_seen = 0;
        for name in variants {
            let v: Variant = name.parse().unwrap();
            let depth = if v.is_katro() { 3 } else { 4 };
            // Positions part-way through random games, and (Hoyito) positions from
            // which a move makes the opponent pass (H3), walking whole random games.
            let mut tests = Vec::new();
            let mut with_pass = 0;
            for game in 0..60 {
                let mut pos = Position::new(v);
                let stop = rng.gen_range(0..40 + game * 4);
                for ply in 0..2000 {
                    let ch = pos.children();
                    if ch.is_empty() {
                        break;
                    }
                    if ply == stop && game < 12 {
                        tests.push(pos);
                    }
                    if ch.iter().any(|(_, c)| c.to_move() == pos.to_move()) && with_pass < 8 {
                        tests.push(pos);
                        with_pass += 1;
                    }
                    pos = ch[rng.gen_range(0..ch.len())].1;
                }
            }
            passes_seen += with_pass;
            for pos in tests {
                let mut s = Searcher::new(1);
                s.use_tt = false;
                let limits = Limits {
                    max_depth: depth,
                    deadline: None,
                    max_nodes: u64::MAX,
                    stop: None,
                };
                let r = s.search_root(&pos, &[], limits, 0, &mut rng, None).unwrap();
                let want = minimax(&pos, depth, 0, &mut Vec::new());
                assert_eq!(r.score, want, "{name} {pos}");
                assert!(pos.is_legal(r.mv));
            }
        }
        // The walk went through H3 passes, so the per-node sign was exercised.
        assert!(passes_seen > 0);
    }

    #[test]
    fn the_clock_predicts_the_next_first_move_by_the_last_growth() {
        let ms = Duration::from_millis;
        let mut c = IterationClock::default();
        // No history yet: growth 4.
        c.record(ms(10), ms(4));
        assert_eq!(c.next_first(), ms(16));
        // 10 ms then 40 ms: growth 4, first move 15 ms -> 60 ms.
        c.record(ms(40), ms(15));
        assert_eq!(c.next_first(), ms(60));
        // Growth beyond 8 is taken as 8, below 1.5 as 1.5.
        c.record(ms(800), ms(100));
        assert_eq!(c.next_first(), ms(800));
        c.record(ms(800), ms(100));
        assert_eq!(c.next_first(), ms(150));
    }

    #[test]
    fn the_root_settles_on_a_kept_move_and_a_steady_score() {
        let mut s = Settling::default();
        s.record(2, -800);
        s.record(2, -845);
        assert!(!s.is_settled(), "two iterations are not enough");
        s.record(2, -800);
        assert!(
            s.is_settled(),
            "same move thrice, score as two plies before"
        );
        s.record(2, -1000);
        assert!(!s.is_settled(), "the score swung by more than a seed");
        s.record(2, -900);
        s.record(4, -1000);
        assert!(!s.is_settled(), "the best move changed");
        s.record(4, -900);
        s.record(4, -1000);
        assert!(s.is_settled());
    }

    /// A tree whose every line ends before the horizon (here: South's one move leads
    /// to a position of the game's history, an H10 repetition whose sweep gives 2 and 2,
    /// a draw) is searched once more to confirm, not to the depth cap: the depth
    /// reported is one that could change something, and deeper searches agree.
    #[test]
    fn a_tree_that_ends_before_the_horizon_is_not_deepened() {
        let pos: Position = "hoyito/2,0,0,0,0,0/2,0,0,0,0,0 s 22 22".parse().unwrap();
        let history = [pos.children()[0].1];
        let search = |max_depth| {
            let limits = Limits {
                max_depth,
                deadline: None,
                max_nodes: u64::MAX,
                stop: None,
            };
            let mut rng = SmallRng::seed_from_u64(3);
            let mut s = Searcher::new(1);
            s.search_root(&pos, &history, limits, 0, &mut rng, None)
                .unwrap()
        };
        let r = search(crate::MAX_DEPTH);
        assert_eq!((r.depth, r.score), (2, 0), "{r:?}");
        assert_eq!(search(1).score, 0);
    }

    #[test]
    fn on_a_clock_a_forced_move_is_answered_after_one_iteration() {
        // H3: South's one seed is his only move.
        let forced = [
            "hoyito/0,0,0,0,0,4/4,4,4,4,4,4 s 12 8",
            "hoyito/4,0,0,0,0,0/4,4,4,4,4,4 s 12 8",
            "hoyito/0,0,0,0,0,8/4,4,4,4,4,4 s 8 8",
        ]
        .iter()
        .filter_map(|t| t.parse::<Position>().ok())
        .find(|p| p.children().len() == 1)
        .expect("a position with one legal move");
        let mut rng = SmallRng::seed_from_u64(1);
        let far = Instant::now() + Duration::from_secs(3600);
        let limits = |deadline| Limits {
            max_depth: 12,
            deadline,
            max_nodes: u64::MAX,
            stop: None,
        };
        let mut s = Searcher::new(1);
        let timed = s.search_root(&forced, &[], limits(Some((far, far))), 0, &mut rng, None);
        assert_eq!(timed.unwrap().depth, 1);
        // Without a clock (a node or depth budget) the search goes on as before.
        let mut s = Searcher::new(1);
        let untimed = s.search_root(&forced, &[], limits(None), 0, &mut rng, None);
        assert_eq!(untimed.unwrap().depth, 12);
    }
}
