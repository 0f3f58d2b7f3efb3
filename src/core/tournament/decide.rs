//! The `!tournament` commands' decisions, pure: each changes a tournament as read (or
//! refuses, changing nothing); the commands (`commands`) read it once before and write
//! it once after.

use super::{Entrant, Format, KnockoutTie, Phase, Tournament};
use crate::core::command::{FormatArg, NewOptions};
use crate::core::decision::{refuse, Change, ChannelState, Decision, Draft, Refusal};
use crate::core::ratings::RatingTable;
use crate::core::views::result_text;
use crate::model::{ChannelKey, GameKind, User};
use crate::store::{Record, Status, Verdict};

/// Most players in one tournament.
pub const MAX_ENTRANTS: usize = 128;

/// Refuses a new tournament under the name of one that is open or running (`old`).
pub(super) fn name_is_free(old: Option<&Tournament>) -> Result<(), Refusal> {
    match old {
        Some(old) if matches!(old.phase, Phase::Registration | Phase::Running) => {
            refuse(if old.phase == Phase::Running {
                tr!("tournament-name-taken-running", name = &old.name)
            } else {
                tr!("tournament-name-taken-open", name = &old.name)
            })
        }
        _ => Ok(()),
    }
}

/// A new tournament `name` created by `organizer` in `home`, registration open.
pub(super) fn created(
    id: String,
    name: &str,
    kind: GameKind,
    (format, options): (FormatArg, NewOptions),
    move_time_ms: Option<u64>,
    (home, organizer): (&ChannelKey, &User),
    now: u64,
) -> Tournament {
    Tournament {
        format_version: 1,
        id,
        name: name.to_string(),
        home: home.clone(),
        kind,
        format: match format {
            FormatArg::RoundRobin => Format::RoundRobin,
            FormatArg::Swiss(n) => Format::Swiss { rounds: n },
            FormatArg::Knockout => Format::Knockout,
            FormatArg::DoubleRoundRobin => Format::DoubleRoundRobin,
            FormatArg::Arena(minutes) => Format::Arena { minutes },
        },
        move_time_ms,
        organizer: organizer.clone(),
        phase: Phase::Registration,
        entrants: Vec::new(),
        rounds: Vec::new(),
        created_ms: now,
        knockout_ties: if options.seed_ties {
            KnockoutTie::Seed
        } else {
            KnockoutTie::Rematch
        },
        accelerated: options.accelerated,
        arena_start_ms: None,
        public_id: crate::store::gameid::draw_public(crate::store::gameid::PUBLIC_LEN),
        ..Tournament::default()
    }
}

/// `!tournament join`: `user` registers; the number of players after.
pub(super) fn join(t: &mut Tournament, user: &User) -> Result<usize, Refusal> {
    if t.phase != Phase::Registration {
        return refuse(if t.phase == Phase::Running {
            tr!("tournament-closed-started", name = &t.name)
        } else {
            tr!("tournament-closed-ended", name = &t.name)
        });
    }
    if t.entrant(user).is_some() {
        return refuse(tr!("tournament-already-in", name = &t.name));
    }
    if t.entrants.len() >= MAX_ENTRANTS {
        return refuse(tr!("tournament-full", name = &t.name, count = MAX_ENTRANTS));
    }
    t.entrants.push(Entrant {
        user: user.clone(),
        rating: 0.0,
        withdrawn: false,
    });
    Ok(t.entrants.len())
}

/// `!tournament leave`: `user` leaves before the start.
pub(super) fn leave(t: &mut Tournament, user: &User, p: &str) -> Result<(), Refusal> {
    if t.phase != Phase::Registration {
        return refuse(tr!("tournament-leave-started", name = &t.name, p = p));
    }
    let Some(e) = t.entrant(user) else {
        return refuse(tr!("tournament-not-in", name = &t.name));
    };
    t.entrants.remove(e);
    Ok(())
}

/// `!tournament start` at `now`: seeds by rating in `table` (then order of joining),
/// running, first round paired (an arena's window opens now).
pub(super) fn start(t: &mut Tournament, table: &RatingTable, now: u64) -> Result<(), Refusal> {
    if t.phase != Phase::Registration {
        return refuse(tr!("tournament-already-started", name = &t.name));
    }
    if t.entrants.len() < 2 {
        return refuse(tr!(
            "tournament-too-few",
            name = &t.name,
            count = t.entrants.len()
        ));
    }
    for e in t.entrants.iter_mut() {
        e.rating = table.players.get(&e.user.id).map_or(1500.0, |p| p.rating);
    }
    let mut order: Vec<(usize, Entrant)> = t.entrants.drain(..).enumerate().collect();
    order.sort_by(|(i, a), (j, b)| b.rating.total_cmp(&a.rating).then(i.cmp(j)));
    t.entrants = order.into_iter().map(|(_, e)| e).collect();
    t.phase = Phase::Running;
    if matches!(t.format, Format::Arena { .. }) {
        t.arena_start_ms = Some(now);
    }
    t.next_round();
    Ok(())
}

/// `!tournament withdraw @user`: removed before the start; withdrawn once running (the
/// room and id of his game in play, to resign).
pub(super) fn withdraw(
    t: &mut Tournament,
    user: &User,
) -> Result<Option<(ChannelKey, String)>, Refusal> {
    let Some(e) = t.entrant(user) else {
        return refuse(tr!(
            "tournament-player-not-in",
            player = &user.name,
            name = &t.name
        ));
    };
    match t.phase {
        Phase::Registration => {
            t.entrants.remove(e);
            Ok(None)
        }
        Phase::Running if t.entrants[e].withdrawn => {
            refuse(tr!("tournament-already-withdrawn", player = &user.name))
        }
        Phase::Running => Ok(t.withdraw(e)),
        _ => refuse(tr!("tournament-is-over", name = &t.name)),
    }
}

/// `!tournament cancel`: cancelled, unless already cancelled or over.
pub(super) fn cancel(t: &mut Tournament) -> Result<(), Refusal> {
    if !matches!(t.phase, Phase::Registration | Phase::Running) {
        return refuse(if t.phase == Phase::Cancelled {
            tr!("tournament-already-cancelled", name = &t.name)
        } else {
            tr!("tournament-already-over", name = &t.name)
        });
    }
    t.phase = Phase::Cancelled;
    Ok(())
}

/// The record of the game `id` if the channel of `state` still holds it in play.
fn live_game<'s>(state: &'s ChannelState, id: &str) -> Option<&'s Record> {
    state
        .record()
        .filter(|r| r.id == id && r.status() == Status::Playing)
}

/// The game `id` resigned for `user`, withdrawn from its tournament (nothing when the
/// game is no longer there or he does not play it).
pub(super) fn withdrawal_forfeit(
    state: &ChannelState,
    id: &str,
    user: &User,
    now: u64,
) -> Decision {
    let Some(r) = live_game(state, id) else {
        return Decision::default();
    };
    let Some(side) = r.side_of(user) else {
        return Decision::default();
    };
    let mut next = r.clone();
    if let Some(t) = next.playing_mut() {
        t.resign(side);
    }
    if next.finish(None, now).is_err() {
        return Decision::default();
    }
    let mut draft = Draft::text(format!(
        "{}\n{}",
        tr!("tournament-game-resigned", player = &user.name),
        result_text(&next),
    ));
    draft.reply.to = Some(r.at.clone());
    Decision::write(Change::Finish(next), vec![draft])
}

/// The game `id` aborted with its tournament (nothing when it is no longer there).
pub(super) fn cancelled_game(state: &ChannelState, id: &str, now: u64) -> Decision {
    let Some(r) = live_game(state, id) else {
        return Decision::default();
    };
    let mut next = r.clone();
    // An abort is unrated (`Record::finish`).
    if next.finish(Some(Verdict::Aborted), now).is_err() {
        return Decision::default();
    }
    // Unrated and without result: finishing it changes no rating and no tournament.
    Decision::write(Change::Finish(next), Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;

    fn user(name: &str) -> User {
        User {
            id: name.into(),
            name: name.into(),
        }
    }

    fn spring() -> Tournament {
        let home = ChannelKey::default();
        let kind = GameKind::single(Variant::KATRO);
        created(
            "t1".into(),
            "spring",
            kind,
            (FormatArg::RoundRobin, NewOptions::default()),
            None,
            (&home, &user("org")),
            0,
        )
    }

    #[test]
    fn join_leave_start_and_cancel_decide_over_the_tournament_as_read() {
        let mut t = spring();
        assert_eq!(join(&mut t, &user("alice")), Ok(1));
        assert!(join(&mut t, &user("alice")).is_err());
        assert!(
            start(&mut t, &RatingTable::default(), 0).is_err(),
            "one player"
        );
        assert_eq!(join(&mut t, &user("bob")), Ok(2));
        assert_eq!(leave(&mut t, &user("bob"), "!"), Ok(()));
        assert_eq!(join(&mut t, &user("bob")), Ok(2));
        assert_eq!(start(&mut t, &RatingTable::default(), 0), Ok(()));
        assert_eq!(t.phase, Phase::Running);
        assert_eq!(t.rounds.len(), 1);
        assert!(join(&mut t, &user("carol")).is_err(), "registration closed");
        assert!(name_is_free(Some(&t)).is_err());
        assert_eq!(cancel(&mut t), Ok(()));
        assert!(cancel(&mut t).is_err(), "already cancelled");
        assert!(name_is_free(Some(&t)).is_ok());
    }
}
