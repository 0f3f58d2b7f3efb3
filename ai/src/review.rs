//! Game analysis (issue 15 item 2): every move of a game evaluated against the best
//! one, the seeds it lost, inaccuracies, mistakes and blunders, and an accuracy figure
//! per player.
//!
//! Each position of the game is searched once, at level 5 within a node budget: its
//! value for the player to move is the best move's score (the chart). A move's value is
//! the value of the position it led to, seen from the mover (negated when the opponent
//! moves next; kept when the opponent had to pass, H3). When the search's best move was
//! not played, the position it leads to is searched too, with the same budget, so that
//! the two moves are valued alike: a search's score swings with its depth (a deeper
//! look sees one more sowing), and a position's score against its child's would call
//! even the best move a mistake. The seeds a move lost are the best move's value minus
//! the played move's, never below zero; the best move itself loses none. Values are
//! capped at ± half the seeds in play ([`cap`]): a proven win counts as that lead, so
//! that throwing it away is a blunder.

use mancala_rules::{Game, Move, Outcome, Position, Side};

use crate::endgame::Perfect;
use crate::{Ai, ConfigError, Limits, SearchConfig};

/// The cap of a value in the game starting at `start`, centi-seeds: half the seeds in
/// play (on the board and in the stores), at least one seed. A proven win or loss counts
/// as this lead.
pub fn cap(start: &Position) -> i32 {
    let seeds = start.board_total()
        + u32::from(start.store(Side::South))
        + u32::from(start.store(Side::North));
    i32::try_from(seeds * 50).unwrap_or(i32::MAX).max(100)
}

/// How bad a move was, by the seeds it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// The best move, or within one seed of it.
    Good,
    /// Lost 1 to 3 seeds.
    Inaccuracy,
    /// Lost 3 to 6 seeds.
    Mistake,
    /// Lost 6 seeds or more (a proven win thrown away, a proven loss walked into).
    Blunder,
}

impl Mark {
    /// The mark of a move that lost `lost` centi-seeds.
    pub fn of(lost: i32) -> Mark {
        match lost {
            l if l >= 600 => Mark::Blunder,
            l if l >= 300 => Mark::Mistake,
            l if l >= 100 => Mark::Inaccuracy,
            _ => Mark::Good,
        }
    }

    /// Its name: `good`, `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// One move of the game, evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyReview {
    /// Its number, from 1.
    pub ply: usize,
    /// Who made it.
    pub mover: Side,
    /// The move played.
    pub played: Move,
    /// The search's best move in its position.
    pub best: Move,
    /// The search's line from the position before the move: `best`, then the replies
    /// it expects (at most 32 moves).
    pub best_line: Vec<Move>,
    /// The search's line from the position after the move: the reply the played move
    /// allows, then the moves expected; empty when the move ended the game.
    pub reply_line: Vec<Move>,
    /// The position's value for the mover before the move, centi-seeds, capped at
    /// ±[`cap`]: the better of the played move's value and the best move's (from a
    /// search of the position it leads to); South's view of it is the chart's point
    /// before the move.
    pub value_before: i32,
    /// The played move's value for the mover, centi-seeds, capped: the value of the
    /// position it led to (the chart's next point).
    pub value_played: i32,
    /// What `value_before` proves for the mover (a win in N plies, a draw...), if
    /// anything: shown instead of a value pinned at the cap.
    pub proven_before: Option<Proven>,
    /// What `value_played` proves for the mover, if anything.
    pub proven_played: Option<Proven>,
    /// Centi-seeds lost against the best move: `value_before - value_played`, at least
    /// 0; 0 for the best move: exactly how far the chart falls for the mover.
    pub lost: i32,
    /// Its mark.
    pub mark: Mark,
    /// The endgame tables' result with perfect play of the position before the move,
    /// for the mover (`!analyze`: "won/drawn/lost with perfect play"); `None` outside
    /// the tables or where repetition decides (issue 15 item 4, see
    /// [`crate::endgame`]).
    pub perfect_before: Option<Perfect>,
    /// The same of the position after the move, still for the mover: a move from
    /// `Won` to `Drawn` threw the win away.
    pub perfect_after: Option<Perfect>,
}

/// A whole game evaluated.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview {
    /// The moves, in order.
    pub plies: Vec<PlyReview>,
    /// South's view of each position from the start to the end (one more than the
    /// moves), centi-seeds, capped: for a chart. Point `i + 1` is point `i` less what
    /// move `i + 1` lost, from its mover's view.
    pub south_values: Vec<i32>,
    /// What each of those values proves for South (a win in N plies, a draw...), if
    /// anything: the chart marks these points and the text names the result.
    pub south_proven: Vec<Option<Proven>>,
    /// Accuracy of South and North, 0 to 100 ([`accuracy`]); 100 for a player who made
    /// no move.
    pub accuracy: [f64; 2],
}

/// Per-move accuracy, 0 to 100, from the seeds lost: 100 for the best move, about 78
/// for a move losing one seed, 47 for three, 22 for six (`100 * exp(-seeds / 4)`). A
/// player's accuracy is the mean over his moves.
pub fn accuracy(lost: i32) -> f64 {
    100.0 * (-f64::from(lost.max(0)) / 400.0).exp()
}

/// What the endgame tables say of `pos` (issue 15 item 4), for `!analyze` to print
/// "won/drawn/lost with perfect play" ([`crate::endgame::Verdict::describe`]) and the
/// best move: `None` outside the tables (see [`crate::endgame::perfect`]). Builds the
/// tables on first use (seconds).
pub fn perfect_play(pos: &Position) -> Option<crate::endgame::Verdict> {
    crate::endgame::perfect(pos)
}

/// Reviews `game` (any game, over or not), searching each position within
/// `nodes_per_position` at level 5 with a table of `tt_mb` MiB; `progress(done, total)`
/// is called after each position.
///
/// # Errors
/// A refused table size ([`ConfigError::TableSize`]).
pub fn review(
    game: &Game,
    nodes_per_position: u64,
    tt_mb: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<GameReview, ConfigError> {
    let mut ai = Ai::new(SearchConfig {
        level: 5,
        ms_per_move: 0,
        tt_mb,
        seed: 0,
        max_nodes: Some(nodes_per_position),
        opening_plies: 0,
    })?;
    Ok(review_with(&mut ai, game, nodes_per_position, progress))
}

/// As [`review`], with `ai` (a searcher of a pool): its table is cleared first, so that
/// the review of a game is the same whichever searcher made it and whatever it searched
/// before; its configuration is left as it was, the limits are level 5 and
/// `nodes_per_position`.
pub fn review_with(
    ai: &mut Ai,
    game: &Game,
    nodes_per_position: u64,
    progress: &mut dyn FnMut(usize, usize),
) -> GameReview {
    ai.reset();
    let limits = Limits {
        level: 5,
        depth: None,
        nodes: Some(nodes_per_position),
        movetime: None,
        stop: None,
    };
    let mut replay = Game::from_position(game.start());
    let mut history = Vec::with_capacity(game.moves().len() + 1);
    let mut found: Vec<Searched> = Vec::new();
    let total = game.moves().len() + 1;
    for i in 0..total {
        let pos = replay.position();
        let over = replay.outcome().is_over();
        let here = search(ai, &pos, over, &history, &limits);
        let best_child = match (here.line.first(), game.moves().get(i)) {
            (Some(&b), Some(&played)) if b != played => {
                Some(child_value(ai, &pos, b, &mut history, &limits))
            }
            _ => None,
        };
        found.push(Searched {
            here,
            best_child,
            pos,
        });
        progress(i + 1, total);
        if let Some(&mv) = game.moves().get(i) {
            history.push(pos);
            // The game's moves were legal when played, and replay identically.
            if replay.advance(mv).is_err() {
                break;
            }
        }
    }
    summarise(game, &found)
}

/// A value for the player to move of a position: the search's raw score (centi-seeds,
/// or beyond ±[`WIN_BOUND`](crate::WIN_BOUND) a proven result [`crate::WIN`] minus its
/// distance) and whether the tables or the game's end prove it a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Value {
    raw: i32,
    drawn: bool,
}

impl Value {
    /// The value seen by the player who moved into the position (`mover`): the same when
    /// he moves again (the opponent passed, H3), else negated, a proven result one ply
    /// further away.
    fn for_mover(self, mover: Side, next: &Position) -> Value {
        let further = |r: i32| {
            if r > crate::WIN_BOUND {
                r - 1
            } else if r < -crate::WIN_BOUND {
                r + 1
            } else {
                r
            }
        };
        let raw = further(self.raw);
        Value {
            raw: if next.to_move() == mover { raw } else { -raw },
            drawn: self.drawn,
        }
    }

    /// What the value proves, if anything.
    fn proven(self) -> Option<Proven> {
        if self.raw > crate::WIN_BOUND {
            Some(Proven::Win(distance(self.raw)))
        } else if self.raw < -crate::WIN_BOUND {
            Some(Proven::Loss(distance(-self.raw)))
        } else if self.drawn {
            Some(Proven::Draw)
        } else {
            None
        }
    }
}

/// The plies to a proven result of raw score `raw` (> WIN_BOUND): `None` when the
/// endgame tables proved it (they know the result, not the distance).
fn distance(raw: i32) -> Option<u32> {
    let plies = crate::WIN.abs_diff(raw);
    (plies < crate::endgame::TABLE_PLIES.unsigned_abs()).then_some(plies)
}

/// A result a value proves, for the player it is seen from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proven {
    /// He wins: in this many plies at most when the search counted them, `None` when
    /// the endgame tables proved it.
    Win(Option<u32>),
    /// A draw with perfect play (the endgame tables), or the game ended drawn.
    Draw,
    /// He loses: in this many plies at least when the search counted them.
    Loss(Option<u32>),
}

impl Proven {
    /// The same result seen from the other player.
    pub fn flipped(self) -> Proven {
        match self {
            Proven::Win(n) => Proven::Loss(n),
            Proven::Draw => Proven::Draw,
            Proven::Loss(n) => Proven::Win(n),
        }
    }
}

/// One position's search: its value for the player to move, the best line, and the
/// tables' result with perfect play.
struct Search {
    value: Value,
    /// The best move and the replies expected; empty once the game is over.
    line: Vec<Move>,
    perfect: Option<Perfect>,
}

/// What the review found of one position of the game.
struct Searched {
    /// The position's own search.
    here: Search,
    /// When the game's move here was not the search's best: the best move's value for
    /// the mover, from a search of the position it leads to ([`child_value`]).
    best_child: Option<Value>,
    /// The position.
    pos: Position,
}

/// Searches `pos` within `limits` (`history`: the positions before it); a finished
/// position (`over`) is its result. The endgame tables' verdict is read when they are
/// built or loaded already (the bot warms them up at start; a review never waits).
fn search(
    ai: &mut Ai,
    pos: &Position,
    over: bool,
    history: &[Position],
    limits: &Limits,
) -> Search {
    if over {
        let (raw, drawn) = match pos.outcome() {
            Outcome::Win { winner, .. } if winner == pos.to_move() => (crate::WIN, false),
            Outcome::Win { .. } => (-crate::WIN, false),
            _ => (0, true),
        };
        return Search {
            value: Value { raw, drawn },
            line: Vec::new(),
            perfect: None,
        };
    }
    let perfect = crate::endgame::ready_verdict(pos).and_then(|v| v.result);
    let mut line = Vec::new();
    let raw = match ai.analyse(pos, history, limits, &mut |it| line.clone_from(&it.pv)) {
        Ok(found) => {
            if line.first() != Some(&found.mv) {
                line = vec![found.mv];
            }
            found.score
        }
        Err(_) => 0,
    };
    Search {
        value: Value {
            raw,
            drawn: perfect == Some(Perfect::Drawn),
        },
        line,
        perfect,
    }
}

/// The value of `mv` in `pos` for its mover: the position it leads to, searched within
/// `limits` (with `history` and `pos` before it), seen from the mover.
fn child_value(
    ai: &mut Ai,
    pos: &Position,
    mv: Move,
    history: &mut Vec<Position>,
    limits: &Limits,
) -> Value {
    let Ok(next) = pos.play(mv) else {
        // The search's own move is legal; this is never reached.
        return Value {
            raw: -crate::WIN,
            drawn: false,
        };
    };
    history.push(*pos);
    let found = search(ai, &next, next.outcome().is_over(), history, limits);
    history.pop();
    found.value.for_mover(pos.to_move(), &next)
}

/// The review from the searches, by backward induction: the last position's value is
/// its result (or its search while the game goes on); each earlier position's value is
/// the better for its mover of the played move's (the next position's value) and the
/// search's best move's (its own search). A move's loss is the difference, so the
/// chart ([`GameReview::south_values`]) drops by exactly what each move lost, and a
/// blunder is where the chart falls (issue 32).
fn summarise(game: &Game, found: &[Searched]) -> GameReview {
    let cap = cap(&game.start());
    let n = found.len();
    let mut values = vec![
        Value {
            raw: 0,
            drawn: false
        };
        n
    ];
    if let Some(last) = found.last() {
        values[n - 1] = last.here.value;
    }
    let mut plies = Vec::new();
    for i in (0..n.saturating_sub(1)).rev() {
        let (here, next) = (&found[i], &found[i + 1]);
        let mover = here.pos.to_move();
        let played = values[i + 1].for_mover(mover, &next.pos);
        let best = here
            .best_child
            .filter(|b| b.raw > played.raw)
            .unwrap_or(played);
        values[i] = best;
        let value_before = best.raw.clamp(-cap, cap);
        let value_played = played.raw.clamp(-cap, cap);
        let lost = value_before - value_played;
        plies.push(PlyReview {
            ply: i + 1,
            mover,
            played: game.moves()[i],
            best: here.here.line.first().copied().unwrap_or(game.moves()[i]),
            best_line: here.here.line.clone(),
            reply_line: next.here.line.clone(),
            value_before,
            value_played,
            proven_before: best.proven(),
            proven_played: played.proven(),
            lost,
            mark: Mark::of(lost),
            perfect_before: here.here.perfect,
            perfect_after: if next.pos.to_move() == mover {
                next.here.perfect
            } else {
                next.here.perfect.map(Perfect::flipped)
            },
        });
    }
    plies.reverse();
    let mut sums = [(0.0f64, 0usize); 2];
    for p in &plies {
        let s = &mut sums[p.mover.index()];
        s.0 += accuracy(p.lost);
        s.1 += 1;
    }
    let south = |i: usize, v: i32| {
        if found[i].pos.to_move() == Side::South {
            v
        } else {
            -v
        }
    };
    let south_values = (0..n)
        .map(|i| south(i, values[i].raw.clamp(-cap, cap)))
        .collect();
    let south_proven = (0..n)
        .map(|i| {
            let p = values[i].proven()?;
            Some(if found[i].pos.to_move() == Side::South {
                p
            } else {
                p.flipped()
            })
        })
        .collect();
    let mean = |(sum, n): (f64, usize)| if n == 0 { 100.0 } else { sum / n as f64 };
    GameReview {
        plies,
        south_values,
        south_proven,
        accuracy: [mean(sums[0]), mean(sums[1])],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;

    #[test]
    fn marks_and_accuracy_follow_the_seeds_lost() {
        assert_eq!(Mark::of(0), Mark::Good);
        assert_eq!(Mark::of(99), Mark::Good);
        assert_eq!(Mark::of(100), Mark::Inaccuracy);
        assert_eq!(Mark::of(300), Mark::Mistake);
        assert_eq!(Mark::of(600), Mark::Blunder);
        assert_eq!(Mark::of(i32::MAX), Mark::Blunder);
        assert!((accuracy(0) - 100.0).abs() < 1e-9);
        assert!((accuracy(100) - 77.88).abs() < 0.01);
        assert!((accuracy(600) - 22.31).abs() < 0.01);
        assert!((accuracy(-50) - 100.0).abs() < 1e-9);
    }

    /// K7 (the position of `katro_k7_takes_the_big_capture`): `a1-` captures 18 seeds,
    /// every other move nothing, leaving South 3 seeds against 29. Playing `d1-` is a
    /// blunder with `a1-` as the best move; playing `a1-` loses nothing.
    #[test]
    fn the_big_capture_missed_is_a_blunder_and_taken_is_perfect() {
        let pos: Position = "katro:4x4/1,0,0,1/1,0,0,0/8,0,0,0/5,5,5,6 s"
            .parse()
            .unwrap();
        let mv = |m: &str| Move::parse(m, pos.variant()).unwrap();
        let mut taken = Game::from_position(pos);
        taken.play(mv("a1-")).unwrap();
        let r = review(&taken, 20_000, 1, &mut |_, _| {}).unwrap();
        let p = &r.plies[0];
        assert_eq!(
            (p.mark, p.lost, p.best),
            (Mark::Good, 0, mv("a1-")),
            "{r:?}"
        );
        assert!((r.accuracy[0] - 100.0).abs() < 1e-9);
        let mut missed = Game::from_position(pos);
        missed.play(mv("d1-")).unwrap();
        let r = review(&missed, 20_000, 1, &mut |_, _| {}).unwrap();
        let p = &r.plies[0];
        assert_eq!(
            (p.mark, p.best, p.played),
            (Mark::Blunder, mv("a1-"), mv("d1-"))
        );
        assert!(p.lost >= 600 && r.accuracy[0] < 25.0, "{p:?}");
        assert_eq!(r.accuracy[1], 100.0, "North made no move");
        // South's view falls with the blunder.
        assert!(
            r.south_values[1] < r.south_values[0] - 600,
            "{:?}",
            r.south_values
        );
    }

    /// A game of the reviewer's own choices: one review per position, values within the
    /// cap, accuracies within 0 to 100.
    #[test]
    fn every_position_is_reviewed_and_values_stay_capped() {
        let budget = 3_000;
        let mut ai = Ai::new(SearchConfig {
            level: 5,
            ms_per_move: 0,
            tt_mb: 1,
            seed: 0,
            max_nodes: Some(budget),
            opening_plies: 0,
        })
        .unwrap();
        let mut game = Game::new(Variant::katro(4, 4).unwrap());
        for _ in 0..8 {
            let Some(found) = ai.choose_in_game(&game) else {
                break;
            };
            game.play(found.mv).unwrap();
        }
        let mut calls = 0;
        let r = review(&game, budget, 1, &mut |done, total| {
            calls += 1;
            assert!(done <= total);
        })
        .unwrap();
        assert_eq!(calls, game.moves().len() + 1);
        assert_eq!(r.plies.len(), game.moves().len());
        assert_eq!(r.south_values.len(), game.moves().len() + 1);
        let cap = cap(&game.start());
        assert_eq!(cap, 16 * 100, "half of Katro 4x4's 32 seeds");
        for p in &r.plies {
            assert!(p.lost >= 0 && p.value_before.abs() <= cap, "{p:?}");
            assert_eq!(p.lost, p.value_before - p.value_played, "{p:?}");
        }
        assert!(r.accuracy.iter().all(|a| (0.0..=100.0).contains(a)));
    }

    /// K1-K7, from the 6x6 start: the search's own best move, played, loses nothing and
    /// is good, although a search of the start and one of the position after the move
    /// (a ply deeper) score it differently. So does every move of a game the reviewer
    /// plays itself at the same budget; a move other than the best loses what the best
    /// move's own search says it is worth more.
    #[test]
    fn the_best_move_played_loses_nothing() {
        let budget = 100_000;
        let start = Position::new(Variant::KATRO);
        let mut probe = Ai::new(SearchConfig {
            level: 5,
            ms_per_move: 0,
            tt_mb: 16,
            seed: 0,
            max_nodes: Some(budget),
            opening_plies: 0,
        })
        .unwrap();
        let limits = Limits {
            level: 5,
            depth: None,
            nodes: Some(budget),
            movetime: None,
            stop: None,
        };
        let best = probe.analyse(&start, &[], &limits, &mut |_| {}).unwrap();
        let mut game = Game::from_position(start);
        game.play(best.mv).unwrap();
        let r = review(&game, budget, 16, &mut |_, _| {}).unwrap();
        let p = &r.plies[0];
        assert_eq!(p.best, best.mv, "the review's search is the probe's");
        assert_eq!((p.lost, p.mark), (0, Mark::Good), "{p:?}");
        assert_eq!(p.value_before, p.value_played);
        // Another opening move: valued by the best move's own search, never below 0.
        let other = start
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| m != best.mv)
            .unwrap();
        let mut game = Game::from_position(start);
        game.play(other).unwrap();
        let r = review(&game, budget, 16, &mut |_, _| {}).unwrap();
        let p = &r.plies[0];
        assert_eq!((p.best, p.played), (best.mv, other));
        assert_eq!(p.lost, (p.value_before - p.value_played).max(0), "{p:?}");
    }

    /// Issue 32: the chart and the marks come from the same values. Over a game of
    /// random and searched moves, each point of South's chart is the one before less
    /// what the move lost (from its mover's view), and the game's end is a proven
    /// result, not a value pinned at the cap.
    #[test]
    fn the_chart_falls_by_what_each_move_lost() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let mut ai = Ai::new(SearchConfig {
            level: 3,
            ms_per_move: 0,
            tt_mb: 1,
            seed: 0,
            max_nodes: Some(2_000),
            opening_plies: 0,
        })
        .unwrap();
        let mut game = Game::new(Variant::katro(4, 4).unwrap());
        while !game.outcome().is_over() && game.moves().len() < 60 {
            let mv = if rng.gen_bool(0.4) {
                let legal = game.position().legal_moves();
                legal[rng.gen_range(0..legal.len())]
            } else {
                ai.choose_in_game(&game).unwrap().mv
            };
            game.play(mv).unwrap();
        }
        assert!(game.outcome().is_over(), "{} plies", game.moves().len());
        let r = review(&game, 2_000, 1, &mut |_, _| {}).unwrap();
        let v = &r.south_values;
        let mut marked = 0;
        for p in &r.plies {
            let fall = v[p.ply - 1] - v[p.ply];
            let fall = if p.mover == Side::South { fall } else { -fall };
            assert_eq!(fall, p.lost, "{p:?}");
            assert_eq!(p.lost, p.value_before - p.value_played);
            marked += usize::from(p.mark > Mark::Good);
        }
        assert!(marked > 0, "random moves lose seeds somewhere");
        let winner = game.outcome().winner().unwrap();
        let want = if winner == Side::South {
            Proven::Win(Some(0))
        } else {
            Proven::Loss(Some(0))
        };
        assert_eq!(r.south_proven.last(), Some(&Some(want)));
        assert_eq!(r.south_proven.len(), v.len());
        // The last move: it ended the game, a win in one ply for its mover.
        let last = r.plies.last().unwrap();
        if last.mover == winner {
            assert_eq!(last.proven_played, Some(Proven::Win(Some(1))), "{last:?}");
        }
    }
}
