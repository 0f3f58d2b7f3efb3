//! Tournaments, as data and pure functions: the stored [`Tournament`], the pairing of a
//! round (round robin by Berger tables, Swiss by maximum weight matching, single
//! elimination seeded by rating) and the standings with their tie-breaks.
//!
//! Nothing here touches the store or the chat: `crate::core` keeps tournaments in the
//! store, opens a room per game and feeds results back ([`Tournament::record`]).
//!
//! Points are counted in half points (a win 2, a draw 1, a loss 0) so that they stay
//! integers.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::tables::berger;
use crate::model::GameKind;
use crate::model::{ChannelKey, User};
use crate::store::keys::DocKey;

/// The format of a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Everyone meets everyone once (Berger tables); an odd field gives one bye a round.
    RoundRobin,
    /// A fixed number of rounds; each pairs players of equal score where possible.
    Swiss {
        /// Rounds to play.
        rounds: u32,
    },
    /// Single elimination, seeded by rating; the top seeds get the byes.
    Knockout,
}

/// The format as the replies name it, in the current language (`round robin`, `Swiss,
/// 3 rounds`, `knockout`).
impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Format::RoundRobin => f.write_str(&tr!("tournament-format-round-robin")),
            Format::Swiss { rounds } => {
                f.write_str(&tr!("tournament-format-swiss", count = *rounds))
            }
            Format::Knockout => f.write_str(&tr!("tournament-format-knockout")),
        }
    }
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Players may join and leave.
    Registration,
    /// Rounds are played.
    Running,
    /// All rounds played.
    Finished,
    /// Cancelled by an organizer.
    Cancelled,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// The player.
    pub user: User,
    /// His rating in the tournament's game when it started (seeding); 0 before.
    pub rating: f64,
    /// Withdrawn: no longer paired; his open game was forfeited.
    pub withdrawn: bool,
}

/// The result of one pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Res {
    /// South won (on the board, on time, or by forfeit).
    South,
    /// North won.
    North,
    /// Drawn.
    Draw,
}

/// One board of a round: two entrants (indices into [`Tournament::entrants`]), or one
/// with a bye.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pairing {
    /// The board number, from 1.
    pub board: u32,
    /// South's entrant (moves first).
    pub south: usize,
    /// North's entrant; `None`: South has a bye.
    pub north: Option<usize>,
    /// The result, once known (a bye has none).
    pub result: Option<Res>,
    /// Decided without a game being finished on the board (withdrawal).
    #[serde(default)]
    pub forfeit: bool,
    /// The room the game is played in, once opened.
    pub room: Option<ChannelKey>,
    /// The game's id, once created.
    pub game_id: Option<String>,
    /// When the periodic driver first saw the game over (or the tournament over), in
    /// milliseconds since the Unix epoch: the room's grace period starts then
    /// ([`crate::core::api::Rooms::close_after_ms`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_ms: Option<u64>,
    /// The room was closed (the bot left it) after its grace period.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub closed: bool,
}

impl Pairing {
    /// A game still to be played or being played.
    pub fn is_open(&self) -> bool {
        self.north.is_some() && self.result.is_none()
    }

    /// Whether `e` plays on this board (bye included).
    pub fn has(&self, e: usize) -> bool {
        self.south == e || self.north == Some(e)
    }
}

/// One round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Round {
    /// The round number, from 1.
    pub number: u32,
    /// Its boards.
    pub pairings: Vec<Pairing>,
}

impl Round {
    /// Every game of the round has a result.
    pub fn is_complete(&self) -> bool {
        self.pairings.iter().all(|p| !p.is_open())
    }
}

/// A tournament, as stored (one document per tournament).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// The record format.
    pub format_version: u32,
    /// Unique id (a store id), the prefix of its games' ids.
    pub id: String,
    /// The name as given (letters, digits, `-`, `_`).
    pub name: String,
    /// The channel it was created in: announcements go there.
    pub home: ChannelKey,
    /// The game played.
    pub kind: GameKind,
    /// The format.
    pub format: Format,
    /// Time per move of its games, in milliseconds; `None`: no deadlines.
    pub move_time_ms: Option<u64>,
    /// Who created it.
    pub organizer: User,
    /// Where it stands.
    pub phase: Phase,
    /// The players, in seed order once started.
    pub entrants: Vec<Entrant>,
    /// The rounds so far.
    pub rounds: Vec<Round>,
    /// Created, milliseconds since the Unix epoch.
    pub created_ms: u64,
    /// The tournament's address on the web pages (`/t/PUBLIC_ID`): 12 random characters
    /// of Crockford's base 32 (60 bits, [`crate::store::gameid::draw_public`]), since
    /// [`Tournament::id`] (time and a hash of the name) can be guessed. Drawn at
    /// creation; empty in tournaments stored before, which the pages' directory fills
    /// (`crate::web`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub public_id: String,
}

impl Default for Tournament {
    fn default() -> Self {
        Tournament {
            format_version: 1,
            id: String::new(),
            name: String::new(),
            home: ChannelKey::default(),
            kind: GameKind::single(mancala_rules::Variant::KATRO),
            format: Format::RoundRobin,
            move_time_ms: None,
            organizer: User::default(),
            phase: Phase::Registration,
            entrants: Vec::new(),
            rounds: Vec::new(),
            created_ms: 0,
            public_id: String::new(),
        }
    }
}

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
    /// Games won, drawn, lost (byes and forfeits included as results).
    pub won_drawn_lost: [u32; 3],
    /// Knockout: the last round he played in (or had a bye in).
    pub reached: u32,
    /// Knockout: he lost the game of round [`Standing::reached`] and is out.
    pub out: bool,
    /// Knockout: he won the final (the tournament is over).
    pub champion: bool,
}

impl Tournament {
    /// The store key of the tournament `name` in `community`: `tour/COMMUNITY/name`
    /// (lower case).
    pub fn key_of(community: &str, name: &str) -> DocKey {
        DocKey::tour(community, name)
    }

    /// This tournament's store key.
    pub fn key(&self) -> DocKey {
        Tournament::key_of(&self.home.community, &self.name)
    }

    /// The entrant index of `user`.
    pub fn entrant(&self, user: &User) -> Option<usize> {
        self.entrants.iter().position(|e| e.user.id == user.id)
    }

    /// The current round, once started.
    pub fn current(&self) -> Option<&Round> {
        self.rounds.last()
    }

    /// The rounds the format plays for `n` entrants (a knockout: until one is left).
    pub fn total_rounds(&self) -> u32 {
        let n = self.entrants.len() as u32;
        match self.format {
            Format::RoundRobin => {
                if n.is_multiple_of(2) {
                    n.saturating_sub(1)
                } else {
                    n
                }
            }
            Format::Swiss { rounds } => rounds,
            Format::Knockout => n.max(1).next_power_of_two().trailing_zeros(),
        }
    }

    /// Points for a bye: a full point in Swiss *(choice: the usual online rule)*, none
    /// in a round robin (everyone sits out once when the field is odd), none in a
    /// knockout (the seed just advances).
    fn bye_points(&self) -> u32 {
        match self.format {
            Format::Swiss { .. } => 2,
            _ => 0,
        }
    }

    /// Records the result of the game `game_id` (round, board) and returns whether it
    /// was news (false when already recorded or not found).
    pub fn record(&mut self, round: u32, board: u32, game_id: &str, res: Res) -> bool {
        let Some(r) = self.rounds.iter_mut().find(|r| r.number == round) else {
            return false;
        };
        let Some(p) = r.pairings.iter_mut().find(|p| p.board == board) else {
            return false;
        };
        if p.result.is_some() || p.game_id.as_deref() != Some(game_id) {
            return false;
        }
        p.result = Some(res);
        true
    }

    /// Withdraws entrant `e`: his open pairing of the current round is lost by forfeit
    /// (unless its game is already running: then the caller resigns it and the result
    /// comes back through [`Tournament::record`]). Returns the open game to resign.
    pub fn withdraw(&mut self, e: usize) -> Option<(ChannelKey, String)> {
        self.entrants[e].withdrawn = true;
        let round = self.rounds.last_mut()?;
        let p = round
            .pairings
            .iter_mut()
            .find(|p| p.is_open() && p.has(e))?;
        match (&p.room, &p.game_id) {
            (Some(room), Some(id)) => Some((room.clone(), id.clone())),
            _ => {
                p.result = Some(if p.south == e { Res::North } else { Res::South });
                p.forfeit = true;
                None
            }
        }
    }

    /// Pairs the next round (after the last one is complete) and appends it. Returns
    /// `false` when the tournament is over instead (the phase is then
    /// [`Phase::Finished`]).
    pub fn next_round(&mut self) -> bool {
        let number = self.rounds.len() as u32 + 1;
        let active: Vec<usize> = (0..self.entrants.len())
            .filter(|&e| !self.entrants[e].withdrawn)
            .collect();
        let pairs: Option<Vec<(usize, Option<usize>)>> = match self.format {
            Format::RoundRobin => {
                (number <= self.total_rounds()).then(|| berger(self.entrants.len(), number))
            }
            Format::Swiss { rounds } => {
                (number <= rounds && active.len() >= 2).then(|| self.swiss_pairs(&active))
            }
            Format::Knockout => self.knockout_pairs(number),
        };
        let Some(pairs) = pairs else {
            self.phase = Phase::Finished;
            return false;
        };
        let bye_res = Some(Res::South);
        let mut pairings: Vec<Pairing> = Vec::new();
        let mut byes = Vec::new();
        let knockout = self.format == Format::Knockout;
        for (i, (s, n)) in pairs.into_iter().enumerate() {
            let mut p = Pairing {
                // Provisional order: bracket order in a knockout, byes last otherwise.
                board: if knockout || n.is_some() {
                    i as u32
                } else {
                    10_000 + i as u32
                },
                south: s,
                north: n,
                result: None,
                forfeit: false,
                room: None,
                game_id: None,
                ended_ms: None,
                closed: false,
            };
            match n {
                None => {
                    p.result = bye_res;
                    byes.push(p);
                    continue;
                }
                Some(n) => {
                    // Withdrawn players forfeit their round robin games.
                    match (self.entrants[s].withdrawn, self.entrants[n].withdrawn) {
                        (true, true) => {
                            p.result = Some(Res::Draw);
                            p.forfeit = true;
                        }
                        (true, false) => {
                            p.result = Some(Res::North);
                            p.forfeit = true;
                        }
                        (false, true) => {
                            p.result = Some(Res::South);
                            p.forfeit = true;
                        }
                        (false, false) => {}
                    }
                }
            }
            pairings.push(p);
        }
        pairings.extend(byes);
        // A knockout keeps the bracket order: winners of neighbouring boards meet next.
        pairings.sort_by_key(|p| p.board);
        for (i, p) in pairings.iter_mut().enumerate() {
            p.board = i as u32 + 1;
        }
        self.rounds.push(Round { number, pairings });
        true
    }

    /// A finished knockout's final: the one pairing of its last round.
    pub fn knockout_final(&self) -> Option<&Pairing> {
        if self.format != Format::Knockout || self.phase != Phase::Finished {
            return None;
        }
        self.rounds.last().and_then(|r| r.pairings.first())
    }

    /// The points of every entrant, in half points, after the recorded results.
    pub fn points(&self) -> Vec<u32> {
        let mut pts = vec![0u32; self.entrants.len()];
        for p in self.rounds.iter().flat_map(|r| &r.pairings) {
            match (p.north, p.result) {
                (None, Some(_)) => pts[p.south] += self.bye_points(),
                (Some(_), Some(Res::South)) => pts[p.south] += 2,
                (Some(n), Some(Res::North)) => pts[n] += 2,
                (Some(n), Some(Res::Draw)) => {
                    pts[p.south] += 1;
                    pts[n] += 1
                }
                _ => {}
            }
        }
        pts
    }

    /// The pairs met so far (both orders), byes left out.
    pub fn met(&self) -> HashSet<(usize, usize)> {
        let mut met = HashSet::new();
        for p in self.rounds.iter().flat_map(|r| &r.pairings) {
            if let Some(n) = p.north {
                met.insert((p.south, n));
                met.insert((n, p.south));
            }
        }
        met
    }

    /// Byes each entrant has had.
    pub fn byes(&self) -> Vec<u32> {
        let mut b = vec![0; self.entrants.len()];
        for p in self.rounds.iter().flat_map(|r| &r.pairings) {
            if p.north.is_none() {
                b[p.south] += 1;
            }
        }
        b
    }

    /// The standings: points, then Buchholz, then Sonneborn-Berger, then seed (a
    /// knockout: the round reached first).
    pub fn standings(&self) -> Vec<Standing> {
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
            })
            .collect();
        for r in &self.rounds {
            for p in &r.pairings {
                rows[p.south].reached = r.number;
                let Some(n) = p.north else {
                    if p.result.is_some() && self.bye_points() > 0 {
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
        if self.format == Format::Knockout {
            // Knocked-out players stay at the round they lost in; the final's winner
            // first.
            for p in self.rounds.iter().flat_map(|r| &r.pairings) {
                if let (Some(n), Some(w)) = (p.north, Tournament::knockout_winner(p)) {
                    rows[if w == n { p.south } else { n }].out = true;
                }
            }
            if let Some(w) = self.knockout_final().and_then(Tournament::knockout_winner) {
                rows[w].champion = true;
            }
            rows.sort_by_key(|s| {
                (
                    !s.champion,
                    std::cmp::Reverse(s.reached),
                    std::cmp::Reverse(s.points),
                    s.entrant,
                )
            });
        } else {
            rows.sort_by_key(|s| {
                (
                    std::cmp::Reverse(s.points),
                    std::cmp::Reverse(s.buchholz),
                    std::cmp::Reverse(s.sonneborn_berger),
                    s.entrant,
                )
            });
        }
        rows
    }
}
