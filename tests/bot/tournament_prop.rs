//! Random tournaments through the core: entries, results on the board, draws, games
//! lost on time, withdrawals, the organizer's tools (adjudications, kicks, extensions,
//! pauses, rounds closed by the rule) and restarts, in every format. After every step:
//!
//! - nobody scores without a result: every result that is not a forfeit is the result
//!   of its finished game, and every forfeit has a withdrawn player;
//! - nobody advances in a knockout without a win (a draw never decides on its own);
//! - no game is lost on time while the tournament is paused;
//! - a round is complete before the next is paired, and a finished tournament has a
//!   result on every board;
//! - no game counts twice: the rating table holds exactly the rated games played;
//! - a restart (a new core over the same store) changes neither the stored tournament
//!   nor the standings' text.
//!
//! `PROPTEST_CASES` raises the number of tournaments (the default keeps the suite fast).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use mancala_bot::core::api::{ChatCore, Reply};
use mancala_bot::core::ratings::{table_key, RatingTable};
use mancala_bot::core::tournament::{Format, Pairing, Phase, Res, Tournament};
use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::model::ChannelKey;
use mancala_bot::store::{GameResult, MemoryStore, Store};
use mancala_rules::Side;
use proptest::prelude::*;

use crate::core_chat::{chan, say, say_as, FakePainter};

/// What happens to one open game when its turn in the script comes.
#[derive(Clone, Copy, Debug)]
enum Act {
    /// Both move, then North resigns.
    SouthWins,
    /// Both move, then South resigns.
    NorthWins,
    /// Both move, then both agree a draw.
    Draw,
    /// Nobody moves: the game is lost on time when the clock passes its deadline.
    Timeout,
    /// The organizer withdraws South (his game in play is resigned for him).
    WithdrawSouth,
    /// Nothing yet: the game stays open this pass.
    Wait,
    /// South asks to abort before any move (refused in a tournament, or the game is
    /// replayed: never a pairing left without a result).
    Abort,
    /// Both move, then the organizer adjudicates the game by its id.
    Adjudicate(Res),
    /// The organizer kicks South (a withdrawal by the organizer).
    Kick,
    /// The organizer extends the game's deadline by a day; nobody moves.
    Extend,
    /// The organizer pauses the tournament; a day and a half passes (no game may be
    /// lost on time meanwhile); South moves; the organizer resumes.
    Pause,
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        4 => Just(Act::SouthWins),
        4 => Just(Act::NorthWins),
        3 => Just(Act::Draw),
        1 => Just(Act::Timeout),
        1 => Just(Act::WithdrawSouth),
        1 => Just(Act::Wait),
        1 => Just(Act::Abort),
        1 => Just(Act::Adjudicate(Res::South)),
        1 => Just(Act::Adjudicate(Res::Draw)),
        1 => Just(Act::Kick),
        1 => Just(Act::Extend),
        1 => Just(Act::Pause),
    ]
}

/// One random tournament: its format, field, script of acts and restarts.
#[derive(Clone, Debug)]
struct Script {
    format: &'static str,
    players: usize,
    acts: Vec<Act>,
    restarts: Vec<bool>,
}

fn script() -> impl Strategy<Value = Script> {
    (
        prop_oneof![
            Just("roundrobin"),
            Just("swiss 1"),
            Just("swiss 3"),
            Just("swiss 5"),
            Just("knockout"),
        ],
        2usize..=9,
        prop::collection::vec(act(), 64),
        prop::collection::vec(any::<bool>(), 16),
    )
        .prop_map(|(format, players, acts, restarts)| Script {
            format,
            players,
            acts,
            restarts,
        })
}

const NAME: &str = "prop";
const COMMUNITY: &str = "guild-1";

/// The running bed: a shared store, a clock and the core of the moment.
struct Bed {
    store: Arc<MemoryStore>,
    clock: Arc<ManualClock>,
    core: Core,
    lobby: ChannelKey,
    /// Rated games played to a result on the board, by result.
    rated: HashMap<&'static str, u32>,
}

impl Bed {
    fn new() -> Bed {
        let store = Arc::new(MemoryStore::new());
        let clock = Arc::new(ManualClock::new(1_700_000_000_000));
        let core = Bed::open(&store, &clock);
        Bed {
            store,
            clock,
            core,
            lobby: chan("prop-hall"),
            rated: HashMap::new(),
        }
    }

    fn open(store: &Arc<MemoryStore>, clock: &Arc<ManualClock>) -> Core {
        Core::new(
            store.clone(),
            Arc::new(FakePainter::default()),
            clock.clone(),
            Settings::default(),
        )
    }

    /// A new core over the same store: what a restart keeps is what the store holds.
    fn restart(&mut self) {
        let before = self.tournament();
        let text = self.standings_text();
        self.core = Bed::open(&self.store, &self.clock);
        assert_eq!(
            self.tournament(),
            before,
            "the stored tournament after a restart"
        );
        assert_eq!(self.standings_text(), text, "the standings after a restart");
    }

    fn tournament(&self) -> Tournament {
        let bytes = self
            .store
            .doc(&Tournament::key_of(COMMUNITY, NAME))
            .unwrap()
            .expect("the tournament is stored");
        serde_json::from_slice(&bytes).unwrap()
    }

    fn standings_text(&self) -> String {
        text(&say(
            &self.core,
            &self.lobby,
            "p1",
            &format!("!tournament standings {NAME}"),
        ))
    }

    fn org(&self, text: &str) -> Vec<Reply> {
        say_as(&self.core, &self.lobby, "org", text, true)
    }

    /// Plays `act` on the open pairing (`south`, `north`) in `room`; whether it is
    /// done (not waiting for the clock or the next pass).
    fn play(&mut self, act: Act, room: &ChannelKey, south: &str, north: &str) -> bool {
        let both_move = |bed: &Bed| {
            for who in [south, north] {
                let mv = bed.core.legal_moves(room)[0].clone();
                expect_ok(say(&bed.core, room, who, &format!("!sow {mv}")));
            }
        };
        match act {
            Act::SouthWins | Act::NorthWins => {
                both_move(self);
                let loser = if matches!(act, Act::SouthWins) {
                    north
                } else {
                    south
                };
                expect_ok(say(&self.core, room, loser, "!resign"));
                *self.rated.entry("decisive").or_default() += 1;
            }
            Act::Draw => {
                both_move(self);
                expect_ok(say(&self.core, room, south, "!draw"));
                expect_ok(say(&self.core, room, north, "!draw"));
                *self.rated.entry("drawn").or_default() += 1;
            }
            Act::WithdrawSouth => {
                let moved = self.core.legal_moves(room).len();
                assert!(moved > 0);
                expect_ok(self.org(&format!("!tournament withdraw @{south} {NAME}")));
            }
            Act::Abort => {
                say(&self.core, room, south, "!abort");
                return false;
            }
            Act::Adjudicate(res) => {
                both_move(self);
                let id = self.store.load(room).unwrap().unwrap().record.id;
                let word = match res {
                    Res::South => "south",
                    Res::North => "north",
                    Res::Draw => "draw",
                };
                expect_ok(self.org(&format!("!tournament adjudicate {id} {word} prop test")));
                let kind = if res == Res::Draw {
                    "drawn"
                } else {
                    "decisive"
                };
                *self.rated.entry(kind).or_default() += 1;
            }
            Act::Kick => {
                expect_ok(self.org(&format!("!tournament kick @{south} {NAME} prop test")));
            }
            Act::Extend => {
                let id = self.store.load(room).unwrap().unwrap().record.id;
                expect_ok(self.org(&format!("!tournament extend {id} 24h")));
                return false;
            }
            Act::Pause => return self.pause(room, south),
            Act::Timeout | Act::Wait => return false,
        }
        true
    }
}

impl Bed {
    /// [`Act::Pause`]: a day and a half passes while paused, and the game in `room` is
    /// still open; South moves during the pause; then the resume.
    fn pause(&mut self, room: &ChannelKey, south: &str) -> bool {
        expect_ok(self.org(&format!("!tournament pause {NAME}")));
        self.clock.advance(Duration::from_secs(36 * 3600));
        self.core.tick();
        let r = self
            .store
            .load(room)
            .unwrap()
            .expect("no game is lost during a pause");
        assert!(r.record.result().is_none(), "a game ended during a pause");
        let mv = self.core.legal_moves(room)[0].clone();
        say(&self.core, room, south, &format!("!sow {mv}"));
        expect_ok(self.org(&format!("!tournament resume {NAME}")));
        false
    }
}

fn text(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[track_caller]
fn expect_ok(replies: Vec<Reply>) {
    assert!(!replies.is_empty());
    for r in &replies {
        assert!(!r.is_error, "unexpected refusal: {}", r.text());
    }
}

/// The invariants of the module's doc, on the stored tournament.
fn check(bed: &Bed) {
    let t = bed.tournament();
    let last = t.rounds.len();
    for (i, round) in t.rounds.iter().enumerate() {
        assert_eq!(round.number as usize, i + 1);
        if i + 1 < last || t.phase == Phase::Finished {
            assert!(
                round.pairings.iter().all(|p| p.result.is_some()),
                "round {} is complete before the next: {round:?}",
                round.number
            );
        }
        for p in &round.pairings {
            check_pairing(bed, &t, round.number, p);
        }
    }
    if t.format == Format::Knockout {
        check_knockout(&t);
    }
    check_counts(bed, &t);
}

fn check_pairing(bed: &Bed, t: &Tournament, round: u32, p: &Pairing) {
    let (Some(north), Some(res)) = (p.north, p.result) else {
        return;
    };
    if p.forfeit {
        assert!(
            t.entrants[p.south].withdrawn || t.entrants[north].withdrawn,
            "a forfeit without a withdrawn player: {p:?}"
        );
        return;
    }
    if t.format != Format::Knockout {
        let id = p
            .game_id
            .as_deref()
            .expect("a result on the board has its game");
        assert_eq!(
            game_result(bed, id),
            res,
            "the result scored is the game's: {p:?}"
        );
        return;
    }
    // A knockout board: each of its games' results (from the board's sides, whatever
    // side each player had in that game) is its finished game's; the board's result is
    // its last game's, or, when every game was drawn, the stated rule's (the higher
    // seed, announced).
    let ids = t.board_game_ids(round, p);
    assert_eq!(ids.len(), p.games.len(), "one id per game: {p:?}");
    for (i, &got) in p.games.iter().enumerate() {
        let n = i as u32 + 1;
        let id = &ids[i];
        let (game_south, _) = p.game_sides(n).unwrap();
        let on_board = match game_result(bed, id) {
            Res::Draw => Res::Draw,
            Res::South if game_south == p.south => Res::South,
            Res::North if game_south != p.south => Res::South,
            _ => Res::North,
        };
        assert_eq!(on_board, got, "game {n} of {p:?}");
    }
    if p.by_rule {
        assert!(p.games.iter().all(|r| *r == Res::Draw), "{p:?}");
        let seed = if p.south < north {
            Res::South
        } else {
            Res::North
        };
        assert_eq!(res, seed, "the rule advances the higher seed: {p:?}");
    } else {
        assert_eq!(p.games.last(), Some(&res), "{p:?}");
        assert_ne!(
            res,
            Res::Draw,
            "a knockout board is never left drawn: {p:?}"
        );
    }
}

/// The result of the finished game `id`, from its own sides.
fn game_result(bed: &Bed, id: &str) -> Res {
    let game = bed
        .store
        .finished(id)
        .unwrap()
        .unwrap_or_else(|| panic!("the game {id} of a result is finished"));
    match game.result() {
        Some(GameResult::Win(Side::South)) => Res::South,
        Some(GameResult::Win(Side::North)) => Res::North,
        Some(GameResult::Draw) => Res::Draw,
        other => panic!("game {id} ended {other:?} but has a result"),
    }
}

/// In a knockout, whoever plays in round r + 1 won his pairing of round r (or had a
/// bye): a draw advances nobody by itself.
fn check_knockout(t: &Tournament) {
    for pair in t.rounds.windows(2) {
        let (prev, next) = (&pair[0], &pair[1]);
        for p in &next.pairings {
            for e in std::iter::once(p.south).chain(p.north) {
                let won = prev.pairings.iter().any(|q| match (q.north, q.result) {
                    (None, Some(_)) => q.south == e,
                    (Some(_), Some(Res::South)) => q.south == e,
                    (Some(n), Some(Res::North)) => n == e,
                    _ => false,
                });
                assert!(
                    won,
                    "{} plays round {} without a win in round {}",
                    t.entrants[e].user.name, next.number, prev.number
                );
            }
        }
    }
}

/// Every rated game played counts once in the rating table, and once in the standings.
fn check_counts(bed: &Bed, t: &Tournament) {
    let table: RatingTable = bed
        .store
        .doc(&table_key(
            COMMUNITY,
            mancala_bot::core::ratings::family(t.kind),
        ))
        .unwrap()
        .map(|b| serde_json::from_slice(&b).unwrap())
        .unwrap_or_default();
    let games: u32 = table
        .players
        .values()
        .map(|p| p.won_drawn_lost.iter().sum::<u32>())
        .sum();
    let played = bed.rated.values().sum::<u32>();
    assert_eq!(games, 2 * played, "rated games in the table");
    let draws: u32 = table.players.values().map(|p| p.won_drawn_lost[1]).sum();
    assert_eq!(draws, 2 * bed.rated.get("drawn").copied().unwrap_or(0));
    // A Swiss bye is a won game in the standings once its round is complete; a bye
    // elsewhere is no game. A knockout board counts its games.
    if t.format == Format::Knockout {
        return;
    }
    let swiss = matches!(t.format, Format::Swiss { .. });
    for s in t.standings() {
        let scored = t
            .rounds
            .iter()
            .flat_map(|r| r.pairings.iter().map(move |p| (r, p)))
            .filter(|(r, p)| {
                let counts = p.north.is_some() || (swiss && r.is_complete());
                counts && p.result.is_some() && p.has(s.entrant)
            })
            .count() as u32;
        assert_eq!(s.won_drawn_lost.iter().sum::<u32>(), scored);
    }
}

/// Runs `script` to the end of the tournament (or of the script), checking after each
/// pass over the open games.
fn run(script: &Script) {
    let mut bed = Bed::new();
    let game = "katro:4x4";
    expect_ok(bed.org(&format!(
        "!tournament new {NAME} {game} {} 1d",
        script.format
    )));
    let players: Vec<String> = (1..=script.players).map(|i| format!("p{i}")).collect();
    for p in &players {
        expect_ok(say(
            &bed.core,
            &bed.lobby,
            p,
            &format!("!tournament join {NAME}"),
        ));
    }
    expect_ok(bed.org(&format!("!tournament start {NAME}")));
    let mut acts = script.acts.iter().cycle();
    let mut restarts = script.restarts.iter().cycle();
    let mut closes = script.restarts.iter().rev().cycle();
    for _pass in 0..40 {
        check(&bed);
        let t = bed.tournament();
        if t.phase != Phase::Running {
            break;
        }
        let round = t
            .current()
            .expect("a running tournament has a round")
            .clone();
        let mut waiting_clock = false;
        for p in round.pairings.iter().filter(|p| p.is_open()) {
            let Some(room) = p.room.clone() else { continue };
            let (s, n) = (
                t.entrants[p.south].user.name.clone(),
                t.entrants[p.north.unwrap()].user.name.clone(),
            );
            // A withdrawal earlier in this pass may have ended this game already.
            if bed.store.load(&room).unwrap().is_none() {
                continue;
            }
            let a = *acts.next().unwrap();
            if !bed.play(a, &room, &s, &n) && matches!(a, Act::Timeout) {
                waiting_clock = true;
            }
        }
        let next_round = bed.tournament().rounds.len() > round.number as usize;
        if !next_round && *closes.next().unwrap() {
            // The organizer closes the round: its unfinished games by the stated rule.
            bed.org(&format!("!tournament next-round adjudicate {NAME}"));
        }
        let next_round = bed.tournament().rounds.len() > round.number as usize;
        if waiting_clock || !next_round {
            // The clock passes every deadline: games nobody played are lost on time.
            bed.clock.advance(Duration::from_secs(25 * 3600));
            bed.core.tick();
        }
        if *restarts.next().unwrap() {
            bed.restart();
        }
    }
    check(&bed);
    let t = bed.tournament();
    assert_eq!(t.phase, Phase::Finished, "the tournament ends: {t:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_tournaments_decide_only_by_results(script in script()) {
        run(&script);
    }
}
