//! The puzzle finder (issue 32): decides whether a position of a game is a puzzle, a
//! position where exactly one move wins clearly, and finds its line, themes and rating.
//!
//! # The criterion
//!
//! Every legal move of the position is valued for the player to move (the *solver*)
//! by a reproducible search of the position it leads to: level 5, no noise, a fresh
//! transposition table, a node budget ([`FinderConfig::nodes`]); equal settings give
//! equal values on every machine. Each completed iteration of a move's search is kept,
//! so that the moves are compared at the same depth: the deepest every move's search
//! reached (a proven result holds at every deeper depth). Depth 1 is the static
//! evaluation ([`crate::evaluate`]) of the position each move leads to. Where the
//! Hoyito 2x6 endgame tables hold that position and prove its net seeds exactly, they
//! value it from depth 2 on instead of a search: the final store difference with
//! perfect play (H8, H10).
//!
//! Values are capped at ± half the seeds in play ([`crate::review::cap`]): a proven
//! win counts as that lead. The position is a puzzle when the best move's value beats
//! every other move's by at least the margin ([`FinderConfig::margin`], [`margin_for`]);
//! its [`Goal`] is [`Goal::Win`] when that move is a proven win (search or tables) and
//! no other move is, else [`Goal::Seeds`] with the difference in whole seeds.
//!
//! [`Finder::find`] also asks a deeper look to agree ([`FinderConfig::confirm_nodes`],
//! four times the budget): of the Katro puzzles found at the budget alone, only about
//! three in four kept their only move at four times it, so a puzzle must hold at both.
//! A shipped puzzle is checked at the budget ([`Finder::check`]), which is exact and
//! quick.
//!
//! # The line
//!
//! After the solver's move, the opponent's reply is his search's best move (the same
//! budget); then the solver's next position is judged again, and the line goes on while
//! the solver's move is again the only one, up to [`FinderConfig::max_plies`]. The line
//! stops before a pass (H3: a side that cannot move), so that solver moves and replies
//! alternate, and it always ends with a solver move (odd length).
//!
//! Themes and the difficulty rating: see [`Theme`], [`themes`] and [`rating`].

mod features;

use mancala_rules::{Move, Outcome, Position, Side, Variant};

pub use features::{rating, themes, Theme};

use crate::endgame::{Perfect, HOYITO_SEEDS};
use crate::{Ai, ConfigError, Limits, SearchConfig, WIN, WIN_BOUND};

/// The margin that makes a move "clearly better", centi-seeds, for a board.
///
/// - Hoyito (all boards): 400, one casa. Seeds leave the board in fours (H5-H7), so a
///   move that takes four seeds more than every other, with best play after it, is the
///   smallest difference that is not a matter of the evaluation's casa terms.
/// - Katro (all boards): 600. Katro's evaluation counts the *balance* of seeds, mine
///   minus his, 100 a seed (K7 captures move seeds across, so a capture of `x` seeds
///   changes the balance by `2x`), plus positional terms of a few tens each (12 an
///   occupied hole, 8 a start hole, 30 a seed under threat). 600 is a balance of six:
///   three seeds captured more than by any other move, beyond what those terms swing.
///   The [`Goal::Seeds`] margin of a Katro puzzle counts seeds captured, as a player
///   counts them: half the difference of balance.
pub fn margin_for(variant: Variant) -> i32 {
    if variant.is_katro() {
        600
    } else {
        400
    }
}

/// Centi-seeds of value per seed of a [`Goal::Seeds`] margin: 100 in Hoyito (a
/// captured seed goes to the store, H5), 200 in Katro (a captured seed leaves the
/// opponent's half for the captor's, K6b: two of balance).
fn seed_units(variant: Variant) -> i32 {
    if variant.is_katro() {
        200
    } else {
        100
    }
}

/// How the finder searches and judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinderConfig {
    /// Node budget of each move's search (positions searched); at least 1000.
    pub nodes: u64,
    /// The transposition table of the searches, MiB (1-4096); cleared before each.
    pub tt_mb: usize,
    /// The least difference between the best move's value and every other's,
    /// centi-seeds ([`margin_for`]).
    pub margin: i32,
    /// The longest line, plies (1, 3, 5 or 7): the solver's moves and the replies.
    pub max_plies: usize,
    /// A deeper look that [`Finder::find`] asks to agree, nodes per move (0: none):
    /// each only move of a line found at `nodes` must also be the only move at this
    /// budget, so that a puzzle does not rest on the horizon of one search.
    pub confirm_nodes: u64,
}

impl FinderConfig {
    /// The settings the shipped sets were generated with for `variant`: 4000 nodes a
    /// move (20000 on Hoyito 2x6, whose endgames the tables shorten), a 4 MiB table,
    /// [`margin_for`], lines of up to 5 plies, confirmed at four times the nodes.
    pub fn for_variant(variant: Variant) -> FinderConfig {
        let nodes = if variant == Variant::HOYITO {
            20_000
        } else {
            4_000
        };
        FinderConfig {
            nodes,
            tt_mb: 4,
            margin: margin_for(variant),
            max_plies: 5,
            confirm_nodes: 4 * nodes,
        }
    }
}

/// What the first solver move of a puzzle achieves that no other move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// It wins the game with best play (proven by the search or the tables), and no
    /// other move does.
    Win,
    /// It is worth at least `margin` seeds more than every other move, with best play
    /// after it: Hoyito seeds captured (H5-H7), Katro seeds captured net (half the
    /// difference of balance, see [`margin_for`]).
    Seeds {
        /// The difference to the best other move, whole seeds, rounded down (at most
        /// 255).
        margin: u8,
    },
}

/// One legal move, valued for the solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Its raw value for the solver at each depth of the root, from depth 1 (the
    /// static evaluation of the position it leads to): centi-seeds, beyond
    /// ±[`WIN_BOUND`] a proven result.
    pub by_depth: Vec<i32>,
    /// Whether the value is final at every depth: the game ended, the tables proved it,
    /// or the search proved a win or loss.
    pub settled: bool,
}

impl MoveValue {
    /// Its raw value at root depth `depth` (from 1): the last one known when the value
    /// is settled; `None` beyond the depths its search completed.
    pub fn at(&self, depth: usize) -> Option<i32> {
        match self.by_depth.get(depth.checked_sub(1)?) {
            Some(&v) => Some(v),
            None if self.settled => self.by_depth.last().copied(),
            None => None,
        }
    }

    /// Whether it is a proven win for the solver.
    pub fn wins(&self) -> bool {
        self.settled && self.by_depth.last().is_some_and(|&v| v > WIN_BOUND)
    }
}

/// The judgement of one position: every legal move valued, the depth they are
/// compared at, and the only move if there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Every legal move, best first at `depth` (ties in move order).
    pub moves: Vec<MoveValue>,
    /// The root depth the moves are compared at (plies, at least 1).
    pub depth: usize,
    /// The cap of values, centi-seeds ([`crate::review::cap`]).
    pub cap: i32,
    /// The best move's capped value minus the second's, centi-seeds; 0 with one move.
    pub gap: i32,
    /// The best move and its goal, when the position is a puzzle by the criterion.
    pub only: Option<(Move, Goal)>,
}

impl Judgement {
    /// A move's capped value at `depth`.
    fn capped(&self, m: &MoveValue, depth: usize) -> i32 {
        m.at(depth).unwrap_or(0).clamp(-self.cap, self.cap)
    }

    /// The shallowest root depth from which the best move is strictly better than
    /// every other at every depth up to [`Judgement::depth`]: how far one must look to
    /// find it (1: the position right after it already shows it).
    pub fn found_at(&self) -> usize {
        let Some(best) = self.moves.first() else {
            return 1;
        };
        let mut from = self.depth;
        for d in (1..=self.depth).rev() {
            let b = self.capped(best, d);
            if self.moves[1..].iter().all(|m| self.capped(m, d) < b) {
                from = d;
            } else {
                break;
            }
        }
        from
    }
}

/// A puzzle found in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The line: solver moves at even indices, replies at odd ones; odd length.
    pub solution: Vec<Move>,
    /// What the first move achieves.
    pub goal: Goal,
    /// The ideas it trains, at least one (see [`themes`]).
    pub themes: Vec<Theme>,
    /// Difficulty, 600-2600 (see [`rating`]).
    pub rating: u16,
    /// The judgement of the start position.
    pub judgement: Judgement,
}

/// Why a stored line is not a puzzle by the finder's criterion ([`Finder::check`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// The line is empty or of even length.
    Shape,
    /// Move `index` of the line is illegal where it is played.
    Illegal(usize),
    /// At solver move `index`, the criterion finds no only move, or another one.
    NotOnly {
        /// The index in the line.
        index: usize,
        /// The finder's only move there, if any.
        found: Option<Move>,
    },
    /// The first move's goal differs from the stored one.
    Goal(Goal),
}

impl core::fmt::Display for CheckError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            CheckError::Shape => f.write_str("the line must have an odd number of moves"),
            CheckError::Illegal(i) => write!(f, "move {} of the line is illegal", i + 1),
            CheckError::NotOnly { index, found } => match found {
                Some(m) => write!(f, "at move {} the only move is {m}", index + 1),
                None => write!(f, "at move {} no move is the only one", index + 1),
            },
            CheckError::Goal(g) => write!(f, "the first move's goal is {g:?}"),
        }
    }
}

impl std::error::Error for CheckError {}

/// The finder: an [`Ai`] searching at fixed settings.
#[derive(Debug)]
pub struct Finder {
    ai: Ai,
    config: FinderConfig,
}

impl Finder {
    /// A finder with `config`; allocates its table.
    ///
    /// # Errors
    /// [`ConfigError::TableSize`] for a table size outside 1-4096 MiB.
    pub fn new(config: FinderConfig) -> Result<Finder, ConfigError> {
        let ai = Ai::new(SearchConfig {
            level: 5,
            ms_per_move: 0,
            tt_mb: config.tt_mb,
            seed: 0,
            max_nodes: Some(config.nodes),
            opening_plies: 0,
        })?;
        Ok(Finder { ai, config })
    }

    /// The settings.
    pub fn config(&self) -> &FinderConfig {
        &self.config
    }

    /// Values every legal move of `pos` (`history`: the game's earlier positions,
    /// oldest first, for K10/H10 repetition) within `nodes` per move, and judges the
    /// position by the criterion (see the module doc). On Hoyito 2x6 the endgame
    /// tables are built first if a search may read them (seconds, once per process),
    /// so that a judgement never depends on whether they were ready.
    pub fn judge_with(&mut self, pos: &Position, history: &[Position], nodes: u64) -> Judgement {
        let solver = pos.to_move();
        let cap = crate::review::cap(pos);
        let mut hist = history.to_vec();
        hist.push(*pos);
        let mut moves: Vec<MoveValue> = pos
            .children()
            .iter()
            .map(|(mv, child)| {
                let (by_depth, settled) = self.value(child, solver, &hist, nodes);
                MoveValue {
                    mv: *mv,
                    by_depth,
                    settled,
                }
            })
            .collect();
        let depth = common_depth(&moves);
        let mut j = Judgement {
            moves: Vec::new(),
            depth,
            cap,
            gap: 0,
            only: None,
        };
        moves.sort_by_key(|m| core::cmp::Reverse(j.capped(m, depth)));
        j.moves = moves;
        if j.moves.len() >= 2 {
            let (a, b) = (j.capped(&j.moves[0], depth), j.capped(&j.moves[1], depth));
            j.gap = a - b;
            if j.gap >= self.config.margin {
                let best = &j.moves[0];
                let goal = if best.wins() && !j.moves[1..].iter().any(MoveValue::wins) {
                    Goal::Win
                } else {
                    Goal::Seeds {
                        margin: u8::try_from(j.gap / seed_units(pos.variant())).unwrap_or(u8::MAX),
                    }
                };
                j.only = Some((best.mv, goal));
            }
        }
        j
    }

    /// [`Finder::judge_with`] at the configured budget.
    pub fn judge(&mut self, pos: &Position, history: &[Position]) -> Judgement {
        self.judge_with(pos, history, self.config.nodes)
    }

    /// The value for `solver` of `child`, a position a move of his leads to (its
    /// earlier positions in `hist`): its raw values by root depth, and whether they
    /// are settled (see [`MoveValue`]).
    fn value(
        &mut self,
        child: &Position,
        solver: Side,
        hist: &[Position],
        nodes: u64,
    ) -> (Vec<i32>, bool) {
        let settled = |v: i32| (vec![v], true);
        match child.outcome() {
            Outcome::Win { winner, .. } => {
                return settled(if winner == solver { WIN } else { -WIN });
            }
            Outcome::Draw { .. } => return settled(0),
            Outcome::Ongoing => {}
        }
        let view = |s: i32| if child.to_move() == solver { s } else { -s };
        let mut by_depth = vec![view(crate::evaluate(child))];
        if let Some(v) = table_value(child, solver) {
            // Depth 1 stays what the position shows; the tables' proof holds from
            // depth 2 on.
            by_depth.push(v);
            return (by_depth, true);
        }
        if crate::endgame::wanted(child, HOYITO_SEEDS) {
            crate::endgame::tables();
        }
        self.ai.reset();
        let limits = Limits {
            level: 5,
            depth: None,
            nodes: Some(nodes),
            movetime: None,
            stop: None,
        };
        let mut proven = false;
        let searched = self.ai.analyse(child, hist, &limits, &mut |it| {
            by_depth.push(view(it.score));
            proven = it.score.abs() > WIN_BOUND;
        });
        (by_depth, proven && searched.is_ok())
    }

    /// The opponent's reply in `pos` (his move): his search's best move, within the
    /// configured budget and a fresh table.
    fn reply(&mut self, pos: &Position, history: &[Position]) -> Option<Move> {
        if crate::endgame::wanted(pos, HOYITO_SEEDS) {
            crate::endgame::tables();
        }
        self.ai.reset();
        let limits = Limits {
            level: 5,
            depth: None,
            nodes: Some(self.config.nodes),
            movetime: None,
            stop: None,
        };
        self.ai
            .analyse(pos, history, &limits, &mut |_| {})
            .ok()
            .map(|r| r.mv)
    }

    /// Whether `pos` is a puzzle, and its line, themes and rating if it is. A quick
    /// look first (an eighth of the budget per move) drops the positions whose best
    /// move is not ahead by half the margin, which most are.
    pub fn find(&mut self, pos: &Position, history: &[Position]) -> Option<Found> {
        let quick = (self.config.nodes / 8).max(500);
        let first = self.judge_with(pos, history, quick);
        if first.moves.len() < 2 || first.gap < self.config.margin / 2 {
            return None;
        }
        let judgement = self.judge(pos, history);
        let (mv, goal) = judgement.only?;
        if !self.confirmed(pos, history, mv) {
            return None;
        }
        let solution = self.extend(pos, history, mv);
        let themes = themes(pos, &solution);
        if themes.is_empty() {
            return None;
        }
        let rating = rating(&judgement, solution.len());
        Some(Found {
            solution,
            goal,
            themes,
            rating,
            judgement,
        })
    }

    /// Whether `mv` is the only move of `pos` at [`FinderConfig::confirm_nodes`] too
    /// (true when there is no confirming budget).
    fn confirmed(&mut self, pos: &Position, history: &[Position], mv: Move) -> bool {
        let deeper = self.config.confirm_nodes;
        deeper == 0 || self.judge_with(pos, history, deeper).only.map(|o| o.0) == Some(mv)
    }

    /// The line from `pos` starting with the solver's only move `first`: replies and
    /// only moves while they last (see the module doc).
    fn extend(&mut self, pos: &Position, history: &[Position], first: Move) -> Vec<Move> {
        let solver = pos.to_move();
        let mut hist = history.to_vec();
        let mut line = vec![first];
        let mut at = *pos;
        let mut mv = first;
        while line.len() + 2 <= self.config.max_plies {
            let Ok(p1) = at.play(mv) else { break };
            if p1.outcome().is_over() || p1.to_move() == solver {
                break;
            }
            hist.push(at);
            let Some(reply) = self.reply(&p1, &hist) else {
                break;
            };
            let Ok(p2) = p1.play(reply) else { break };
            if p2.outcome().is_over() || p2.to_move() != solver {
                break;
            }
            hist.push(p1);
            let Some((next, _)) = self.judge(&p2, &hist).only else {
                break;
            };
            if !self.confirmed(&p2, &hist, next) {
                break;
            }
            line.extend([reply, next]);
            at = p2;
            mv = next;
        }
        line
    }

    /// Checks a stored puzzle by the criterion: every solver move of `line` from `pos`
    /// (`history` before it) is the only move at the configured budget, and the first
    /// move's goal is `goal` (when given).
    ///
    /// # Errors
    /// [`CheckError`], naming the first fault.
    pub fn check(
        &mut self,
        pos: &Position,
        history: &[Position],
        line: &[Move],
        goal: Option<Goal>,
    ) -> Result<(), CheckError> {
        if line.len().is_multiple_of(2) {
            return Err(CheckError::Shape);
        }
        let mut hist = history.to_vec();
        let mut at = *pos;
        for (index, &mv) in line.iter().enumerate() {
            if index % 2 == 0 {
                let only = self.judge(&at, &hist).only;
                if only.map(|o| o.0) != Some(mv) {
                    return Err(CheckError::NotOnly {
                        index,
                        found: only.map(|o| o.0),
                    });
                }
                if let (0, Some(want), Some((_, got))) = (index, goal, only) {
                    if want != got {
                        return Err(CheckError::Goal(got));
                    }
                }
            }
            hist.push(at);
            at = at.play(mv).map_err(|_| CheckError::Illegal(index))?;
        }
        Ok(())
    }
}

/// The depth the moves are compared at: the deepest every unsettled move's search
/// completed (a settled value holds at every depth); at least 1.
fn common_depth(moves: &[MoveValue]) -> usize {
    moves
        .iter()
        .filter(|m| !m.settled)
        .map(|m| m.by_depth.len())
        .min()
        .or_else(|| moves.iter().map(|m| m.by_depth.len()).max())
        .unwrap_or(1)
        .max(1)
}

/// The value for `solver` of `pos` by the Hoyito 2x6 endgame tables, when they hold it
/// and its net seeds are exact (H10 cannot change them): a proven win
/// (`WIN` less [`crate::endgame::TABLE_PLIES`]) when the final store difference is
/// positive, else that difference in centi-seeds (0 for a draw, below for a loss).
/// Builds the tables on first use.
fn table_value(pos: &Position, solver: Side) -> Option<i32> {
    if !crate::endgame::in_range(pos, HOYITO_SEEDS) {
        return None;
    }
    let t = crate::endgame::tables();
    let (lo, hi) = t.bounds(pos)?;
    if lo != hi {
        return None;
    }
    let me = pos.to_move();
    let diff = i32::from(pos.store(me)) - i32::from(pos.store(me.other())) + lo;
    let diff = if me == solver { diff } else { -diff };
    // Perfect play's result, seen from the solver.
    let result = match diff.signum() {
        1 => Perfect::Won,
        0 => Perfect::Drawn,
        _ => Perfect::Lost,
    };
    Some(match result {
        Perfect::Won => WIN - crate::endgame::TABLE_PLIES,
        _ => 100 * diff,
    })
}

#[cfg(test)]
mod tests;
