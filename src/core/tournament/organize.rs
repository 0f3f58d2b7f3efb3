//! The organizer tools' decisions, pure: each changes a tournament as read, or a game
//! of it as read in its room, or refuses (changing nothing). Time is passed in, never
//! read. The commands that read and write them are `org_commands`.
//!
//! Rules stated here:
//! - Who organizes a tournament: whoever has the organizer role where he writes
//!   (as for `!tournament start` and `cancel`), or whoever created it.
//! - An adjudicated game ends in its room with [`Verdict::Adjudicated`]: the record
//!   is finished, so no later move can change it, and its result reaches the
//!   tournament once, as every game's does (by its id, [`Tournament::record`]).
//! - The round-closing rule ([`rule_result`]): an unfinished game is won by the side
//!   that has captured more seeds at that moment (a match: more games won, then more
//!   seeds captured in the game in play); equal, it is drawn.
//! - A pause stops every clock: no deadline passes, no game is forfeited, no round is
//!   paired. Moves are allowed during a pause, and the clock does not run: each mover
//!   finds the time he had when the pause began (his opponent, after a move, a whole
//!   time per move) when it ends.

use mancala_rules::Side;

use super::log::{Act, CheckIn, Pause};
use super::{Pairing, Phase, Res, Tournament};
use crate::core::command::{Adjudged, GameRef};
use crate::core::decision::{refuse, Refusal};
use crate::model::User;
use crate::store::{Play, Record, Status, Verdict};

/// Whether `author` organizes `t`: the organizer role where he writes (`role`), or
/// its creator.
pub(super) fn may_organize(role: bool, author: &User, t: &Tournament) -> bool {
    role || t.organizer.id == author.id
}

/// Refuses unless `author` organizes `t` ([`may_organize`]).
pub(super) fn organizer_only(role: bool, author: &User, t: &Tournament) -> Result<(), Refusal> {
    match may_organize(role, author, t) {
        true => Ok(()),
        false => refuse(tr!(
            "tournament-organizer-only",
            name = &t.name,
            organizer = &t.organizer.name
        )),
    }
}

/// Refuses unless `t` is running.
pub(super) fn running(t: &Tournament) -> Result<(), Refusal> {
    match t.phase {
        Phase::Running => Ok(()),
        Phase::Registration => refuse(tr!("tournament-org-not-started", name = &t.name)),
        _ => refuse(tr!("tournament-is-over", name = &t.name)),
    }
}

/// The pairing `game` names in `t`: (round, board). A board number is of the current
/// round; an id, of any round.
///
/// # Errors
/// No such game; a bye; a game already over (its result named).
pub(super) fn open_game(t: &Tournament, game: &GameRef) -> Result<(u32, u32), Refusal> {
    let found = match game {
        GameRef::Board(b) => t
            .current()
            .and_then(|r| r.pairings.iter().find(|p| p.board == *b).map(|p| (r, p))),
        GameRef::Id(id) => t.rounds.iter().find_map(|r| {
            r.pairings
                .iter()
                .find(|p| p.game_id.as_deref() == Some(id))
                .map(|p| (r, p))
        }),
    };
    let Some((round, p)) = found else {
        return refuse(match game {
            GameRef::Board(b) => tr!("tournament-no-board", name = &t.name, board = *b),
            GameRef::Id(id) => tr!("tournament-no-game", name = &t.name, id = id.as_str()),
        });
    };
    if p.north.is_none() {
        return refuse(tr!(
            "tournament-game-bye",
            round = round.number,
            board = p.board
        ));
    }
    if let Some(res) = p.result {
        return refuse(tr!(
            "tournament-game-over",
            round = round.number,
            board = p.board,
            score = super::log::score(res)
        ));
    }
    Ok((round.number, p.board))
}

/// The pairing `board` of round `round` of `t`.
pub(super) fn pairing(t: &Tournament, round: u32, board: u32) -> Option<&Pairing> {
    t.rounds
        .iter()
        .find(|r| r.number == round)?
        .pairings
        .iter()
        .find(|p| p.board == board)
}

/// The result `said` means for the pairing `p` of `t`.
///
/// # Errors
/// A player who does not play that game.
pub(super) fn result_of(t: &Tournament, p: &Pairing, said: &Adjudged) -> Result<Res, Refusal> {
    let matches = |e: usize, name: &str, user: Option<&User>| {
        let u = &t.entrants[e].user;
        user.is_some_and(|m| m.id == u.id) || u.name.eq_ignore_ascii_case(name)
    };
    match said {
        Adjudged::South => Ok(Res::South),
        Adjudged::North => Ok(Res::North),
        Adjudged::Draw => Ok(Res::Draw),
        Adjudged::Player { name, user } => {
            if matches(p.south, name, user.as_ref()) {
                Ok(Res::South)
            } else if p.north.is_some_and(|n| matches(n, name, user.as_ref())) {
                Ok(Res::North)
            } else {
                refuse(tr!("tournament-adjudicate-who", player = name.as_str()))
            }
        }
    }
}

/// The winning side of a tournament result (`None`: drawn).
pub(super) fn winner(res: Res) -> Option<Side> {
    match res {
        Res::South => Some(Side::South),
        Res::North => Some(Side::North),
        Res::Draw => None,
    }
}

/// The result the round-closing rule gives the game of `r` as it stands (see the
/// module): more seeds captured wins (a match: more games won first); equal, drawn.
pub(super) fn rule_result(r: &Record) -> Res {
    let Some(play) = r.play() else {
        return Res::Draw;
    };
    let by = |a: u32, b: u32| match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Res::South),
        std::cmp::Ordering::Less => Some(Res::North),
        std::cmp::Ordering::Equal => None,
    };
    let game = play.game();
    let seeds = by(game.captured(Side::South), game.captured(Side::North));
    let games = match play {
        Play::Match(m) => by(m.wins(Side::South) as u32, m.wins(Side::North) as u32),
        Play::Game(_) => None,
    };
    games.or(seeds).unwrap_or(Res::Draw)
}

/// The game `id` of the record `r` as read in its room, when it is still in play.
pub(super) fn live<'r>(r: Option<&'r Record>, id: &str) -> Option<&'r Record> {
    r.filter(|r| r.id == id && r.status() == Status::Playing)
}

/// The game of `r` (in play) ended by the organizer with `res` at `now`.
///
/// # Errors
/// The game is not in play (a refusal saying so).
pub(super) fn adjudicated(r: &Record, res: Res, now: u64) -> Result<Record, Refusal> {
    let verdict = Verdict::Adjudicated {
        winner: winner(res),
    };
    crate::core::deadlines::finished_with(r, verdict, now)
        .map_err(|_| crate::core::decision::Refusal(tr!("tournament-game-ended")))
}

/// `pause`: `t` paused at `now` by `by`.
///
/// # Errors
/// Not running, or already paused.
pub(super) fn pause(t: &mut Tournament, by: &User, now: u64) -> Result<(), Refusal> {
    running(t)?;
    if t.paused.is_some() {
        return refuse(tr!("tournament-already-paused", name = &t.name));
    }
    t.paused = Some(Pause { since_ms: now });
    t.log_act(by, now, Act::Paused);
    Ok(())
}

/// `resume`: `t` no longer paused; how long the pause lasted, milliseconds.
///
/// # Errors
/// Not running, or not paused.
pub(super) fn resume(t: &mut Tournament, by: &User, now: u64) -> Result<u64, Refusal> {
    running(t)?;
    let Some(p) = t.paused.take() else {
        return refuse(tr!("tournament-not-paused", name = &t.name));
    };
    let lasted = now.saturating_sub(p.since_ms);
    t.log_act(by, now, Act::Resumed { paused_ms: lasted });
    Ok(lasted)
}

/// `checkin open [DURATION]`: check-in opens at `now`, until `now + window` if given.
/// Players already checked in stay so.
///
/// # Errors
/// The tournament has started or is over.
pub(super) fn open_checkin(
    t: &mut Tournament,
    by: &User,
    window: Option<u64>,
    now: u64,
) -> Result<(), Refusal> {
    if t.phase != Phase::Registration {
        return refuse(tr!("tournament-checkin-started", name = &t.name));
    }
    let until_ms = window.map(|w| now.saturating_add(w));
    let checked = t.checkin.take().map(|c| c.checked).unwrap_or_default();
    t.checkin = Some(CheckIn { until_ms, checked });
    t.log_act(by, now, Act::CheckInOpened { until_ms });
    Ok(())
}

/// `checkin`: `user` checks in at `now`; the number checked in, and of players.
///
/// # Errors
/// Started, check-in not open or closed, not a player, already checked in.
pub(super) fn check_in(
    t: &mut Tournament,
    user: &User,
    now: u64,
    p: &str,
) -> Result<(usize, usize), Refusal> {
    if t.phase != Phase::Registration {
        return refuse(tr!("tournament-checkin-started", name = &t.name));
    }
    let players = t.entrants.len();
    let is_in = t.entrant(user).is_some();
    let Some(c) = t.checkin.as_mut() else {
        return refuse(tr!("tournament-checkin-not-open", name = &t.name, p = p));
    };
    if let Some(until) = c.until_ms.filter(|u| now >= *u) {
        let time = crate::core::api::time_token(until);
        return refuse(tr!(
            "tournament-checkin-closed",
            name = &t.name,
            time = time
        ));
    }
    if !is_in {
        return refuse(tr!("tournament-not-in", name = &t.name));
    }
    if c.checked.contains(&user.id) {
        return refuse(tr!("tournament-checked-in-already", name = &t.name));
    }
    c.checked.push(user.id.clone());
    Ok((c.checked.len(), players))
}

/// A player who joins while check-in is open is checked in: he is there.
pub(super) fn joined(t: &mut Tournament, user: &User, now: u64) {
    if let Some(c) = t.checkin.as_mut() {
        if c.until_ms.is_none_or(|u| now < u) && !c.checked.contains(&user.id) {
            c.checked.push(user.id.clone());
        }
    }
}

/// At the start: the players who did not check in (when check-in was opened) are
/// removed, logged as `by`'s at `now`; their names.
pub(super) fn remove_no_shows(t: &mut Tournament, by: &User, now: u64) -> Vec<String> {
    let Some(c) = t.checkin.as_ref() else {
        return Vec::new();
    };
    let (stay, gone): (Vec<_>, Vec<_>) = std::mem::take(&mut t.entrants)
        .into_iter()
        .partition(|e| c.checked.contains(&e.user.id));
    t.entrants = stay;
    let names: Vec<String> = gone.into_iter().map(|e| e.user.name).collect();
    if !names.is_empty() {
        t.log_act(
            by,
            now,
            Act::NoShowsRemoved {
                players: names.clone(),
            },
        );
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tournament::Entrant;

    fn user(n: &str) -> User {
        User {
            id: n.into(),
            name: n.into(),
        }
    }

    fn field(names: &[&str]) -> Tournament {
        Tournament {
            name: "cup".into(),
            organizer: user("org"),
            entrants: names
                .iter()
                .map(|n| Entrant {
                    user: user(n),
                    rating: 0.0,
                    withdrawn: false,
                })
                .collect(),
            ..Tournament::default()
        }
    }

    #[test]
    fn a_pause_is_logged_once_and_its_length_at_the_resume() {
        let mut t = field(&["a", "b"]);
        assert!(pause(&mut t, &user("org"), 10).is_err(), "not started");
        t.phase = Phase::Running;
        assert_eq!(pause(&mut t, &user("org"), 10), Ok(()));
        assert!(pause(&mut t, &user("org"), 11).is_err(), "already paused");
        assert_eq!(resume(&mut t, &user("org"), 70), Ok(60));
        assert!(resume(&mut t, &user("org"), 80).is_err(), "not paused");
        let acts: Vec<&Act> = t.log.iter().map(|e| &e.act).collect();
        assert_eq!(acts, [&Act::Paused, &Act::Resumed { paused_ms: 60 }]);
    }

    /// The round-closing rule: more seeds captured wins; none captured, a draw.
    #[test]
    fn the_rule_gives_the_game_to_who_captured_more() {
        use crate::model::{ChannelKey, GameKind};
        use mancala_rules::{Game, Variant};
        let kind = GameKind::single(Variant::KATRO);
        let at = ChannelKey::default();
        let record = |g: Game| {
            let play = Play::Game(g);
            Record::in_play(
                "g".into(),
                at.clone(),
                kind,
                user("a"),
                user("b"),
                play,
                None,
                0,
            )
        };
        let mut g = Game::new(Variant::KATRO);
        assert_eq!(rule_result(&record(g.clone())), Res::Draw);
        while g.captured(Side::South) == g.captured(Side::North) && !g.outcome().is_over() {
            let mv = g.legal_moves()[0];
            g.play(mv).unwrap();
        }
        assert_ne!(g.captured(Side::South), g.captured(Side::North));
        let ahead = match g.captured(Side::South) > g.captured(Side::North) {
            true => Res::South,
            false => Res::North,
        };
        assert_eq!(rule_result(&record(g)), ahead);
    }

    #[test]
    fn check_in_removes_the_no_shows_at_the_start() {
        let mut t = field(&["a", "b", "c"]);
        assert!(check_in(&mut t, &user("a"), 0, "!").is_err(), "not open");
        open_checkin(&mut t, &user("org"), Some(100), 0).unwrap();
        assert_eq!(check_in(&mut t, &user("a"), 5, "!"), Ok((1, 3)));
        assert!(check_in(&mut t, &user("a"), 6, "!").is_err(), "twice");
        assert!(
            check_in(&mut t, &user("z"), 6, "!").is_err(),
            "not a player"
        );
        assert!(check_in(&mut t, &user("b"), 100, "!").is_err(), "closed");
        assert_eq!(remove_no_shows(&mut t, &user("org"), 200), ["b", "c"]);
        assert_eq!(t.entrants.len(), 1);
    }
}
