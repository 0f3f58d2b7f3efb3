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
    /// The best move's value for the mover, centi-seeds, capped at ±[`cap`]: from a
    /// search of the position it leads to, like `value_played` (the same when the best
    /// move was played; never below `value_played`).
    pub value_before: i32,
    /// The played move's value for the mover, centi-seeds, capped.
    pub value_played: i32,
    /// Centi-seeds lost against the best move: `value_before - value_played`, at least 0;
    /// 0 for the best move.
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
    /// moves), centi-seeds, capped: for a chart.
    pub south_values: Vec<i32>,
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

/// The value of a finished position for its player to move: `cap` for a win, `-cap`
/// for a loss, 0 for a draw.
fn final_value(pos: &Position, cap: i32) -> i32 {
    match pos.outcome() {
        Outcome::Win { winner, .. } if winner == pos.to_move() => cap,
        Outcome::Win { .. } => -cap,
        _ => 0,
    }
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

/// As [`review`], with `ai`'s table (a searcher of a pool); its configuration is left
/// as it was, the limits are level 5 and `nodes_per_position`.
pub fn review_with(
    ai: &mut Ai,
    game: &Game,
    nodes_per_position: u64,
    progress: &mut dyn FnMut(usize, usize),
) -> GameReview {
    let limits = Limits {
        level: 5,
        depth: None,
        nodes: Some(nodes_per_position),
        movetime: None,
        stop: None,
    };
    let cap = cap(&game.start());
    let mut replay = Game::from_position(game.start());
    let mut history = Vec::with_capacity(game.moves().len() + 1);
    let mut values: Vec<Searched> = Vec::new();
    let total = game.moves().len() + 1;
    for i in 0..total {
        let pos = replay.position();
        // Endgame tables (issue 15 item 4), when they are built or loaded already (the
        // bot warms them up at start; a review never waits for a build): the search
        // then scores what they prove exactly.
        let perfect = if replay.outcome().is_over() {
            None
        } else {
            crate::endgame::ready_verdict(&pos).and_then(|v| v.result)
        };
        let over = replay.outcome().is_over();
        let (value, best) = position_value(ai, &pos, over, &history, &limits, cap);
        let best_value = match (best, game.moves().get(i)) {
            (Some(b), Some(&played)) if b != played => {
                Some(move_value(ai, &pos, b, &mut history, &limits, cap))
            }
            _ => None,
        };
        values.push(Searched {
            value,
            best,
            pos,
            perfect,
            best_value,
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
    summarise(game, &values)
}

/// What the review found of one position of the game.
struct Searched {
    /// Its value for the player to move (the best move's score), centi-seeds, capped.
    value: i32,
    /// The search's best move; `None` once the game is over.
    best: Option<Move>,
    /// The position.
    pos: Position,
    /// Its result with perfect play, from the endgame tables.
    perfect: Option<Perfect>,
    /// When the game's move here was not `best`: `best`'s value for the mover, from a
    /// search of the position it leads to ([`move_value`]).
    best_value: Option<i32>,
}

/// The value of `pos` for its player to move, centi-seeds, capped at `cap`, and the
/// search's best move there: the result when the game is `over` there, else a search
/// within `limits` (`history`: the positions before it).
fn position_value(
    ai: &mut Ai,
    pos: &Position,
    over: bool,
    history: &[Position],
    limits: &Limits,
    cap: i32,
) -> (i32, Option<Move>) {
    if over {
        return (final_value(pos, cap), None);
    }
    match ai.analyse(pos, history, limits, &mut |_| {}) {
        Ok(found) => (found.score.clamp(-cap, cap), Some(found.mv)),
        Err(_) => (final_value(pos, cap), None),
    }
}

/// `value`, the value of `next` for its player to move, seen from `mover`, who moved
/// into it: negated when the opponent moves next, kept when he had to pass (H3).
fn for_mover(value: i32, mover: Side, next: &Position) -> i32 {
    if next.to_move() == mover {
        value
    } else {
        -value
    }
}

/// The value of `mv` in `pos` for its mover, centi-seeds, capped at `cap`: the position
/// it leads to, searched within `limits` (with `history` and `pos` before it), seen from
/// the mover, as [`summarise`] values the played move.
fn move_value(
    ai: &mut Ai,
    pos: &Position,
    mv: Move,
    history: &mut Vec<Position>,
    limits: &Limits,
    cap: i32,
) -> i32 {
    let Ok(next) = pos.play(mv) else {
        return -cap; // the search's own move is legal; this is never reached
    };
    history.push(*pos);
    let (value, _) = position_value(ai, &next, next.outcome().is_over(), history, limits, cap);
    history.pop();
    for_mover(value, pos.to_move(), &next)
}

/// The review from the value of each position.
fn summarise(game: &Game, values: &[Searched]) -> GameReview {
    let mut plies = Vec::new();
    let mut sums = [(0.0f64, 0usize); 2];
    for (i, &played) in game.moves().iter().enumerate() {
        let (Some(here), Some(next)) = (values.get(i), values.get(i + 1)) else {
            break;
        };
        let mover = here.pos.to_move();
        let value_played = for_mover(next.value, mover, &next.pos);
        let value_best = here.best_value.unwrap_or(value_played);
        let lost = (value_best - value_played).max(0);
        let s = &mut sums[mover.index()];
        s.0 += accuracy(lost);
        s.1 += 1;
        plies.push(PlyReview {
            ply: i + 1,
            mover,
            played,
            best: here.best.unwrap_or(played),
            value_before: value_best.max(value_played),
            value_played,
            lost,
            mark: Mark::of(lost),
            perfect_before: here.perfect,
            perfect_after: if next.pos.to_move() == mover {
                next.perfect
            } else {
                next.perfect.map(Perfect::flipped)
            },
        });
    }
    let south_values = values
        .iter()
        .map(|s| {
            if s.pos.to_move() == Side::South {
                s.value
            } else {
                -s.value
            }
        })
        .collect();
    let mean = |(sum, n): (f64, usize)| if n == 0 { 100.0 } else { sum / n as f64 };
    GameReview {
        plies,
        south_values,
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
}
