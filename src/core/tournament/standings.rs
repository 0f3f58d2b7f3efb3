//! The standings of a tournament, pure: points and tie-breaks (Buchholz,
//! Sonneborn-Berger), a knockout's round reached, shared ranks, withdrawn players
//! last.

use std::cmp::Reverse;

use super::engine::{Format, Res, Tournament};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The entrant.
    pub entrant: usize,
    /// Points, in half points.
    pub points: u32,
    /// Buchholz: the sum of the points of the opponents met (half points).
    pub buchholz: u32,
    /// Sonneborn-Berger: the points of the opponents beaten plus half of those drawn
    /// (quarter points: win 2x, draw 1x the opponent's half points).
    pub sonneborn_berger: u32,
    /// Games won, drawn, lost (byes and forfeits included as results; a bye once its
    /// round is complete).
    pub won_drawn_lost: [u32; 3],
    /// Knockout: the last round he played in (or had a bye in).
    pub reached: u32,
    /// Knockout: he lost the game of round [`Standing::reached`] and is out.
    pub out: bool,
    /// Knockout: he won the final (the tournament is over).
    pub champion: bool,
    /// The rank, from 1: one more than the players ahead of him.
    pub rank: u32,
    /// Another player has the same rank (equal on everything ranks are decided by):
    /// shown `3=`.
    pub shared: bool,
    /// Arena: on a streak (his next win counts double); [`Standing::points`] are then
    /// arena points, not half points.
    pub streak: bool,
}

impl Standing {
    /// The rank at the head of a standings line: `3.`, or `3=` when shared.
    pub fn rank_line(&self) -> String {
        if self.shared {
            format!("{}=", self.rank)
        } else {
            format!("{}.", self.rank)
        }
    }

    /// The rank in a table's column: `3`, or `3=` when shared.
    pub fn rank_text(&self) -> String {
        if self.shared {
            format!("{}=", self.rank)
        } else {
            self.rank.to_string()
        }
    }
}

/// What ranks a line, best first: withdrawn players last; then points, Buchholz,
/// Sonneborn-Berger (a knockout: the champion, the round reached, out or still in; an
/// arena: its points alone, Buchholz and Sonneborn-Berger being left at 0 there).
/// Lines with equal keys share a rank; the seed orders them only in the listing.
type RankKey = (bool, bool, Reverse<u32>, Reverse<u32>, Reverse<u32>, bool);

impl Tournament {
    /// The standings, best first: withdrawn players last; then points, Buchholz,
    /// Sonneborn-Berger (a knockout: the champion, the round reached, out or still in;
    /// an arena: its points alone); players equal on all of them share a rank
    /// ([`Standing::shared`]) and are listed by seed.
    pub fn standings(&self) -> Vec<Standing> {
        let mut rows = self.standing_rows();
        if self.format == Format::Knockout {
            self.knockout_marks(&mut rows);
        }
        if matches!(self.format, Format::Arena { .. }) {
            for (row, (score, streak)) in rows.iter_mut().zip(self.arena_scores()) {
                (row.points, row.streak) = (score, streak);
            }
        }
        let key = |s: &Standing| -> RankKey {
            let withdrawn = self.entrants[s.entrant].withdrawn;
            if self.format == Format::Knockout {
                (
                    withdrawn,
                    !s.champion,
                    Reverse(s.reached),
                    Reverse(0),
                    Reverse(0),
                    s.out,
                )
            } else if matches!(self.format, Format::Arena { .. }) {
                (
                    withdrawn,
                    false,
                    Reverse(s.points),
                    Reverse(0),
                    Reverse(0),
                    false,
                )
            } else {
                let (p, b, sb) = (s.points, s.buchholz, s.sonneborn_berger);
                (withdrawn, false, Reverse(p), Reverse(b), Reverse(sb), false)
            }
        };
        rows.sort_by_key(|s| (key(s), s.entrant));
        let keys: Vec<RankKey> = rows.iter().map(key).collect();
        for i in 0..rows.len() {
            let first = keys.iter().position(|k| *k == keys[i]).unwrap_or(i);
            rows[i].rank = first as u32 + 1;
            rows[i].shared = keys.iter().filter(|k| **k == keys[i]).count() > 1;
        }
        rows
    }

    /// Every entrant's line, unsorted and unranked: points, tie-breaks, results and
    /// the round reached.
    fn standing_rows(&self) -> Vec<Standing> {
        let pts = self.points();
        let mut rows: Vec<Standing> = (0..self.entrants.len())
            .map(|e| Standing {
                entrant: e,
                points: pts[e],
                buchholz: 0,
                sonneborn_berger: 0,
                won_drawn_lost: [0; 3],
                reached: 0,
                out: false,
                champion: false,
                rank: 0,
                shared: false,
                streak: false,
            })
            .collect();
        for r in &self.rounds {
            let done = r.is_complete();
            for p in &r.pairings {
                rows[p.south].reached = r.number;
                let Some(n) = p.north else {
                    if done && p.result.is_some() && self.bye_points() > 0 {
                        rows[p.south].won_drawn_lost[0] += 1;
                    }
                    continue;
                };
                rows[n].reached = r.number;
                let Some(res) = p.result else { continue };
                rows[p.south].buchholz += pts[n];
                rows[n].buchholz += pts[p.south];
                let (ws, wn) = match res {
                    Res::South => (2, 0),
                    Res::North => (0, 2),
                    Res::Draw => (1, 1),
                };
                rows[p.south].sonneborn_berger += ws * pts[n];
                rows[n].sonneborn_berger += wn * pts[p.south];
                let k = |w: u32| match w {
                    2 => 0,
                    1 => 1,
                    _ => 2,
                };
                rows[p.south].won_drawn_lost[k(ws)] += 1;
                rows[n].won_drawn_lost[k(wn)] += 1;
            }
        }
        rows
    }

    /// A knockout's marks: who is out (he lost a board) and the champion (he won the
    /// final).
    fn knockout_marks(&self, rows: &mut [Standing]) {
        for p in self.rounds.iter().flat_map(|r| &r.pairings) {
            if let (Some(n), Some(w)) = (p.north, Tournament::knockout_winner(p)) {
                rows[if w == n { p.south } else { n }].out = true;
            }
        }
        if let Some(w) = self.knockout_final().and_then(Tournament::knockout_winner) {
            rows[w].champion = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::tournament::{Entrant, Format, Phase, Res, Tournament};
    use crate::model::User;

    fn field(n: usize, format: Format) -> Tournament {
        let mut t = Tournament {
            id: "t".into(),
            format,
            phase: Phase::Running,
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

    fn ranks(t: &Tournament) -> Vec<(usize, String)> {
        t.standings()
            .iter()
            .map(|s| (s.entrant, s.rank_text()))
            .collect()
    }

    #[test]
    fn equal_players_share_a_rank_and_the_next_rank_skips() {
        // Round robin of 4, round 1: 0-3 drawn, 1-2 drawn: all equal.
        let mut t = field(4, Format::RoundRobin);
        for p in &mut t.rounds[0].pairings {
            p.result = Some(Res::Draw);
        }
        let r = ranks(&t);
        assert!(r.iter().all(|(_, k)| k == "1="), "{r:?}");
        // Round 1 again, but 0 beats 3: 1 and 2 stay equal on points, Buchholz and
        // Sonneborn-Berger (they drew each other), between 0 and 3.
        for p in &mut t.rounds[0].pairings {
            if p.south == 0 {
                p.result = Some(Res::South);
            }
        }
        let r = ranks(&t);
        assert_eq!(r[0], (0, "1".to_string()), "{r:?}");
        assert_eq!(r[3], (3, "4".to_string()), "{r:?}");
        assert_eq!(r[1], (1, "2=".to_string()), "{r:?}");
    }

    #[test]
    fn withdrawn_players_are_listed_last() {
        let mut t = field(4, Format::RoundRobin);
        for p in &mut t.rounds[0].pairings {
            p.result = Some(Res::South);
        }
        // Entrant 0 won; withdrawn, he is last all the same.
        t.entrants[0].withdrawn = true;
        let r = ranks(&t);
        assert_eq!(r.last().map(|x| x.0), Some(0), "{r:?}");
        assert_eq!(r.last().map(|x| x.1.as_str()), Some("4"));
    }

    #[test]
    fn a_swiss_bye_counts_when_its_round_ends() {
        let mut t = field(3, Format::Swiss { rounds: 2 });
        let bye = t.rounds[0]
            .pairings
            .iter()
            .find(|p| p.north.is_none())
            .map(|p| p.south)
            .expect("a bye");
        let pts = |t: &Tournament| {
            t.standings()
                .iter()
                .find(|s| s.entrant == bye)
                .map(|s| (s.points, s.won_drawn_lost))
        };
        assert_eq!(pts(&t), Some((0, [0, 0, 0])), "not before the round ends");
        for p in t.rounds[0].pairings.iter_mut().filter(|p| p.is_open()) {
            p.result = Some(Res::South);
        }
        assert_eq!(pts(&t), Some((2, [1, 0, 0])), "a point once it ends");
        // And it counts in the tie-breaks of those who meet him later.
        assert!(t.next_round());
        let p = t.rounds[1]
            .pairings
            .iter_mut()
            .find(|p| p.has(bye) && p.north.is_some())
            .expect("bye player paired");
        let other = if p.south == bye {
            p.north.unwrap()
        } else {
            p.south
        };
        p.result = Some(Res::Draw);
        let st = t.standings();
        let o = st.iter().find(|s| s.entrant == other).unwrap();
        let bye_pts = st.iter().find(|s| s.entrant == bye).unwrap().points;
        assert!(o.buchholz >= bye_pts, "{o:?}");
    }

    #[test]
    fn knockout_losers_of_one_round_share_a_rank() {
        let mut t = field(4, Format::Knockout);
        for p in &mut t.rounds[0].pairings {
            p.result = Some(Res::South);
        }
        assert!(t.next_round());
        t.rounds[1].pairings[0].result = Some(Res::South);
        assert!(!t.next_round());
        let r = ranks(&t);
        assert_eq!(
            r,
            vec![
                (0, "1".to_string()),
                (1, "2".to_string()),
                (2, "3=".to_string()),
                (3, "3=".to_string())
            ]
        );
    }
}
