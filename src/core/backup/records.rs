//! A game record from a backup checked as deeply as the bot can: every field is one the
//! bot could have written. Its game was already replayed by the rules when it decoded
//! (every move legal); here the game starts where its kind starts (K1, H1), a match
//! follows from its earlier games replayed through M1-M4 (reserves, closed holes, who
//! moves first, results), the clock, verdict, AI seat and tournament link agree with
//! each other, and every time is in the range the bot allows ([`crate::core::limits`]).
//! That the state is possible at all (a challenge holds no game, a game both players,
//! a finished game its result) is [`Record::try_from`]'s, the one conversion every
//! stored record passes through.

use mancala_rules::{Match, Outcome, Position, Side};

use super::{check_id, check_place, check_time, check_user};
use crate::core::limits::{MAX_CHALLENGE_EXPIRY_MS, MOVE_TIME_MS};
use crate::core::shapes;
use crate::model::LiveControl;
use crate::store::keys::DocKey;
use crate::store::{
    Challenge, GameState, LiveClock, Play, Record, Status, Table, Timing, TourneyLink, Verdict,
    FORMAT_VERSION,
};

/// Checks `r` (see the module).
///
/// # Errors
/// The first fault found, in words naming the field and the rule.
pub(super) fn check_record(r: &Record) -> Result<(), String> {
    if r.format_version == 0 || r.format_version > FORMAT_VERSION {
        return Err(format_fault(r.format_version.into()));
    }
    check_id("the game id", &r.id)?;
    check_place("the channel", &r.at)?;
    if r.kind.is_match && r.kind.variant.is_katro() {
        return Err(format!(
            "a match of {}: match play (M1-M4) is Hoyito's",
            r.kind.variant
        ));
    }
    check_time("created_ms", r.created_ms)?;
    check_time("updated_ms", r.updated_ms)?;
    if r.updated_ms < r.created_ms {
        return Err(format!(
            "updated_ms {} is before created_ms {}",
            r.updated_ms, r.created_ms
        ));
    }
    if let Some(ch) = r.challenge() {
        check_challenge(r, ch)?;
    }
    match &r.state {
        GameState::Challenge(ch) => check_open_challenge(r, ch),
        GameState::Playing(t) => check_game(r, t),
        GameState::Finished(f) => check_game(r, f.table()),
    }
}

/// The fault of a record of format version `v`, which this build does not read: newer
/// than [`FORMAT_VERSION`], or 0.
pub(super) fn format_fault(v: u64) -> String {
    if v > u64::from(FORMAT_VERSION) {
        format!(
            "format version {v} is newer than this build's {FORMAT_VERSION} (upgrade \
             mancala-bot)"
        )
    } else {
        format!("format version {v} is not one the bot writes (1 to {FORMAT_VERSION})")
    }
}

/// The challenge of a record (open, or kept once accepted).
fn check_challenge(r: &Record, ch: &Challenge) -> Result<(), String> {
    check_user("the challenger", &ch.challenger)?;
    if let Some(op) = &ch.opponent {
        check_user("the challenged player", op)?;
        if op.id == ch.challenger.id {
            return Err(format!(
                "the challenge is from {} to himself",
                ch.challenger.id
            ));
        }
    }
    check_time("the challenge's expires_ms", ch.expires_ms)?;
    let latest = r.created_ms.saturating_add(MAX_CHALLENGE_EXPIRY_MS);
    if !(r.created_ms..=latest).contains(&ch.expires_ms) {
        return Err(format!(
            "the challenge's expires_ms {} is not within 720 h after created_ms {} (at \
             most {latest})",
            ch.expires_ms, r.created_ms
        ));
    }
    if let Some(ms) = ch.move_time_ms {
        check_move_time("the challenge's move_time_ms", ms)?;
    }
    if let Some(c) = ch.live {
        if ch.move_time_ms.is_some() {
            return Err("the challenge sets both a time per move and a live clock".into());
        }
        check_live_control(c)?;
    }
    Ok(())
}

/// A live clock's bank and increment are within what `!new` accepts.
fn check_live_control(c: LiveControl) -> Result<(), String> {
    let banks = LiveControl::MIN_BANK_MIN * 60_000..=LiveControl::MAX_BANK_MIN * 60_000;
    if !banks.contains(&c.bank_ms) || c.increment_ms > LiveControl::MAX_INCREMENT_S * 1000 {
        return Err(format!(
            "the live clock {} ms + {} ms is out of range: the bank is 1 to 180 min, the \
             increment 0 to 60 s",
            c.bank_ms, c.increment_ms
        ));
    }
    Ok(())
}

/// A live clock `live` (in the clock `t` of `r`, whose challenge is `ch`): the
/// challenge's control, no time per move but the bank, no reminders, the turn begun
/// within the game's life; in play, the deadline the mover's bank after it (the move
/// that ends a game leaves the clock as it stood before it).
fn check_live(r: &Record, t: &Timing, live: &LiveClock) -> Result<(), String> {
    check_live_control(live.control)?;
    if let Some(ch) = r.challenge() {
        if ch.live != Some(live.control) || ch.move_time_ms.is_some() {
            return Err("the live clock is not the one the challenge set".into());
        }
    }
    if t.move_time_ms != live.control.bank_ms || !t.reminded.is_empty() {
        return Err("a live clock with a time per move or reminders of its own".into());
    }
    if !(r.created_ms..=r.updated_ms).contains(&live.turn_ms) {
        return Err(format!(
            "the live clock's turn began at {}, outside the game's life ({} to {})",
            live.turn_ms, r.created_ms, r.updated_ms
        ));
    }
    let to_move = r
        .play()
        .map_or(Side::South, |p| p.game().position().to_move());
    let flag = live.turn_ms.saturating_add(live.banks_ms[to_move.index()]);
    if r.status() == Status::Playing && t.deadline_ms != flag {
        return Err(format!(
            "the deadline_ms {} is not when the bank of the player to move runs out ({flag})",
            t.deadline_ms
        ));
    }
    Ok(())
}

/// The time per move `ms` is in [`MOVE_TIME_MS`].
fn check_move_time(what: &str, ms: u64) -> Result<(), String> {
    if MOVE_TIME_MS.contains(&ms) {
        return Ok(());
    }
    Err(format!(
        "{what} {ms} is out of range: a time per move is 1 h to 720 h ({} to {} ms)",
        MOVE_TIME_MS.start(),
        MOVE_TIME_MS.end()
    ))
}

/// An open challenge: announced expired only once it expired.
fn check_open_challenge(r: &Record, ch: &Challenge) -> Result<(), String> {
    if ch.expiry_announced && r.updated_ms < ch.expires_ms {
        return Err(format!(
            "the challenge's expiry is marked announced, but it expires at {}, after the \
             last change at {}",
            ch.expires_ms, r.updated_ms
        ));
    }
    Ok(())
}

/// A game in play or finished (its table `table`): players, the game itself, clock,
/// verdict, AI seat, tournament link.
fn check_game(r: &Record, table: &Table) -> Result<(), String> {
    let (south, north) = (&table.south, &table.north);
    check_user("South's player", south)?;
    check_user("North's player", north)?;
    if south.id == north.id {
        return Err(format!("{} plays both sides", south.id));
    }
    check_play(r, table)?;
    if let Some(t) = &table.timing {
        check_timing(r, t)?;
    }
    if let (Some(ch), Some(t)) = (&table.challenge, &table.timing) {
        if t.live.is_none() && ch.move_time_ms != Some(t.move_time_ms) {
            return Err(format!(
                "the clock's move_time_ms {} is not the challenge's ({})",
                t.move_time_ms,
                ch.move_time_ms
                    .map_or("none".to_string(), |ms| ms.to_string())
            ));
        }
    }
    if let Some(ch) = &table.challenge {
        if table.timing.is_none() && (ch.move_time_ms.is_some() || ch.live.is_some()) {
            return Err("the challenge set a clock but the game has none".into());
        }
    }
    check_verdict(r, table)?;
    check_ai(r)?;
    if let Some(link) = &r.tournament {
        check_link(r, link)?;
    }
    if table.draw_offer.is_some() && r.ai.is_some() {
        return Err("a draw offer in a game against the AI, which takes none".into());
    }
    check_takeback(r, table)
}

/// Takebacks (`!takeback`): never in a rated or tournament game, never asked of the
/// AI (which grants them at once).
fn check_takeback(r: &Record, table: &Table) -> Result<(), String> {
    if table.takebacks > 0 && (r.rated || r.tournament.is_some()) {
        return Err("a takeback in a rated or tournament game".into());
    }
    if table.takeback_offer.is_some() && (r.rated || r.tournament.is_some() || r.ai.is_some()) {
        return Err("a takeback asked in a rated, tournament or AI game".into());
    }
    Ok(())
}

/// The game or match is of the record's kind and starts where that kind starts; a
/// match follows from its games.
fn check_play(r: &Record, table: &Table) -> Result<(), String> {
    let play = &table.play;
    let variant = play.game().variant();
    if variant != r.kind.variant {
        return Err(format!(
            "the game is {variant}, but the record's kind is {}",
            r.kind
        ));
    }
    match play {
        Play::Game(g) => {
            if r.kind.is_match {
                return Err("the kind is a match, but the record holds a single game".into());
            }
            if !table.earlier_games.is_empty() {
                return Err("earlier_games in a single game: only a match has them".into());
            }
            let start = Position::new(variant);
            if g.start() != start {
                return Err(format!(
                    "the game starts from {}, not from the start of {variant} ({start}, K1/H1)",
                    g.start()
                ));
            }
            Ok(())
        }
        Play::Match(m) => {
            if !r.kind.is_match {
                return Err("the record holds a match, but its kind is a single game".into());
            }
            check_match(m, &table.earlier_games)
        }
    }
}

/// Replays a match from its start: each earlier game's moves, each ending its game
/// exactly at its last move (M1-M3 set up the next), then the current game's moves
/// and its resignation, if any. The stored match must be what that gives: its
/// results, winner (M4), reserves and closed holes (M2) and first player (M3).
fn check_match(stored: &Match, earlier: &[Vec<String>]) -> Result<(), String> {
    let variant = stored.game().variant();
    let mut m = Match::with_length(variant, stored.length()).map_err(|e| e.to_string())?;
    for (k, moves) in earlier.iter().enumerate() {
        let n = k + 1;
        if m.is_over() {
            return Err(format!(
                "earlier game {n} is listed after the match was over (M4)"
            ));
        }
        // A game resigned alone (`!resign game`) ends after its last listed move.
        let resigned = match stored.results().get(k) {
            Some(Outcome::Win {
                winner,
                reason: mancala_rules::EndReason::Resignation,
            }) => Some(winner.other()),
            _ => None,
        };
        if moves.is_empty() && resigned.is_none() {
            return Err(format!("earlier game {n} has no moves"));
        }
        for (i, mv) in moves.iter().enumerate() {
            let played = m
                .play_text(mv)
                .map_err(|e| format!("earlier game {n}, move {} `{mv}`: {e}", i + 1))?;
            let last = i + 1 == moves.len();
            match (played.game_over.is_some(), last) {
                (true, false) => {
                    return Err(format!(
                        "earlier game {n} ends at its move {}, but {} are listed",
                        i + 1,
                        moves.len()
                    ))
                }
                (false, true) if resigned.is_none() => {
                    return Err(format!(
                        "earlier game {n} does not end after its {} moves",
                        moves.len()
                    ))
                }
                _ => {}
            }
        }
        if let Some(loser) = resigned.filter(|_| m.games_played() == k) {
            m.resign_game(loser);
        }
    }
    if !m.is_over() {
        for (i, &mv) in stored.game().moves().iter().enumerate() {
            let played = m.play(mv).map_err(|e| {
                format!(
                    "the current game's move {} `{mv}` after the earlier games: {e}",
                    i + 1
                )
            })?;
            if played.game_over.is_some() {
                return Err(format!(
                    "the current game ends at its move {}, but it is not among the earlier \
                     games",
                    i + 1
                ));
            }
        }
        if let Outcome::Win {
            winner,
            reason: mancala_rules::EndReason::Resignation,
        } = stored.game().outcome()
        {
            m.resign(winner.other());
        }
    }
    same_match(stored, &m)
}

/// The stored match `stored` is the replayed `m`, field by field.
fn same_match(stored: &Match, m: &Match) -> Result<(), String> {
    let replay = "replaying the earlier games gives";
    for side in Side::ALL {
        if stored.reserve(side) != m.reserve(side) {
            return Err(format!(
                "{side}'s reserve is {}, but {replay} {} (M1-M2)",
                stored.reserve(side),
                m.reserve(side)
            ));
        }
    }
    if stored.game().start() != m.game().start() {
        return Err(format!(
            "the current game starts from {}, but {replay} {} (closed holes M2, first \
             player M3)",
            stored.game().start(),
            m.game().start()
        ));
    }
    if stored.first() != m.first() {
        return Err(format!(
            "{} moved first in the current game, but {replay} {} (M3)",
            stored.first(),
            m.first()
        ));
    }
    if stored.results() != m.results() {
        return Err(format!(
            "the match lists {} finished games with their results, but {replay} {} \
             (or other results)",
            stored.results().len(),
            m.results().len()
        ));
    }
    if stored.winner() != m.winner() {
        let name = |w: Option<Side>| w.map_or("none".to_string(), |s| s.to_string());
        return Err(format!(
            "the match's winner is {}, but {replay} {} (M4)",
            name(stored.winner()),
            name(m.winner())
        ));
    }
    if stored.game().moves() != m.game().moves() || stored.game().outcome() != m.game().outcome() {
        return Err(format!(
            "the current game is not the one {replay} (a finished game is listed both \
             as earlier and as current?)"
        ));
    }
    Ok(())
}

/// The clock: a time per move in range, a deadline one time per move after a moment
/// of the game, reminders before it, the driver's wake-up no later than it.
fn check_timing(r: &Record, t: &Timing) -> Result<(), String> {
    match &t.live {
        Some(live) => check_live(r, t, live)?,
        None => check_move_timing(r, t)?,
    }
    match (r.status(), t.wake_ms) {
        (Status::Finished, Some(w)) => Err(format!(
            "a finished game with a wake-up (wake_ms {w}) for the periodic driver"
        )),
        (Status::Playing, None) if !t.timed_out && t.held_ms.is_none() => Err(
            "a game in play whose deadline has not passed has no wake-up (wake_ms) for the \
             periodic driver"
                .into(),
        ),
        (_, Some(w)) if w > t.deadline_ms => Err(format!(
            "the wake-up wake_ms {w} is after the deadline {}",
            t.deadline_ms
        )),
        _ => Ok(()),
    }
}

/// A clock with a time per move: the deadline one time per move after a moment of the
/// game, the reminder points within it, each once.
fn check_move_timing(r: &Record, t: &Timing) -> Result<(), String> {
    check_move_time("the clock's move_time_ms", t.move_time_ms)?;
    let earliest = r.created_ms.saturating_add(t.move_time_ms);
    // Extensions (`!tournament extend`) and vacations push the deadline (`paused_ms`).
    let latest = r
        .updated_ms
        .saturating_add(t.move_time_ms)
        .saturating_add(t.paused_ms);
    if !(earliest..=latest).contains(&t.deadline_ms) {
        return Err(format!(
            "the deadline_ms {} is not one time per move ({} ms) after a moment of the \
             game: it must be from {earliest} (created_ms + move_time_ms) to {latest} \
             (updated_ms + move_time_ms)",
            t.deadline_ms, t.move_time_ms
        ));
    }
    for (i, p) in t.reminded.iter().enumerate() {
        if *p == 0 || *p >= t.move_time_ms {
            return Err(format!(
                "the reminder point {p} ms is not within the time per move ({} ms)",
                t.move_time_ms
            ));
        }
        if t.reminded[..i].contains(p) {
            return Err(format!("the reminder point {p} ms is listed twice"));
        }
    }
    Ok(())
}

/// A verdict ends a game the rules had not ended: a timeout needs a clock and goes to
/// the opponent of the player to move; an abort is unrated.
fn check_verdict(r: &Record, table: &Table) -> Result<(), String> {
    let Some(v) = r.verdict() else {
        return Ok(());
    };
    let play = &table.play;
    if play.is_over() {
        return Err("a verdict on a game the rules had already ended".into());
    }
    match v {
        Verdict::Timeout { winner } => {
            if table.timing.is_none() {
                return Err("a win on time in a game without a clock".into());
            }
            let to_move = play.game().position().to_move();
            if winner == to_move {
                return Err(format!(
                    "a win on time for {winner}, the side whose move it was"
                ));
            }
        }
        Verdict::DrawAgreed if r.ai.is_some() => {
            return Err("a draw agreed with the AI, which takes none".into());
        }
        Verdict::Aborted if r.rated => return Err("an aborted game marked rated".into()),
        Verdict::Adjudicated { .. } if r.tournament.is_none() => {
            return Err("an adjudicated game outside a tournament".into());
        }
        Verdict::Aborted if r.tournament.is_none() && r.both_sides_moved() => {
            return Err(
                "a game aborted after both sides moved (only a cancelled tournament aborts \
                 those)"
                    .into(),
            );
        }
        _ => {}
    }
    Ok(())
}

/// The AI's seat: a level that exists, its player the AI's user, never rated.
fn check_ai(r: &Record) -> Result<(), String> {
    let Some(seat) = r.ai else {
        return Ok(());
    };
    if !mancala_ai::LEVELS.contains(&seat.level) {
        return Err(format!(
            "AI level {} does not exist (levels {} to {})",
            seat.level,
            mancala_ai::LEVELS.start(),
            mancala_ai::LEVELS.end()
        ));
    }
    let ai = seat.user();
    if r.player(seat.side).map(|u| &u.id) != Some(&ai.id) {
        return Err(format!(
            "the AI plays {}, but that side's player is not {}",
            seat.side, ai.id
        ));
    }
    if r.rated {
        return Err("a game against the AI marked rated".into());
    }
    if r.tournament.is_some() {
        return Err("a tournament game against the AI".into());
    }
    Ok(())
}

/// A tournament game's link: a tournament key of a community whose rooms the game's
/// channel may be ([`shapes::room_fits`]), round and
/// board from 1; its id random (8 characters) or, for a game of an older build, naming
/// its round and board as the tournament then named its games.
fn check_link(r: &Record, link: &TourneyLink) -> Result<(), String> {
    let DocKey::Tour { community, .. } = &link.key else {
        return Err(format!(
            "the tournament link {} is not a tournament's key (tour/COMMUNITY/NAME)",
            link.key
        ));
    };
    if !shapes::room_fits(community, &r.at) {
        return Err(format!(
            "the game is in community {}, but its tournament {} is of another, {}",
            r.at.community,
            link.key,
            shapes::OWN_ROOM_RULE
        ));
    }
    if link.round == 0 || link.board == 0 {
        return Err("a tournament round and board count from 1".into());
    }
    let suffix = format!("-r{}-b{}", link.round, link.board);
    // A knockout board's later games after a draw: `ID-rR-bB-gN`, N from 2.
    let later =
        r.id.rsplit_once("-g")
            .filter(|(head, n)| {
                head.ends_with(&suffix)
                    && n.parse::<usize>()
                        .is_ok_and(|n| (2..=crate::core::tournament::MAX_BOARD_GAMES).contains(&n))
            })
            .is_some();
    let drawn = super::documents::random_game_id(&r.id);
    if !r.id.ends_with(&suffix) && !later && !drawn {
        return Err(format!(
            "the game id {} does not name its round {} and board {} (ID{suffix}, or \
             ID{suffix}-gN for a knockout board's later game), nor is it 8 random \
             characters",
            r.id, link.round, link.board
        ));
    }
    if r.challenge().is_some() {
        return Err("a tournament game with a challenge: the tournament pairs its games".into());
    }
    Ok(())
}
