//! Arenas, pure: as many games as players can play in a window from the start. Players
//! who are free (in no game) are paired with each other as soon as two can be; each
//! such pairing is a round of its own, so that several are played at once. The window's
//! end stops new pairings; games running then finish, and the arena is over when the
//! last one has.
//!
//! Scoring, as lichess arenas score *(choice, as the issue states it: only wins are
//! doubled)*: a win 2, a draw 1, a loss 0; after two wins in a row a player is on a
//! streak, and each further win counts 4, until a game he does not win (a draw or a
//! loss) ends the streak. A player's games are counted in the order they were paired
//! (he plays one at a time, so that is the order they were played).
//!
//! Nothing here reads a clock: the time is passed in ([`Tournament::arena_step`]).

use super::engine::{Format, Phase, Res, Tournament};

/// What [`Tournament::arena_step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaStep {
    /// Nothing to do now.
    Idle,
    /// Free players were paired: a new round (its games to open).
    Paired,
    /// The window closed and its last game ended: the arena is over.
    Over,
}

/// Arena points of a win, a win on a streak, a draw.
const WIN: u32 = 2;
const STREAK_WIN: u32 = 4;
const DRAW: u32 = 1;

impl Tournament {
    /// When an arena's window closes, in milliseconds since the Unix epoch, once it
    /// started.
    pub fn arena_end_ms(&self) -> Option<u64> {
        match self.format {
            Format::Arena { minutes } => self
                .arena_start_ms
                .map(|s| s.saturating_add(u64::from(minutes) * 60_000)),
            _ => None,
        }
    }

    /// The arena at `now`: while the window is open, the free players paired (a new
    /// round); once it is closed and no game is open, over ([`Phase::Finished`]).
    pub fn arena_step(&mut self, now: u64) -> ArenaStep {
        if self.phase != Phase::Running {
            return ArenaStep::Idle;
        }
        let open = self.rounds.iter().any(|r| !r.is_complete());
        match self.arena_end_ms() {
            Some(end) if now >= end => {
                if open {
                    return ArenaStep::Idle;
                }
                self.phase = Phase::Finished;
                ArenaStep::Over
            }
            Some(_) if self.arena_wave() => ArenaStep::Paired,
            _ => ArenaStep::Idle,
        }
    }

    /// Pairs the free players into a new round; whether there was a pair to make.
    pub(super) fn arena_wave(&mut self) -> bool {
        let pairs = self.arena_pairs();
        if pairs.is_empty() {
            return false;
        }
        let number = self.rounds.len() as u32 + 1;
        let pairings = pairs
            .into_iter()
            .enumerate()
            .map(|(i, (s, n))| super::Pairing {
                board: i as u32 + 1,
                south: s,
                north: Some(n),
                result: None,
                forfeit: false,
                room: None,
                game_id: None,
                ended_ms: None,
                closed: false,
                games: Vec::new(),
                by_rule: false,
                next_id: None,
                game_ids: Vec::new(),
            })
            .collect();
        self.rounds.push(super::Round { number, pairings });
        true
    }

    /// The pairs (South, North) of the players free now: by score, then seed, each
    /// with the next free one he did not just play (two players whose last game was
    /// against each other wait for someone else, unless they are the only two
    /// players left). South to the one who has had South less often, then the
    /// higher seed.
    fn arena_pairs(&self) -> Vec<(usize, usize)> {
        let busy: Vec<usize> = self
            .rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .filter(|p| p.is_open())
            .flat_map(|p| std::iter::once(p.south).chain(p.north))
            .collect();
        let active = self.entrants.iter().filter(|e| !e.withdrawn).count();
        let scores = self.arena_scores();
        let mut free: Vec<usize> = (0..self.entrants.len())
            .filter(|&e| !self.entrants[e].withdrawn && !busy.contains(&e))
            .collect();
        free.sort_by_key(|&e| (std::cmp::Reverse(scores[e].0), e));
        let last = self.last_opponents();
        let col = self.colours();
        let mut pairs = Vec::new();
        while let Some(a) = free.first().copied() {
            free.remove(0);
            let fits = |b: usize| active <= 2 || (last[a] != Some(b) && last[b] != Some(a));
            let Some(i) = free.iter().position(|&b| fits(b)) else {
                continue;
            };
            let b = free.remove(i);
            let key = |e: usize| (col[e].0, e);
            pairs.push(if key(a) <= key(b) { (a, b) } else { (b, a) });
        }
        pairs
    }

    /// Each entrant's opponent in his last game, if any.
    fn last_opponents(&self) -> Vec<Option<usize>> {
        let mut last = vec![None; self.entrants.len()];
        for p in self.rounds.iter().flat_map(|r| &r.pairings) {
            if let Some(n) = p.north {
                last[p.south] = Some(n);
                last[n] = Some(p.south);
            }
        }
        last
    }

    /// Every entrant's arena points and whether he is on a streak (two wins or more in
    /// a row, his next win counting 4), from the games with a result, in the order
    /// they were paired.
    pub fn arena_scores(&self) -> Vec<(u32, bool)> {
        let mut score = vec![0u32; self.entrants.len()];
        let mut run = vec![0u32; self.entrants.len()];
        for p in self.rounds.iter().flat_map(|r| &r.pairings) {
            let (Some(n), Some(res)) = (p.north, p.result) else {
                continue;
            };
            for (e, mine) in [(p.south, res), (n, res.flipped())] {
                match mine {
                    Res::South => {
                        score[e] += if run[e] >= 2 { STREAK_WIN } else { WIN };
                        run[e] += 1;
                    }
                    Res::Draw => {
                        score[e] += DRAW;
                        run[e] = 0;
                    }
                    Res::North => run[e] = 0,
                }
            }
        }
        score
            .into_iter()
            .zip(run.into_iter().map(|r| r >= 2))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tournament::Entrant;
    use crate::model::User;

    const MIN: u64 = 60_000;

    fn arena(n: usize) -> Tournament {
        let mut t = Tournament {
            format: Format::Arena { minutes: 60 },
            phase: Phase::Running,
            arena_start_ms: Some(0),
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

    /// Ends the open game of `e` with `res` (from South's side).
    fn end(t: &mut Tournament, e: usize, res: Res) {
        let p = t
            .rounds
            .iter_mut()
            .flat_map(|r| r.pairings.iter_mut())
            .find(|p| p.is_open() && p.has(e))
            .expect("in a game");
        p.result = Some(res);
    }

    fn playing(t: &Tournament) -> Vec<(usize, usize)> {
        t.rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .filter(|p| p.is_open())
            .map(|p| (p.south.min(p.north.unwrap()), p.south.max(p.north.unwrap())))
            .collect()
    }

    #[test]
    fn free_players_are_paired_at_once_and_never_straight_back_while_others_play() {
        let mut t = arena(4);
        assert_eq!(playing(&t), vec![(0, 1), (2, 3)]);
        end(&mut t, 0, Res::South);
        // 0 and 1 are free, but just played each other: they wait.
        assert_eq!(t.arena_step(10 * MIN), ArenaStep::Idle);
        end(&mut t, 2, Res::South);
        assert_eq!(t.arena_step(12 * MIN), ArenaStep::Paired);
        // By score: the winners 0 and 2 meet, and the losers.
        assert_eq!(playing(&t), vec![(0, 2), (1, 3)]);
        assert_eq!(t.rounds.len(), 2);
    }

    #[test]
    fn the_windows_end_stops_pairing_and_running_games_finish() {
        let mut t = arena(4);
        end(&mut t, 0, Res::Draw);
        // Past the window: no new pairing, and not over while 2-3 is played.
        assert_eq!(t.arena_step(61 * MIN), ArenaStep::Idle);
        assert_eq!(t.rounds.len(), 1);
        assert_eq!(t.phase, Phase::Running);
        end(&mut t, 2, Res::North);
        assert_eq!(t.arena_step(70 * MIN), ArenaStep::Over);
        assert_eq!(t.phase, Phase::Finished);
    }

    #[test]
    fn wins_count_double_after_two_in_a_row_until_a_game_is_not_won() {
        // Two players: they may replay at once.
        let mut t = arena(2);
        let step = |t: &mut Tournament, res: Res| {
            end(t, 0, res);
            t.arena_step(MIN);
        };
        // Entrant 0's results, from his side; he is South or North by the sides.
        let wins_for_0 = |t: &Tournament| {
            let p = t
                .rounds
                .last()
                .unwrap()
                .pairings
                .iter()
                .find(|p| p.is_open())
                .unwrap();
            if p.south == 0 {
                Res::South
            } else {
                Res::North
            }
        };
        for _ in 0..3 {
            let r = wins_for_0(&t);
            step(&mut t, r);
        }
        // 2 + 2 + 4, on a streak.
        assert_eq!(t.arena_scores()[0], (8, true));
        step(&mut t, Res::Draw);
        // The draw counts 1 and ends the streak; the next win counts 2 again.
        assert_eq!(t.arena_scores()[0], (9, false));
        let r = wins_for_0(&t);
        step(&mut t, r);
        assert_eq!(t.arena_scores()[0], (11, false));
        assert_eq!(t.arena_scores()[1], (1, false));
    }
}
