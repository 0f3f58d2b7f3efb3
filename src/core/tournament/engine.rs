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
use std::convert::Infallible;

use serde::{Deserialize, Serialize};

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

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Format::RoundRobin => f.write_str("round robin"),
            Format::Swiss { rounds } => write!(f, "Swiss, {rounds} rounds"),
            Format::Knockout => f.write_str("knockout"),
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
    /// Knockout: the last round he reached.
    pub reached: u32,
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
                if n % 2 == 0 {
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

    /// South games minus North games, and the side of the last game (`Some(true)`:
    /// South), per entrant.
    fn colours(&self) -> Vec<(i32, Option<bool>)> {
        let mut c = vec![(0, None); self.entrants.len()];
        for p in self.rounds.iter().flat_map(|r| &r.pairings) {
            if let Some(n) = p.north {
                c[p.south].0 += 1;
                c[p.south].1 = Some(true);
                c[n].0 -= 1;
                c[n].1 = Some(false);
            }
        }
        c
    }

    /// Swiss pairing of `active` (entrants not withdrawn), by a maximum weight perfect
    /// matching (rustworkx-core, Edmonds' blossom algorithm) on the complete graph of
    /// the players, plus a bye node when their number is odd. Edge weights, from the
    /// strongest term to the weakest:
    /// 0. a second bye costs more than everything else: while an active player has had
    ///    no bye, nobody gets a second one (byes rotate);
    /// 1. a pairing already played costs more than all that follows, so it happens only
    ///    when no pairing avoids it;
    /// 2. the square of the score difference (players stay in their score group, and
    ///    the fewest float, as little as possible); a bye costs the player's score, so
    ///    it goes to the lowest score group (rotating: see 1);
    /// 3. two players due the same side (colour balance);
    /// 4. within a score group, the top half meets the bottom half (seed distance).
    ///
    /// Sides: South to the player who has had South less often, then to the one who had
    /// North last, then to the higher seed.
    fn swiss_pairs(&self, active: &[usize]) -> Vec<(usize, Option<usize>)> {
        let pts = self.points();
        let col = self.colours();
        let n = active.len();
        let bye_node = (n % 2 == 1).then_some(n);
        let edges = self.swiss_edges(active, &pts, &col, bye_node);
        let mut pairs: Vec<(usize, Option<usize>)> = Vec::new();
        for (x, y) in best_perfect_matching(&edges) {
            let (x, y) = (x.min(y), x.max(y));
            if Some(y) == bye_node {
                pairs.push((active[x], None));
                continue;
            }
            let (a, b) = (active[x], active[y]);
            let key = |e: usize| (col[e].0, col[e].1 == Some(true), e);
            // Lower key gets South: fewer South games, North last, higher seed.
            let (s, nn) = if key(a) <= key(b) { (a, b) } else { (b, a) };
            pairs.push((s, Some(nn)));
        }
        // Boards in order of the higher score on them, then seed.
        pairs.sort_by_key(|&(s, n)| {
            let top = n.map_or(pts[s], |n| pts[s].max(pts[n]));
            let seed = n.map_or(s, |n| s.min(n));
            (n.is_none(), std::cmp::Reverse(top), seed)
        });
        pairs
    }

    /// The weighted edges of the Swiss pairing graph over `active` (nodes are indexes
    /// into it; `bye_node`, when the count is odd, stands for the bye), weighted by the
    /// criteria of [`Tournament::swiss_pairs`]: points `pts`, side history `col`.
    fn swiss_edges(
        &self,
        active: &[usize],
        pts: &[u32],
        col: &[(i32, Option<bool>)],
        bye_node: Option<usize>,
    ) -> Vec<(u32, u32, i128)> {
        let met = self.met();
        let byes = self.byes();
        let n = active.len();
        // Rank within the score group, for the top-half/bottom-half term.
        let mut order: Vec<usize> = active.to_vec();
        order.sort_by_key(|&e| (std::cmp::Reverse(pts[e]), e));
        const BYE_AGAIN: i128 = 1_000_000_000_000_000;
        const REPEAT: i128 = 1_000_000_000_000;
        const SCORE: i128 = 1_000_000;
        const COLOUR: i128 = 1_000;
        let mut edges: Vec<(u32, u32, i128)> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (active[i], active[j]);
                let mut w: i128 = 0;
                if met.contains(&(a, b)) {
                    w -= REPEAT;
                }
                let d = i128::from(pts[a].abs_diff(pts[b]));
                w -= SCORE * d * d;
                let (ca, cb) = (col[a].0, col[b].0);
                if (ca > 0 && cb > 0) || (ca < 0 && cb < 0) {
                    w -= COLOUR * i128::from(ca.abs().min(cb.abs()) as u8);
                }
                if pts[a] == pts[b] {
                    w -= half_group_distance(&order, pts, a, b);
                }
                edges.push((i as u32, j as u32, w));
            }
            if let Some(b) = bye_node {
                let a = active[i];
                let mut w: i128 = -SCORE * i128::from(pts[a]) * 4;
                w -= BYE_AGAIN * i128::from(byes[a]);
                // Among equals, the lowest seed gets the bye.
                w += a as i128;
                edges.push((i as u32, b as u32, w));
            }
        }
        edges
    }

    /// Knockout round `number`: round 1 from the seeded bracket (byes to the top
    /// seeds), later rounds pair the winners of neighbouring boards. `None` when one
    /// player is left. The higher seed plays South.
    fn knockout_pairs(&self, number: u32) -> Option<Vec<(usize, Option<usize>)>> {
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
                .map(|p| match (p.north, p.result) {
                    (None, _) => p.south,
                    (Some(n), Some(Res::North)) => n,
                    (Some(n), Some(Res::Draw)) => p.south.min(n),
                    _ => p.south,
                })
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

    /// The knockout winner of a pairing: the winner on the board; after a draw the
    /// higher seed advances *(choice: a knockout needs a winner, and the seed is the
    /// only order both players knew beforehand)*.
    pub fn knockout_winner(p: &Pairing) -> Option<usize> {
        match (p.north, p.result?) {
            (None, _) => Some(p.south),
            (Some(n), Res::North) => Some(n),
            (Some(n), Res::Draw) => Some(p.south.min(n)),
            (Some(_), Res::South) => Some(p.south),
        }
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
            // Knocked-out players stay at the round they lost in; the winner one past.
            if self.phase == Phase::Finished {
                if let Some(w) = self
                    .rounds
                    .last()
                    .and_then(|r| r.pairings.first())
                    .and_then(Tournament::knockout_winner)
                {
                    rows[w].reached += 1;
                }
            }
            rows.sort_by_key(|s| {
                (
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

/// Round `round` (from 1) of the Berger table for `n` players (entrant indices 0 to
/// n-1; an odd field gets a dummy whose opponent has the bye), as (South, North) pairs,
/// South first-named (FIDE C.05 Annex 1: round 1 is 1-n, 2-(n-1), ...; each round
/// starts n/2 further along the cycle of the first n-1; the last player alternates
/// sides).
///
/// # Panics
/// If `round` is 0 or more than the rounds of the table.
pub fn berger(n: usize, round: u32) -> Vec<(usize, Option<usize>)> {
    let even = n + n % 2;
    let m = even - 1;
    assert!(round >= 1 && round as usize <= m, "round {round} of {m}");
    let r = round as usize - 1;
    let a0 = (r * (even / 2)) % m;
    let seq: Vec<usize> = (0..m).map(|k| (a0 + k) % m).collect();
    let last = even - 1;
    let real = |e: usize| (e < n).then_some(e);
    let mut out = Vec::new();
    let first = if round % 2 == 1 {
        (seq[0], last)
    } else {
        (last, seq[0])
    };
    for (a, b) in std::iter::once(first).chain((1..even / 2).map(|i| (seq[i], seq[m - i]))) {
        match (real(a), real(b)) {
            (Some(a), Some(b)) => out.push((a, Some(b))),
            (Some(a), None) | (None, Some(a)) => out.push((a, None)),
            (None, None) => {}
        }
    }
    out
}

/// The seeds (from 0) in bracket order for a bracket of `size` (a power of two): seed 1
/// meets seed `size`, and the top two seeds can meet only in the final.
pub fn bracket(size: usize) -> Vec<usize> {
    let mut b = vec![0usize];
    while b.len() < size {
        let n = b.len() * 2;
        b = b.iter().flat_map(|&s| [s, n - 1 - s]).collect();
    }
    b
}

/// How far `a` and `b` (of one score group) are from meeting top half against bottom
/// half: |rank gap - half the group|, ranks in `order` (by points, then seed).
fn half_group_distance(order: &[usize], pts: &[u32], a: usize, b: usize) -> i128 {
    let group: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&e| pts[e] == pts[a])
        .collect();
    let ra = group.iter().position(|&e| e == a).unwrap_or(0) as i128;
    let rb = group.iter().position(|&e| e == b).unwrap_or(0) as i128;
    let half = (group.len() / 2) as i128;
    ((ra - rb).abs() - half).abs()
}

/// The matching of most total weight among those that pair every node (`edges`: node,
/// node, weight): weights are shifted positive, and with maximal cardinality the
/// matching is perfect whenever one exists.
fn best_perfect_matching(edges: &[(u32, u32, i128)]) -> Vec<(usize, usize)> {
    let min = edges.iter().map(|e| e.2).min().unwrap_or(0);
    let g = rustworkx_core::petgraph::graph::UnGraph::<(), i128>::from_edges(
        edges.iter().map(|&(a, b, w)| (a, b, w - min + 1)),
    );
    rustworkx_core::max_weight_matching::max_weight_matching(
        &g,
        true,
        |e| Ok::<i128, Infallible>(*e.weight()),
        false,
    )
    .map(|m| m.into_iter().collect())
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_based(v: Vec<(usize, Option<usize>)>) -> Vec<(usize, usize)> {
        v.into_iter()
            .map(|(a, b)| (a + 1, b.map_or(0, |b| b + 1)))
            .collect()
    }

    #[test]
    fn berger_matches_the_fide_tables() {
        assert_eq!(one_based(berger(4, 1)), vec![(1, 4), (2, 3)]);
        assert_eq!(one_based(berger(4, 2)), vec![(4, 3), (1, 2)]);
        assert_eq!(one_based(berger(4, 3)), vec![(2, 4), (3, 1)]);
        assert_eq!(one_based(berger(6, 2)), vec![(6, 4), (5, 3), (1, 2)]);
        assert_eq!(one_based(berger(6, 4)), vec![(6, 5), (1, 4), (2, 3)]);
        assert_eq!(one_based(berger(6, 5)), vec![(3, 6), (4, 2), (5, 1)]);
        // Five players: the sixth is the bye.
        assert_eq!(one_based(berger(5, 1)), vec![(1, 0), (2, 5), (3, 4)]);
    }

    #[test]
    fn bracket_puts_top_seeds_apart() {
        assert_eq!(bracket(8), vec![0, 7, 3, 4, 1, 6, 2, 5]);
        assert_eq!(bracket(2), vec![0, 1]);
    }
}
