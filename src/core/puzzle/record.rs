//! A player's puzzles in a community (issue 32), one document
//! (`puzzle/COMMUNITY/USER`, [`crate::store::keys::DocKey::Puzzles`]) read and written
//! in the command's one batched read and one compare-and-swap: his puzzle rating per
//! game family, the puzzles he solved, failed or skipped, his streaks, and the puzzle
//! he has open.
//!
//! The rating is Glicko-2 (the `skillratings` crate, as the game ratings), one per
//! family (Katro, Hoyito) per community, as the game ratings are kept: a solve is a win
//! and a fail a loss against the puzzle, whose rating is the opponent's with the fixed
//! deviation [`PUZZLE_DEVIATION`]; each attempt is a rating period of its own, and the
//! player's deviation grows for the periods he sat out as his game rating's does
//! ([`crate::core::ratings::idle_deviation`]). A puzzle counts once per player: the
//! first attempt is rated, any later one changes nothing.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::core::ratings::{idle_deviation, idle_periods, Glicko};

/// The deviation a puzzle is rated with, as the opponent of its solver (Glicko scale):
/// a puzzle's rating is an estimate, but a firmer one than a new player's.
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// The volatility a puzzle is rated with (Glicko-2's default).
pub const PUZZLE_VOLATILITY: f64 = 0.06;

/// A player's puzzles in one community.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Puzzler {
    /// His puzzle rating per family (`katro`, `hoyito`), once he tried one.
    #[serde(default)]
    pub ratings: BTreeMap<String, PuzzleRating>,
    /// The puzzles he solved at his first attempt.
    #[serde(default)]
    pub solved: BTreeSet<String>,
    /// The puzzles he failed at his first attempt (or gave up after a move).
    #[serde(default)]
    pub failed: BTreeSet<String>,
    /// The puzzles he skipped before any move: not rated, and never rated after (he
    /// saw their solution).
    #[serde(default)]
    pub skipped: BTreeSet<String>,
    /// Rated puzzles solved in a row, now.
    #[serde(default)]
    pub streak: u32,
    /// The longest such run.
    #[serde(default)]
    pub best_streak: u32,
    /// His daily puzzles.
    #[serde(default)]
    pub daily: DailyRecord,
    /// The puzzle he has open, if any (one at a time per community).
    #[serde(default)]
    pub open: Option<Open>,
}

/// A player's daily puzzles: the streak of days solved.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DailyRecord {
    /// The last UTC day (days since the Unix epoch) whose daily puzzle he finished
    /// (solved or failed): it counts once a day.
    #[serde(default)]
    pub last_day: Option<u64>,
    /// The last day whose daily puzzle he solved.
    #[serde(default)]
    pub solved_day: Option<u64>,
    /// Days in a row whose daily puzzle he solved, ending with `solved_day`.
    #[serde(default)]
    pub streak: u32,
    /// The longest such run.
    #[serde(default)]
    pub best: u32,
}

impl DailyRecord {
    /// The streak as it stands on `today`: broken when neither today's nor yesterday's
    /// daily was solved.
    pub fn streak_on(&self, today: u64) -> u32 {
        match self.solved_day {
            Some(d) if d + 1 >= today => self.streak,
            _ => 0,
        }
    }
}

/// One family's puzzle rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRating {
    /// Rating (Glicko scale).
    pub rating: f64,
    /// Deviation after his last rated puzzle.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Rated puzzles solved and failed.
    pub solved_failed: [u32; 2],
    /// His last rated puzzle, milliseconds since the Unix epoch.
    pub last_ms: u64,
}

impl Default for PuzzleRating {
    /// A new solver: 1500, RD 350, volatility 0.06.
    fn default() -> PuzzleRating {
        let g = Glicko2Rating::new();
        PuzzleRating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            solved_failed: [0, 0],
            last_ms: 0,
        }
    }
}

impl PuzzleRating {
    /// This rating at `now_ms`: the deviation grown by the rating periods sat out.
    pub fn at(&self, now_ms: u64, glicko: Glicko) -> PuzzleRating {
        let periods = idle_periods(self.last_ms, now_ms, glicko.period_ms);
        PuzzleRating {
            deviation: idle_deviation(self.deviation, self.volatility, periods),
            ..self.clone()
        }
    }

    /// This rating (as at `now_ms`) after a puzzle rated `puzzle` was solved or failed:
    /// one Glicko-2 rating period against the puzzle ([`PUZZLE_DEVIATION`]).
    pub fn after(&self, puzzle: u16, solved: bool, now_ms: u64, glicko: Glicko) -> PuzzleRating {
        let me = self.at(now_ms, glicko);
        let cfg = Glicko2Config {
            tau: glicko.tau,
            ..Glicko2Config::new()
        };
        let opponent = Glicko2Rating {
            rating: f64::from(puzzle),
            deviation: PUZZLE_DEVIATION,
            volatility: PUZZLE_VOLATILITY,
        };
        let mine = Glicko2Rating {
            rating: me.rating,
            deviation: me.deviation,
            volatility: me.volatility,
        };
        let outcome = if solved {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        let (new, _) = glicko2(&mine, &opponent, &outcome, &cfg);
        let mut solved_failed = me.solved_failed;
        let k = usize::from(!solved);
        solved_failed[k] = solved_failed[k].saturating_add(1);
        PuzzleRating {
            rating: new.rating,
            deviation: new.deviation,
            volatility: new.volatility,
            solved_failed,
            last_ms: now_ms,
        }
    }
}

/// The puzzle a player has open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Open {
    /// The channel (of the document's community) it was given in: his moves there go
    /// to it.
    pub channel: String,
    /// The puzzle's id.
    pub id: String,
    /// The plies of its line played so far (even: his moves and the replies).
    pub ply: usize,
    /// Whether it counts for his rating (his first attempt at it, no hint taken).
    pub rated: bool,
    /// The UTC day whose daily puzzle it is, if it was given as one.
    #[serde(default)]
    pub daily: Option<u64>,
}

impl Puzzler {
    /// Whether he tried the puzzle `id` before (solved, failed or skipped): it is not
    /// rated again.
    pub fn seen(&self, id: &str) -> bool {
        self.solved.contains(id) || self.failed.contains(id) || self.skipped.contains(id)
    }

    /// His rating in `family` at `now_ms` (a new solver's when he has none).
    pub fn rating(&self, family: &str, now_ms: u64, glicko: Glicko) -> PuzzleRating {
        self.ratings
            .get(family)
            .map_or_else(PuzzleRating::default, |r| r.at(now_ms, glicko))
    }
}

/// What finishing a puzzle did to the record.
#[derive(Clone, Debug, PartialEq)]
pub struct Settled {
    /// The rating before and after, when the attempt was rated.
    pub rating: Option<(PuzzleRating, PuzzleRating)>,
    /// The streak after it.
    pub streak: u32,
    /// The daily streak after it, when it was the day's first daily attempt.
    pub daily_streak: Option<u32>,
}

/// Closes `p`'s open puzzle `open` (of `family`, rated `puzzle_rating`), solved or not,
/// at `now_ms`: the rating, the streaks and the lists of puzzles as a finished attempt
/// leaves them (see the module's docs).
pub fn settle(
    p: &mut Puzzler,
    open: &Open,
    (family, puzzle_rating): (&str, u16),
    solved: bool,
    (now_ms, glicko): (u64, Glicko),
) -> Settled {
    p.open = None;
    let rated = open.rated && !p.seen(&open.id);
    // An attempt that stopped counting (a hint) leaves the puzzle seen, never rated.
    if !open.rated && !p.seen(&open.id) {
        p.skipped.insert(open.id.clone());
    }
    let mut out = Settled {
        rating: None,
        streak: p.streak,
        daily_streak: None,
    };
    if rated {
        let before = p.rating(family, now_ms, glicko);
        let after = before.after(puzzle_rating, solved, now_ms, glicko);
        p.ratings.insert(family.to_string(), after.clone());
        out.rating = Some((before, after));
        if solved {
            p.solved.insert(open.id.clone());
            p.streak = p.streak.saturating_add(1);
            p.best_streak = p.best_streak.max(p.streak);
        } else {
            p.failed.insert(open.id.clone());
            p.streak = 0;
        }
        out.streak = p.streak;
    }
    if let Some(day) = open.daily.filter(|d| p.daily.last_day != Some(*d)) {
        let d = &mut p.daily;
        d.last_day = Some(day);
        if solved {
            d.streak = match d.solved_day {
                Some(prev) if prev + 1 == day => d.streak.saturating_add(1),
                _ => 1,
            };
            d.solved_day = Some(day);
            d.best = d.best.max(d.streak);
        } else {
            d.streak = 0;
        }
        out.daily_streak = Some(d.streak);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GLICKO: Glicko = Glicko {
        tau: 0.5,
        period_ms: 7 * 86_400_000,
    };

    fn open(id: &str, daily: Option<u64>) -> Open {
        Open {
            channel: "c".into(),
            id: id.into(),
            ply: 0,
            rated: true,
            daily,
        }
    }

    /// The daily streak grows on consecutive days, counts a day once, and breaks on a
    /// fail or a day missed; a puzzle is rated at its first attempt only.
    #[test]
    fn streaks_and_first_attempts() {
        let mut p = Puzzler::default();
        let day = |d: u64| (d * 86_400_000, GLICKO);
        let s = settle(&mut p, &open("a", Some(10)), ("katro", 1500), true, day(10));
        assert_eq!((s.streak, s.daily_streak), (1, Some(1)));
        assert!(s.rating.is_some());
        // The same day's daily again: not rated, not counted for the day.
        let s = settle(&mut p, &open("a", Some(10)), ("katro", 1500), true, day(10));
        assert_eq!((s.rating, s.daily_streak), (None, None));
        let s = settle(&mut p, &open("b", Some(11)), ("katro", 1500), true, day(11));
        assert_eq!((s.streak, s.daily_streak), (2, Some(2)));
        assert_eq!(p.daily.streak_on(12), 2);
        assert_eq!(p.daily.streak_on(13), 0, "a day missed breaks it");
        let s = settle(&mut p, &open("c", Some(13)), ("katro", 1500), true, day(13));
        assert_eq!(s.daily_streak, Some(1));
        let s = settle(
            &mut p,
            &open("d", Some(14)),
            ("katro", 1500),
            false,
            day(14),
        );
        assert_eq!((s.streak, s.daily_streak), (0, Some(0)));
        assert_eq!((p.best_streak, p.daily.best), (3, 2));
        assert_eq!(p.ratings["katro"].solved_failed, [3, 1]);
        assert_eq!(p.solved.len() + p.failed.len(), 4);
    }

    /// A solve against a puzzle rated far above gains more than one far below.
    #[test]
    fn harder_puzzles_pay_more() {
        let new = PuzzleRating::default();
        let hard = new.after(2200, true, 1, GLICKO);
        let easy = new.after(800, true, 1, GLICKO);
        assert!(hard.rating > easy.rating && easy.rating > 1500.0);
        assert!(new.after(800, false, 1, GLICKO).rating < 1500.0);
    }
}
