//! Tournaments, as data and pure functions: the stored [`Tournament`], the pairing of a
//! round (round robin by Berger tables, Swiss by maximum weight matching, single
//! elimination seeded by rating) and the standings with their tie-breaks.
//!
//! Nothing here touches the store or the chat: `crate::core` keeps tournaments in the
//! store, opens a room per game and feeds results back ([`Tournament::record`]).
//!
//! Points are counted in half points (a win 2, a draw 1, a loss 0) so that they stay
//! integers. The standings are in `standings`, the knockout's bracket and tie-break
//! rule in `knockout`.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::log::{CheckIn, LogEntry, Pause};
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
    /// Single elimination, seeded by rating; the top seeds get the byes. A drawn game
    /// is settled by the tournament's [`KnockoutTie`] rule.
    Knockout,
    /// Everyone meets everyone twice (Berger tables, then the same rounds again with
    /// the sides swapped).
    DoubleRoundRobin,
    /// As many games as can be played in a window from the start: players who are
    /// free are paired with each other at once, scored by wins and streaks (see
    /// `arena`). Each pairing of free players is a round of its own.
    Arena {
        /// The window, in minutes.
        minutes: u32,
    },
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
            Format::DoubleRoundRobin => f.write_str(&tr!("tournament-format-double")),
            Format::Arena { minutes } => f.write_str(&tr!(
                "tournament-format-arena",
                duration = crate::core::text::duration_text(u64::from(*minutes) * 60_000)
            )),
        }
    }
}

/// How a knockout settles a drawn game (`!tournament new ... knockout rematch|seed`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KnockoutTie {
    /// `rematch` (the default): a drawn game is followed by a second game with the
    /// sides swapped (the "return game" of mancala play: each player has moved first
    /// once); if that is drawn too, by deciders at half the time per move (at least an
    /// hour; no time limit stays none), the sides swapped each time. When the third
    /// decider (the board's fifth game) is drawn as well, the higher seed advances, so
    /// that a round always ends.
    #[default]
    Rematch,
    /// `seed`: a drawn game advances the higher seed (the seeding, by rating, is known
    /// to both players before the game).
    Seed,
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
    /// Decided without a game being finished on the board (withdrawal, or an
    /// organizer's decision before its game was opened).
    #[serde(default)]
    pub forfeit: bool,
    /// The room the game is played in, once opened.
    pub room: Option<ChannelKey>,
    /// The game's id, once created: 8 random characters ([`crate::store::gameid::draw`],
    /// not guessable, since it is the address of the game's page); `ID-rR-bB[-gN]`
    /// ([`Tournament::legacy_game_id`]) in tournaments paired by older builds.
    pub game_id: Option<String>,
    /// When the periodic driver first saw the game over (or the tournament over), in
    /// milliseconds since the Unix epoch: the room's grace period starts then
    /// ([`crate::core::api::Rooms::close_after_ms`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_ms: Option<u64>,
    /// The room was closed (the bot left it) after its grace period.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub closed: bool,
    // Added with the knockout tie-break rule; absent (empty, false) in pairings stored
    // before it.
    /// Knockout: the results of the games finished on this board, oldest first, from
    /// the board's sides (South: [`Pairing::south`], whatever side he had in that game;
    /// see [`Pairing::game_sides`]). A drawn game is followed by another as the
    /// tournament's [`KnockoutTie`] rule says.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<Res>,
    /// Knockout: [`Pairing::result`] was given by the tie-break rule (the higher seed
    /// advanced after a drawn game), not by a game won.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_rule: bool,
    // Added with random game ids ("Web companion" issue): absent (none, empty) in
    // pairings stored before, whose games' ids the tournament's id gives.
    /// The random id drawn for the board's next game, saved before the game is created
    /// so that a retry (a failed write, a restart) creates it under the same id; moved
    /// to [`Pairing::game_id`] once the game exists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_id: Option<String>,
    /// Knockout: the ids of the games finished on this board, oldest first, one for
    /// each of [`Pairing::games`] (see [`Tournament::board_game_ids`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub game_ids: Vec<String>,
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
    /// Unique id (a store id); the prefix of its games' ids in tournaments paired by older
    /// builds ([`Tournament::legacy_game_id`]), no longer shown anywhere.
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
    // The organizer tools (`organize`, `log`): absent in tournaments stored before
    // them, which read as not paused, no check-in, an empty log.
    /// Paused by an organizer (`!tournament pause`): the clocks of its games stop, no
    /// round is paired, until `!tournament resume`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused: Option<Pause>,
    /// Check-in before the start (`!tournament checkin open`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkin: Option<CheckIn>,
    /// The organizer's actions, oldest first (at most [`super::log::MAX_LOG`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<LogEntry>,
    // Options chosen at creation, added after the first stored tournaments: each has a
    // default, so a tournament stored before them loads (a knockout then settles its
    // drawn games by the default rule).
    /// Knockout: how a drawn game is settled.
    #[serde(default)]
    pub knockout_ties: KnockoutTie,
    /// Swiss: round 1 is paired with accelerated pairings (the top seeds get a virtual
    /// point for the pairing only; see `Tournament::pairing_points`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub accelerated: bool,
    /// Arena: when it started (its window opened), milliseconds since the Unix epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arena_start_ms: Option<u64>,
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
            paused: None,
            checkin: None,
            log: Vec::new(),
            knockout_ties: KnockoutTie::default(),
            accelerated: false,
            arena_start_ms: None,
            public_id: String::new(),
        }
    }
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
        let once = if n.is_multiple_of(2) {
            n.saturating_sub(1)
        } else {
            n
        };
        match self.format {
            Format::RoundRobin => once,
            Format::DoubleRoundRobin => 2 * once,
            Format::Swiss { rounds } => rounds,
            Format::Knockout => n.max(1).next_power_of_two().trailing_zeros(),
            // As many as the window holds.
            Format::Arena { .. } => u32::MAX,
        }
    }

    /// Whether the format is a round robin, single or double.
    pub fn is_round_robin(&self) -> bool {
        matches!(self.format, Format::RoundRobin | Format::DoubleRoundRobin)
    }

    /// Points for a bye: a full point in Swiss *(choice: the usual online rule)*, none
    /// in a round robin (everyone sits out once when the field is odd), none in a
    /// knockout (the seed just advances).
    pub(super) fn bye_points(&self) -> u32 {
        match self.format {
            Format::Swiss { .. } => 2,
            _ => 0,
        }
    }

    /// Records the result `res` of the game `game_id` (round, board; `res` by that
    /// game's sides) and returns whether it was news (false when already recorded or
    /// not found). In a knockout, a drawn game leaves the board open for the next game
    /// or decides it by the tie-break rule ([`KnockoutTie`]).
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
        if self.format == Format::Knockout {
            p.record_knockout_game(self.knockout_ties, res);
        } else {
            p.result = Some(res);
        }
        true
    }

    /// Withdraws entrant `e`: his open pairing of the current round is lost by forfeit
    /// (unless its game is already running: then the caller resigns it and the result
    /// comes back through [`Tournament::record`]). Returns the open game to resign.
    pub fn withdraw(&mut self, e: usize) -> Option<(ChannelKey, String)> {
        self.entrants[e].withdrawn = true;
        // The last round's, or in an arena the one he is playing in.
        let p = self
            .rounds
            .iter_mut()
            .rev()
            .flat_map(|r| r.pairings.iter_mut())
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
            Format::RoundRobin | Format::DoubleRoundRobin => {
                (number <= self.total_rounds()).then(|| self.round_robin_pairs(number))
            }
            Format::Swiss { rounds } => {
                (number <= rounds && active.len() >= 2).then(|| self.swiss_pairs(&active))
            }
            Format::Knockout => self.knockout_pairs(number),
            Format::Arena { .. } => return self.arena_wave(),
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
                games: Vec::new(),
                by_rule: false,
                next_id: None,
                game_ids: Vec::new(),
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

    /// Round `number` of a round robin: the Berger table's round; in a double round
    /// robin, rounds past the first cycle repeat the first cycle's rounds with the
    /// sides swapped (a bye stays a bye).
    fn round_robin_pairs(&self, number: u32) -> Vec<(usize, Option<usize>)> {
        let n = self.entrants.len();
        let once = match self.format {
            Format::DoubleRoundRobin => self.total_rounds() / 2,
            _ => self.total_rounds(),
        };
        if number <= once {
            return berger(n, number);
        }
        berger(n, number - once)
            .into_iter()
            .map(|(s, nn)| match nn {
                Some(nn) => (nn, Some(s)),
                None => (s, None),
            })
            .collect()
    }

    /// The points of every entrant, in half points, after the recorded results. A bye
    /// counts once its round is complete (its points are not ahead of the others'
    /// while they play).
    pub fn points(&self) -> Vec<u32> {
        let mut pts = vec![0u32; self.entrants.len()];
        for r in &self.rounds {
            let done = r.is_complete();
            for p in &r.pairings {
                if p.north.is_none() && done && p.result.is_some() {
                    pts[p.south] += self.bye_points();
                }
            }
        }
        for p in self.rounds.iter().flat_map(|r| &r.pairings) {
            match (p.north, p.result) {
                (None, _) => {}
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
}
