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
    }
    set_wake(r, settings);
}

/// Charges the move `side` just made at `now` to the live clock of `r`, if it has one
/// (Fischer: the time he took off his bank, the increment on it); `new_game`: the move
/// ended a game of a match, whose next game starts with both banks full. The caller
/// then restarts the clock ([`restart_clock`]).
pub(super) fn charge_live(r: &mut Record, side: Side, now: u64, new_game: bool) {
    if let Some(live) = r.timing_mut().and_then(|t| t.live.as_mut()) {
        live.moved(side, now);
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
    (t.live.is_some() && now >= t.deadline_ms).then(|| timeout_forfeit(r, table, shown, now))
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
