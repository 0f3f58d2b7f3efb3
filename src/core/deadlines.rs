//! A game's clock: the time per move, deadlines and reminders, and the forfeit of a
//! passed deadline (RULES.md says nothing of time: this is the correspondence play the
//! bot adds). Below the handlers that start clocks ([`super::games`], [`super::vs_ai`],
//! tournaments) and the driver that acts on them ([`super::correspondence`]).

use mancala_rules::Side;

use super::decision::{Change, Decision, Draft};
use super::prefs::ChannelSettings;
use super::views::{board_picture, names, result_text, still_view};
use super::{text, Settings};
use crate::core::api::time_token;
use crate::core::limits::{later, millis};
use crate::store::{Record, StateError, Table, Timing, Verdict};

/// The time per move asked for (`Some(None)`: no deadlines), else the configured
/// default, in milliseconds.
pub(super) fn move_time_ms(settings: &Settings, move_time: Option<Option<u64>>) -> Option<u64> {
    match move_time {
        Some(t) => t,
        None => settings.default_move_time.map(millis),
    }
}

/// Starts the clock of the player to move in `r` (a game just begun, or a move just
/// made): the deadline is one time per move from `now` (saturating, [`later`]), or with
/// a live clock the moment his bank runs out (his turn begins at `now`); no reminder
/// sent yet.
pub(super) fn restart_clock(r: &mut Record, now: u64, settings: &Settings) {
    let to_move = r.play().map(|p| p.game().position().to_move());
    if let Some(t) = r.timing_mut() {
        t.deadline_ms = match (t.live.as_mut(), to_move) {
            (Some(live), Some(side)) => {
                live.turn_ms = now;
                later(now, live.banks_ms[side.index()])
            }
            _ => later(now, t.move_time_ms),
        };
        t.reminded.clear();
        t.timed_out = false;
        t.paused_ms = 0;
        t.vacation_applied = None;
        // A move while the tournament is paused: the clock stays stopped, the next
        // mover's whole time (or bank) waiting for the resume.
        if t.held_ms.is_some() {
            t.held_ms = Some(t.deadline_ms.saturating_sub(now));
        }
    }
    set_wake(r, settings);
}

/// Charges the move `side` just made at `now` to the live clock of `r`, if it has one
/// (Fischer: the time he took off his bank, the increment on it); `new_game`: the move
/// ended a game of a match, whose next game starts with both banks full. The caller
/// then restarts the clock ([`restart_clock`]).
pub(super) fn charge_live(r: &mut Record, side: Side, now: u64, new_game: bool) {
    let Some(t) = r.timing_mut() else { return };
    let held = t.held_ms;
    if let Some(live) = t.live.as_mut() {
        match held {
            // Stopped (a paused tournament): the mover is charged nothing for the
            // pause; what he had left when it began, and the increment.
            Some(left) => {
                live.banks_ms[side.index()] = left.saturating_add(live.control.increment_ms);
                live.turn_ms = now;
            }
            None => live.moved(side, now),
        }
        if new_game {
            live.banks_ms = [live.control.bank_ms; 2];
        }
    }
}

/// The reminder points (milliseconds before the deadline) that apply to the clock `t`:
/// with a time per move, those that fall after the move began; none with a live clock
/// (its player watches it).
pub(super) fn reminder_points(settings: &Settings, t: &Timing) -> Vec<u64> {
    if t.live.is_some() {
        return Vec::new();
    }
    let move_time_ms = t.move_time_ms;
    settings
        .reminders
        .iter()
        .map(|d| millis(*d))
        .filter(|&p| p > 0 && p < move_time_ms)
        .collect()
}

/// Sets [`Timing::wake_ms`]: the earliest reminder point not yet handled, else the
/// deadline while it has not been handled.
///
/// [`Timing::wake_ms`]: crate::store::Timing::wake_ms
pub(super) fn set_wake(r: &mut Record, settings: &Settings) {
    let points = r
        .timing()
        .map(|t| reminder_points(settings, t))
        .unwrap_or_default();
    if let Some(t) = r.timing_mut() {
        let next_point = points
            .iter()
            .filter(|p| !t.reminded.contains(p))
            .map(|p| t.deadline_ms.saturating_sub(*p))
            .min();
        let deadline = (!t.timed_out).then_some(t.deadline_ms);
        t.wake_ms = match (next_point, deadline) {
            // A stopped clock (a paused tournament) has nothing to wake for.
            _ if t.held_ms.is_some() => None,
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
}

/// Whether a passed deadline in `r` forfeits the game by itself: tournament games,
/// games against the AI and live games (the flag falls) always, other games where the
/// channel is set so (`channel`).
pub(super) fn autoforfeit(r: &Record, channel: &ChannelSettings) -> bool {
    // The AI cannot `!claim`: a human who lets his deadline pass against it loses.
    let live = r.timing().is_some_and(|t| t.live.is_some());
    r.tournament.is_some() || r.ai.is_some() || live || channel.autoforfeit
}

/// The forfeit of the player to move in `r` (its table `table`) when its live clock's
/// flag has fallen by `now`, whether or not the driver has seen it yet: a command that
/// would end or change the game (an agreed draw) comes too late then.
pub(super) fn live_flag(
    r: &Record,
    table: &Table,
    shown: &ChannelSettings,
    now: u64,
) -> Option<Decision> {
    let t = table.timing.as_ref()?;
    (t.live.is_some() && t.held_ms.is_none() && now >= t.deadline_ms)
        .then(|| timeout_forfeit(r, table, shown, now))
}

/// `r` (a game in play) finished with `verdict` at `now`, its draw offer gone.
///
/// # Errors
/// [`StateError`]: `r` is not in play.
pub(super) fn finished_with(r: &Record, verdict: Verdict, now: u64) -> Result<Record, StateError> {
    let mut next = r.clone();
    if let Some(t) = next.playing_mut() {
        t.draw_offer = None;
    }
    next.finish(Some(verdict), now)?;
    Ok(next)
}

/// A passed deadline in `r`: the forfeit of the player to move (claimed by the
/// opponent, or by the driver), with its reply. `table` is the table of `r`.
pub(super) fn timeout_forfeit(
    r: &Record,
    table: &Table,
    shown: &ChannelSettings,
    now: u64,
) -> Decision {
    let game = table.play.game();
    let loser = game.position().to_move();
    let winner = loser.other();
    let Ok(next) = finished_with(r, Verdict::Timeout { winner }, now) else {
        return Decision::default();
    };
    let deadline = table.timing.as_ref().map_or(0, |t| t.deadline_ms);
    let text = format!(
        "{}\n{}",
        tr!(
            "clock-timeout",
            player = names(r)[loser.index()],
            side = text::side_name(loser),
            time = time_token(deadline)
        ),
        result_text(&next)
    );
    let reply = Draft::new(
        text,
        vec![board_picture(
            &next,
            game,
            still_view(&next, shown, Side::South),
        )],
        vec![table.south.clone(), table.north.clone()],
    );
    Decision::write(Change::Finish(next), vec![reply])
}

/// Stops the clock of `r` (a game in play of a tournament paused at `since`, see
/// [`Timing::held_ms`]): the player to move keeps what he had left at `since` (none
/// when his deadline had passed by then: it passes at the resume). `false` when there
/// is nothing to stop (no clock, or already stopped).
pub(super) fn hold(r: &mut Record, since: u64) -> bool {
    let Some(t) = r.timing_mut().filter(|t| t.held_ms.is_none()) else {
        return false;
    };
    t.held_ms = Some(t.deadline_ms.saturating_sub(since));
    t.wake_ms = None;
    true
}

/// Restarts at `now` the clock of `r` stopped by [`hold`]: the deadline is what the
/// player to move had left from now (with a live clock, his bank is that and his turn
/// begins now); reminders already sent stay sent. `false` when it was not stopped.
pub(super) fn release(r: &mut Record, now: u64, settings: &Settings) -> bool {
    let to_move = r.play().map(|p| p.game().position().to_move());
    let Some(t) = r.timing_mut() else {
        return false;
    };
    let Some(left) = t.held_ms.take() else {
        return false;
    };
    t.deadline_ms = later(now, left);
    if let (Some(live), Some(side)) = (t.live.as_mut(), to_move) {
        live.banks_ms[side.index()] = left;
        live.turn_ms = now;
    }
    // `paused_ms` stays: the extensions it counts are still in what is left.
    set_wake(r, settings);
    true
}

/// Gives the player to move in `r` `by_ms` more for his move (`!tournament extend`):
/// his deadline (a live clock: his bank) moves that much later, or, while the clock is
/// stopped, what he has left grows by it. The new deadline, or what is left when
/// stopped. `None` when the game has no clock.
pub(super) fn extend(r: &mut Record, by_ms: u64, settings: &Settings) -> Option<u64> {
    let to_move = r.play().map(|p| p.game().position().to_move());
    let t = r.timing_mut()?;
    t.paused_ms = t.paused_ms.saturating_add(by_ms);
    if let Some(left) = t.held_ms.as_mut() {
        *left = left.saturating_add(by_ms);
        return Some(*left);
    }
    t.deadline_ms = t.deadline_ms.saturating_add(by_ms);
    if let (Some(live), Some(side)) = (t.live.as_mut(), to_move) {
        let bank = &mut live.banks_ms[side.index()];
        *bank = bank.saturating_add(by_ms);
    }
    let deadline = t.deadline_ms;
    set_wake(r, settings);
    Some(deadline)
}
