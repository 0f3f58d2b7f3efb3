//! Knockouts: the bracket seeded by rating, who advances from a board, and the rule
//! that settles a drawn game (chosen when the tournament is created). Pure: the core
//! opens the games a board still needs and announces what the rule did
//! ([`Tournament::tie_step`]).
//!
//! A knockout board never advances anyone without a won game or the announced rule: a
//! drawn game either leaves the board open for its next game or gives it to the higher
//! seed under the rule; nothing is decided silently.

use super::engine::{Format, KnockoutTie, Pairing, Phase, Res, Tournament};
use super::tables::bracket;

/// Most games on one board under [`KnockoutTie::Rematch`]: the game, the second game
/// with the sides swapped, then three deciders.
pub const MAX_BOARD_GAMES: usize = 5;

/// The shortest time per move of a decider: one hour, in milliseconds.
const DECIDER_MIN_MS: u64 = 3_600_000;

impl KnockoutTie {
    /// The word that chooses it in `!tournament new`: `rematch`, `seed`.
    pub fn word(self) -> &'static str {
        match self {
            KnockoutTie::Rematch => "rematch",
            KnockoutTie::Seed => "seed",
        }
    }

    /// The rule as `!tournament info` and the creation reply state it.
    pub fn describe(self) -> String {
        match self {
            KnockoutTie::Rematch => tr!("tournament-ties-rematch"),
            KnockoutTie::Seed => tr!("tournament-ties-seed"),
        }
    }
}

/// What the tie-break rule did to a knockout board after its last game (drawn), to
/// announce: another game, or the higher seed through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieStep {
    /// The second game, the sides swapped.
    Rematch,
    /// Decider `n` (from 1), at `move_time_ms` per move, the sides swapped.
    Decider {
        /// Which decider, from 1.
        n: u32,
        /// Its time per move in milliseconds (`None`: no time limit).
        move_time_ms: Option<u64>,
    },
    /// The higher seed `winner` advances after `drawn` drawn games.
    Seed {
        /// The entrant through.
        winner: usize,
        /// The games drawn on the board.
        drawn: u32,
    },
}

impl Res {
    /// The same result seen from the other side (a draw stays a draw).
    pub fn flipped(self) -> Res {
        match self {
            Res::South => Res::North,
            Res::North => Res::South,
            Res::Draw => Res::Draw,
        }
    }
}

impl Pairing {
    /// Whether game `n` (from 1) of a board has the sides swapped: the even games, so
    /// that the sides alternate.
    pub fn swapped(n: u32) -> bool {
        n.is_multiple_of(2)
    }

    /// The (South, North) entrants of game `n` (from 1) of this board; `None` for a
    /// bye.
    pub fn game_sides(&self, n: u32) -> Option<(usize, usize)> {
        let north = self.north?;
        Some(if Pairing::swapped(n) {
            (north, self.south)
        } else {
            (self.south, north)
        })
    }

    /// The number (from 1) of the game in play or to open on this board.
    pub fn next_game(&self) -> u32 {
        self.games.len() as u32 + 1
    }

    /// The number (from 1) of the last game finished on this board (1 outside a
    /// knockout, where only one game is played).
    pub fn last_game(&self) -> u32 {
        (self.games.len() as u32).max(1)
    }
}

impl Pairing {
    /// Records `res` (by the game's sides) of the current game of this knockout board
    /// under `rule`: a win decides the board; a draw opens the next game (no id yet:
    /// the core opens it in the same room) or, when the rule says so, advances the
    /// higher seed.
    pub(super) fn record_knockout_game(&mut self, rule: KnockoutTie, res: Res) {
        let board = if Pairing::swapped(self.next_game()) {
            res.flipped()
        } else {
            res
        };
        self.games.push(board);
        self.game_ids.extend(self.game_id.clone());
        match board {
            Res::Draw if rule == KnockoutTie::Rematch && self.games.len() < MAX_BOARD_GAMES => {
                self.game_id = None;
            }
            Res::Draw => {
                let south_higher = self.north.is_none_or(|n| self.south < n);
                self.result = Some(if south_higher { Res::South } else { Res::North });
                self.by_rule = true;
            }
            won => self.result = Some(won),
        }
    }
}

impl Tournament {
    /// The id older builds gave game `n` (from 1) of board `board` of round `round`:
    /// `ID-rR-bB`, then `ID-rR-bB-gN` for the games a drawn game calls for. New games
    /// get random ids ([`Pairing::game_id`]); these are still read in stored
    /// tournaments (and backups) paired before.
    pub fn legacy_game_id(&self, round: u32, board: u32, n: u32) -> String {
        match n {
            1 => format!("{}-r{round}-b{board}", self.id),
            n => format!("{}-r{round}-b{board}-g{n}", self.id),
        }
    }

    /// The ids of every game of board `p` of round `round`, oldest first: its finished
    /// games ([`Pairing::game_ids`], or for a board stored before them the ids older
    /// builds gave them) and then the game in play, if any. Outside a knockout, the
    /// board's one game.
    pub fn board_game_ids(&self, round: u32, p: &Pairing) -> Vec<String> {
        let mut ids = if p.game_ids.is_empty() {
            (1..=p.games.len() as u32)
                .map(|n| self.legacy_game_id(round, p.board, n))
                .collect()
        } else {
            p.game_ids.clone()
        };
        if let Some(id) = &p.game_id {
            if !ids.contains(id) {
                ids.push(id.clone());
            }
        }
        ids
    }

    /// The time per move of game `n` (from 1) of a board, in milliseconds: the
    /// tournament's, and for a decider (game 3 on) half of it, at least an hour.
    pub fn game_move_time(&self, n: u32) -> Option<u64> {
        let ms = self.move_time_ms?;
        Some(if n >= 3 {
            (ms / 2).max(DECIDER_MIN_MS).min(ms)
        } else {
            ms
        })
    }

    /// What the tie-break rule did to board `board` of round `round` after its last
    /// game, if that game was a drawn knockout game.
    pub fn tie_step(&self, round: u32, board: u32) -> Option<TieStep> {
        if self.format != Format::Knockout {
            return None;
        }
        let p = self
            .rounds
            .iter()
            .find(|r| r.number == round)?
            .pairings
            .iter()
            .find(|p| p.board == board)?;
        if p.games.last() != Some(&Res::Draw) {
            return None;
        }
        if p.by_rule {
            let winner = Tournament::knockout_winner(p)?;
            let drawn = p.games.iter().filter(|r| **r == Res::Draw).count() as u32;
            return Some(TieStep::Seed { winner, drawn });
        }
        match p.next_game() {
            2 => Some(TieStep::Rematch),
            n => Some(TieStep::Decider {
                n: n - 2,
                move_time_ms: self.game_move_time(n),
            }),
        }
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
                .map(|p| Tournament::knockout_winner(p).unwrap_or(p.south))
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

    /// Who advances from a knockout board: the bye's player, the winner of the
    /// board's decisive game, or the one the tie-break rule named
    /// ([`Pairing::by_rule`]); `None` while undecided. A board stored with a drawn
    /// result (only by builds before the tie-break rule) goes to the higher seed, as
    /// those builds decided.
    pub fn knockout_winner(p: &Pairing) -> Option<usize> {
        match (p.north, p.result?) {
            (None, _) => Some(p.south),
            (Some(n), Res::North) => Some(n),
            (Some(n), Res::Draw) => Some(p.south.min(n)),
            (Some(_), Res::South) => Some(p.south),
        }
    }

    /// A finished knockout's final: the one pairing of its last round.
    pub fn knockout_final(&self) -> Option<&Pairing> {
        if self.format != Format::Knockout || self.phase != Phase::Finished {
            return None;
        }
        self.rounds.last().and_then(|r| r.pairings.first())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tournament::Entrant;
    use crate::model::User;

    fn knockout(n: usize, rule: KnockoutTie) -> Tournament {
        let mut t = Tournament {
            id: "t".into(),
            format: Format::Knockout,
            phase: Phase::Running,
            knockout_ties: rule,
            move_time_ms: Some(24 * 3_600_000),
            entrants: (0..n)
                .map(|i| Entrant {
                    user: User {
                        id: format!("u{i}"),
                        name: format!("u{i}"),
                    },
                    rating: 0.0,
                    withdrawn: false,
                })
                .collect(),
            ..Tournament::default()
        };
        assert!(t.next_round());
        t
    }

    /// Opens game `n` of board 1 of round 1 (as the core does) and records `res`.
    fn play(t: &mut Tournament, res: Res) -> bool {
        let p = &t.rounds[0].pairings[0];
        let id = format!("id{}", p.next_game());
        t.rounds[0].pairings[0].game_id = Some(id.clone());
        t.record(1, 1, &id, res)
    }

    #[test]
    fn a_drawn_knockout_game_is_replayed_with_sides_swapped_then_decided() {
        let mut t = knockout(2, KnockoutTie::Rematch);
        assert!(play(&mut t, Res::Draw));
        let p = &t.rounds[0].pairings[0];
        assert!(p.is_open(), "nobody advances on a draw");
        assert_eq!(p.game_id, None);
        assert_eq!(t.tie_step(1, 1), Some(TieStep::Rematch));
        assert_eq!(p.game_sides(2), Some((1, 0)), "second game: sides swapped");
        assert_eq!(t.legacy_game_id(1, 1, 2), "t-r1-b1-g2");
        // The lower seed, South in game 2, wins it: he advances.
        assert!(play(&mut t, Res::South));
        let p = &t.rounds[0].pairings[0];
        assert_eq!(p.result, Some(Res::North));
        assert_eq!(Tournament::knockout_winner(p), Some(1));
        assert_eq!(t.tie_step(1, 1), None);
        assert!(!t.next_round(), "final decided");
        assert_eq!(t.phase, Phase::Finished);
    }

    #[test]
    fn deciders_are_shorter_and_end_with_the_seed_after_five_draws() {
        let mut t = knockout(2, KnockoutTie::Rematch);
        assert!(play(&mut t, Res::Draw));
        assert!(play(&mut t, Res::Draw));
        assert_eq!(
            t.tie_step(1, 1),
            Some(TieStep::Decider {
                n: 1,
                move_time_ms: Some(12 * 3_600_000)
            })
        );
        assert!(play(&mut t, Res::Draw));
        assert!(play(&mut t, Res::Draw));
        assert!(t.rounds[0].pairings[0].is_open());
        assert!(play(&mut t, Res::Draw));
        let p = &t.rounds[0].pairings[0];
        assert_eq!(p.result, Some(Res::South));
        assert!(p.by_rule);
        assert_eq!(
            t.tie_step(1, 1),
            Some(TieStep::Seed {
                winner: 0,
                drawn: 5
            })
        );
        // The same game recorded again is no news.
        assert!(!t.record(1, 1, "id5", Res::North));
        // Every game of the board is kept, oldest first (the web page links each).
        let ids: Vec<String> = (1..=5).map(|n| format!("id{n}")).collect();
        assert_eq!(t.board_game_ids(1, &t.rounds[0].pairings[0]), ids);
    }

    #[test]
    fn under_the_seed_rule_a_draw_advances_the_higher_seed_announced() {
        let mut t = knockout(2, KnockoutTie::Seed);
        assert!(play(&mut t, Res::Draw));
        assert_eq!(
            t.tie_step(1, 1),
            Some(TieStep::Seed {
                winner: 0,
                drawn: 1
            })
        );
        assert_eq!(
            Tournament::knockout_winner(&t.rounds[0].pairings[0]),
            Some(0)
        );
    }

    #[test]
    fn a_won_first_game_needs_no_tie_break() {
        let mut t = knockout(2, KnockoutTie::Rematch);
        assert!(play(&mut t, Res::North));
        assert_eq!(t.rounds[0].pairings[0].result, Some(Res::North));
        assert_eq!(t.tie_step(1, 1), None);
    }

    /// A tournament stored before the options existed (no `knockout_ties`,
    /// `accelerated`, `arena_start_ms`, nor a board's `games` and `by_rule`) loads,
    /// with the default rule.
    #[test]
    fn a_tournament_stored_before_the_tie_break_rule_loads_with_the_default() {
        let mut t = knockout(2, KnockoutTie::Seed);
        t.rounds[0].pairings[0].game_id = Some("t-r1-b1".into());
        let mut v = serde_json::to_value(&t).expect("json");
        let obj = v.as_object_mut().expect("an object");
        for k in ["knockout_ties", "accelerated", "arena_start_ms"] {
            obj.remove(k);
        }
        let old: Tournament = serde_json::from_value(v).expect("loads");
        assert_eq!(old.knockout_ties, KnockoutTie::Rematch);
        assert!(!old.accelerated);
        assert_eq!(old.rounds[0].pairings[0].games, Vec::<Res>::new());
        assert!(!old.rounds[0].pairings[0].by_rule);
    }

    #[test]
    fn a_board_stored_before_random_ids_lists_the_ids_older_builds_gave() {
        let mut t = knockout(2, KnockoutTie::Rematch);
        t.id = "t1-aa".into();
        let p = &mut t.rounds[0].pairings[0];
        p.games = vec![Res::Draw];
        p.game_id = Some("t1-aa-r1-b1-g2".into());
        let p = t.rounds[0].pairings[0].clone();
        assert_eq!(t.board_game_ids(1, &p), ["t1-aa-r1-b1", "t1-aa-r1-b1-g2"]);
    }

    #[test]
    fn a_decider_is_never_longer_than_the_tournaments_time() {
        let mut t = knockout(2, KnockoutTie::Rematch);
        t.move_time_ms = Some(3_600_000);
        assert_eq!(t.game_move_time(3), Some(3_600_000));
        t.move_time_ms = None;
        assert_eq!(t.game_move_time(3), None);
    }
}
