//! `!vacation` (issue "Players: ... takebacks"): a player pauses his correspondence
//! clocks for some days, within a yearly allowance (`vacation_days_per_year`).
//!
//! The vacations of a community's players are one document, `vacation/COMMUNITY`
//! ([`Vacations`]), so that `!vacation` is one read and one write, and every command
//! that consults a clock (`!sow`, `!claim`, `!board`, the driver's tick) reads it in
//! its one batched read. A game's record is never written by `!vacation`: the clock is
//! paused where it is looked at ([`effective`]). While the player to move is on
//! vacation his deadline does not pass (no reminder, no timeout, no `!claim`); once
//! the vacation is over his deadline is pushed by the part of the vacation that fell
//! in his turn, and the driver writes that push into the record once
//! ([`crate::store::Timing::vacation_applied`]).
//!
//! Vacations pause casual games only (unrated, not a tournament's: tournaments keep
//! their own pace) whose time per move is at least [`MIN_MOVE_TIME_MS`] (a day):
//! shorter clocks are live play, not correspondence.

use super::command::VacationArg;
use super::decision::{refuse, ChannelState, Ctx, Decision, DocWrite, Draft, Refusal};
use super::prefs::{Vacation, Vacations, DAY_MS, KEEP_MS, MIN_MOVE_TIME_MS};
use super::text;
use crate::store::keys::DocKey;
use crate::store::Record;

/// The calendar year (UTC) of `ms`; 0 for a time past what a calendar holds.
fn year_of(ms: u64) -> i16 {
    i64::try_from(ms)
        .ok()
        .and_then(|ms| jiff::Timestamp::from_millisecond(ms).ok())
        .map_or(0, |t| t.to_zoned(jiff::tz::TimeZone::UTC).year())
}

/// Whether vacations pause the clock of `r`: a casual game (unrated, no tournament's)
/// with a time per move of at least [`MIN_MOVE_TIME_MS`].
pub(super) fn applies(r: &Record) -> bool {
    !r.rated
        && r.tournament.is_none()
        && r.timing()
            .is_some_and(|t| t.move_time_ms >= MIN_MOVE_TIME_MS)
}

/// The clock of the player to move, vacations counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Clock {
    /// Stopped: its tournament is paused (`!tournament pause`); the player to move has
    /// `left` milliseconds when it resumes. No deadline passes meanwhile.
    Held {
        /// What is left, milliseconds.
        left: u64,
    },
    /// He is on vacation until then: his deadline cannot pass.
    Paused {
        /// The vacation's end, milliseconds.
        until: u64,
    },
    /// His deadline, with the pause of ended vacations not yet written into the
    /// record (`push`: the end of the last of them and the milliseconds added).
    Runs {
        /// The deadline, milliseconds.
        deadline: u64,
        /// The push to write, if any.
        push: Option<(u64, u64)>,
    },
}

/// The clock of the player to move in `r` (in play, with a clock) at `now`, with the
/// vacations `vacs` of its community; `None` when the game has no clock.
pub(super) fn effective(r: &Record, vacs: &Vacations, now: u64) -> Option<Clock> {
    let t = r.timing()?;
    if let Some(left) = t.held_ms {
        return Some(Clock::Held { left });
    }
    let runs = Clock::Runs {
        deadline: t.deadline_ms,
        push: None,
    };
    if !applies(r) {
        return Some(runs);
    }
    let to_move = r.play()?.game().position().to_move();
    let Some(v) = r.player(to_move).and_then(|u| vacs.players.get(&u.id)) else {
        return Some(runs);
    };
    let turn_start = t
        .deadline_ms
        .saturating_sub(t.move_time_ms)
        .saturating_sub(t.paused_ms);
    // A player already out of time when he left stays claimable.
    if t.timed_out {
        return Some(runs);
    }
    // The vacations that fell in this turn and were not added to it yet (each ends
    // before the next begins: the last one added ended at `vacation_applied`).
    let applied = t.vacation_applied.unwrap_or(0);
    let mut open = v
        .spans()
        .filter(|&(from, until)| until > turn_start && until > applied && from <= now);
    let (mut added, mut last) = (0u64, 0u64);
    for (from, until) in open.by_ref() {
        if now < until {
            return Some(Clock::Paused { until });
        }
        added = added.saturating_add(until - from.max(turn_start));
        last = last.max(until);
    }
    if added == 0 {
        return Some(runs);
    }
    Some(Clock::Runs {
        deadline: t.deadline_ms.saturating_add(added),
        push: Some((last, added)),
    })
}

/// `r` with the push of the ended vacations written into its clock (see
/// [`Clock::Runs`]): the last of them ended at `last`.
pub(super) fn pushed(r: &Record, (last, added): (u64, u64)) -> Record {
    let mut next = r.clone();
    if let Some(t) = next.timing_mut() {
        t.deadline_ms = t.deadline_ms.saturating_add(added);
        t.paused_ms = t.paused_ms.saturating_add(added);
        t.vacation_applied = Some(last);
    }
    next
}

/// The lines `!board` adds for the players of `r` on vacation at `now`: `alice is on
/// vacation until DATE`.
pub(super) fn board_lines(r: &Record, vacs: &Vacations, now: u64) -> Vec<String> {
    if !applies(r) {
        return Vec::new();
    }
    r.players()
        .into_iter()
        .flatten()
        .filter_map(|u| {
            let v = vacs.players.get(&u.id).filter(|v| v.active(now))?;
            Some(tr!(
                "vacation-board",
                player = &u.name,
                date = text::date_text(v.until_ms)
            ))
        })
        .collect()
}

/// `!vacation [Nd|off]` of the author: show, end or start his vacation.
pub(super) fn vacation(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    arg: VacationArg,
) -> Result<Decision, Refusal> {
    let (now, p) = (ctx.now, ctx.p());
    let allowance = ctx.settings.vacation_days_per_year;
    let year = year_of(now);
    let mine = state.vacations.value.players.get(&ctx.author.id);
    let used = mine.filter(|v| v.year == year).map_or(0, |v| v.used_days);
    let left = allowance.saturating_sub(used);
    let on = mine.filter(|v| v.active(now)).cloned();
    let entry = match (arg, on) {
        (VacationArg::Show, on) => return Ok(shown(on, left, allowance, ctx)),
        (VacationArg::Off, None) => return refuse(tr!("vacation-not-on", p = p)),
        (VacationArg::Off, Some(v)) => {
            // The whole days not taken go back to the allowance of their year.
            let back = u32::try_from((v.until_ms - now) / DAY_MS).unwrap_or(u32::MAX);
            Vacation {
                until_ms: now,
                used_days: v.used_days.saturating_sub(back),
                ..v
            }
        }
        (VacationArg::Days(_), Some(v)) => {
            return refuse(tr!(
                "vacation-already",
                date = text::date_text(v.until_ms),
                p = p
            ))
        }
        (VacationArg::Days(days), None) if days > left => {
            return refuse(tr!(
                "vacation-over-allowance",
                days = days,
                left = left,
                allowance = allowance
            ))
        }
        (VacationArg::Days(days), None) => Vacation {
            from_ms: now,
            until_ms: now.saturating_add(u64::from(days) * DAY_MS),
            // The earlier ones are kept while a turn they paused may still run.
            earlier: mine
                .map(|v| v.spans().map(|(f, u)| [f, u]).collect::<Vec<_>>())
                .unwrap_or_default()
                .into_iter()
                .filter(|&[_, until]| until.saturating_add(KEEP_MS) > now)
                .collect(),
            year,
            used_days: used + days,
        },
    };
    Ok(written(state, ctx, (arg, entry)))
}

/// `!vacation` alone: the author's vacation (`on`) and the days `left` of his
/// `allowance`.
fn shown(on: Option<Vacation>, left: u32, allowance: u32, ctx: &Ctx<'_>) -> Decision {
    let text = match on {
        Some(v) => tr!(
            "vacation-on",
            player = &ctx.author.name,
            date = text::date_text(v.until_ms),
            left = left,
            allowance = allowance
        ),
        None => tr!(
            "vacation-off-now",
            left = left,
            allowance = allowance,
            p = ctx.p()
        ),
    };
    Decision::look(vec![Draft::text(text)])
}

/// The author's vacation `entry` (started, or ended by `arg` `off`) written into the
/// community's document; vacations that ended more than [`KEEP_MS`] ago are dropped
/// from it.
fn written(state: &ChannelState, ctx: &Ctx<'_>, (arg, entry): (VacationArg, Vacation)) -> Decision {
    let (now, name) = (ctx.now, &ctx.author.name);
    let allowance = ctx.settings.vacation_days_per_year;
    let left = allowance.saturating_sub(entry.used_days);
    let text = match arg {
        VacationArg::Off => tr!("vacation-ended", player = name, left = left),
        _ => tr!(
            "vacation-starts",
            player = name,
            date = text::date_text(entry.until_ms),
            left = left,
            allowance = allowance
        ),
    };
    let mut next = state.vacations.value.clone();
    // Vacations that ended long ago are forgotten: the document stays small.
    next.players
        .retain(|_, v| v.until_ms.saturating_add(KEEP_MS) > now);
    next.players.insert(ctx.author.id.clone(), entry);
    let key = DocKey::vacations(&ctx.at.community);
    let write = DocWrite::of(key, state.vacations.version.clone(), &next);
    Decision::docs(vec![write], vec![Draft::text(text)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years_are_utc_calendar_years() {
        // 2023-11-14T22:13:20Z.
        assert_eq!(year_of(1_700_000_000_000), 2023);
        assert_eq!(year_of(0), 1970);
        assert_eq!(year_of(u64::MAX), 0);
    }
}
