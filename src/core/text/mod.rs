//! The texts of replies: move summaries, results, dates; help and rule summaries in
//! [`help`].

use mancala_rules::{EndReason, Event, Outcome, PlayError, Side, Trace, Variant};

use crate::model::{GameKind, LiveControl};
use mancala_rules::MatchLength;

mod help;
mod matches;
pub use help::{command_help, help, hoyito_rules, katro_house_rule, katro_rules, rules_ai_line};
pub use matches::{match_result_text, match_verdict_line};

/// Who counts as an organizer, as refusals say it, in the current language: `on Discord
/// Manage Server or the organizer role, on Matrix room moderators`.
pub fn organizers() -> String {
    tr!("game-organizers")
}

/// A side's name in prose, in the current language: `South`, `North` (`Sud`, `Nord`,
/// ...). Where a side is a typed keyword (`as north`), it stays English.
pub fn side_name(side: Side) -> String {
    match side {
        Side::South => tr!("side-south"),
        Side::North => tr!("side-north"),
    }
}

/// A side's letter in game records and charts: `S`, `N` (Russian `Ю`, `С`).
pub fn side_letter(side: Side) -> String {
    match side {
        Side::South => tr!("side-letter-south"),
        Side::North => tr!("side-letter-north"),
    }
}

/// A game's name in the current language's letters: `Katro`, `Hoyito` (Russian
/// `Катро`, `Ойито`).
pub fn game_name(katro: bool) -> String {
    if katro {
        tr!("game-name-katro")
    } else {
        tr!("game-name-hoyito")
    }
}

/// `head: tail` with the current language's spacing before the colon (French `head :
/// tail`), for labels joined in code.
pub fn colon(head: &str, tail: &str) -> String {
    tr!("text-colon", head = head, tail = tail)
}

/// A game kind as people say it: `Katro 6x6`, `Katro 4x4 with lone-seed steps`,
/// `Hoyito 2x8 match`, `Hoyito 2x6 match, first to 3 wins`.
pub fn kind_name(kind: GameKind) -> String {
    let v = kind.variant;
    let name = tr!(
        "game-kind",
        game = game_name(v.is_katro()),
        rows = v.rows(),
        cols = v.cols(),
        lone = v.lone_steps(),
        is_match = kind.is_match
    );
    match (kind.is_match, kind.length) {
        (true, MatchLength::FirstTo(n)) => tr!("match-kind-first-to", kind = name, count = n),
        (true, MatchLength::Games(n)) => tr!("match-kind-games", kind = name, count = n),
        _ => name,
    }
}

/// A live clock in words: `5 min + 3 s per move`, `10 min`.
pub fn live_control_text(c: LiveControl) -> String {
    tr!(
        "clock-live-control",
        minutes = c.bank_ms / 60_000,
        seconds = c.increment_ms / 1000
    )
}

/// What a live clock shows, cut to the second: `4:57`, `1:02:03`.
pub fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The one-line summary of a move, e.g.
/// `Alice (South) sowed c1+: 6 laps, captured 2 from b4.` Captures are the Katro
/// captures (K6b) and the Hoyito casas (H5, H6a); the last four (H7) and passes (H3) are
/// named as [`crate::core::text::event_text`] names them.
pub fn move_summary(player: &str, trace: &Trace) -> String {
    let mover = trace.before.to_move();
    tr!(
        "move-summary",
        player = player,
        side = side_name(mover),
        mv = trace.mv.to_string(),
        parts = move_parts(trace).join(", ")
    )
}

/// What a move does, for [`move_summary`] and hints: its laps, then its captures and
/// casas, the last four and passes, e.g. `["6 laps", "captured 2 from b4"]`.
pub fn move_parts(trace: &Trace) -> Vec<String> {
    let laps = trace.laps;
    let mut parts = vec![tr!("move-laps", count = laps)];
    let casas: Vec<String> = trace
        .events
        .iter()
        .filter_map(|e| match e.event {
            Event::Casa { hole } => Some(hole.to_string()),
            _ => None,
        })
        .collect();
    for e in &trace.events {
        match e.event {
            Event::Capture { target, taken, .. } => parts.push(tr!(
                "move-captured",
                taken = taken,
                target = target.to_string()
            )),
            Event::LastFour | Event::Pass { .. } => {
                parts.push(crate::core::text::event_text(&e.event))
            }
            Event::Relay { .. } | Event::Casa { .. } | Event::Stop { .. } => {}
        }
    }
    if !casas.is_empty() {
        let seeds = 4 * casas.len();
        let at = casas.join(", ");
        parts.insert(
            1,
            tr!("move-casas", seeds = seeds, count = casas.len(), at = at),
        );
    }
    parts
}

/// The result of a finished game: `Alice (South) wins: no legal move (K9).` or
/// `Draw: third repetition (K10/H10).` `names` are South's and North's players.
pub fn outcome_text(outcome: Outcome, names: [&str; 2]) -> String {
    match outcome {
        Outcome::Ongoing => tr!("result-ongoing"),
        Outcome::Win { winner, reason } => tr!(
            "result-win",
            player = names[winner.index()],
            side = side_name(winner),
            reason = end_reason(reason)
        ),
        Outcome::Draw { reason } => tr!("result-draw", reason = end_reason(reason)),
    }
}

/// Why a game ended, in words: `no legal move (K9)`, `third repetition (K10/H10)`.
pub fn end_reason(reason: EndReason) -> String {
    match reason {
        EndReason::NoLegalMove => tr!("result-reason-no-legal-move"),
        EndReason::Repetition => tr!("result-reason-repetition"),
        EndReason::Stalemate => tr!("result-reason-stalemate"),
        EndReason::AllCaptured => tr!("result-reason-all-captured"),
        EndReason::Resignation => tr!("result-reason-resignation"),
    }
}

/// Why a move was refused, in words: the rules crate's [`PlayError`] Display in the
/// current language (a malformed move's parse error stays as the rules word it).
pub fn play_error(e: &PlayError) -> String {
    match e {
        PlayError::GameOver => tr!("move-error-game-over"),
        PlayError::OffBoard { hole } => tr!("move-error-off-board", hole = hole.to_string()),
        PlayError::NotYourHole { hole, mover } => tr!(
            "move-error-not-your-hole",
            hole = hole.to_string(),
            side = side_name(*mover)
        ),
        PlayError::ClosedHole { hole } => tr!("move-error-closed", hole = hole.to_string()),
        PlayError::EmptyHole { hole } => tr!("move-error-empty", hole = hole.to_string()),
        PlayError::WrongRow { hole, must_row } => tr!(
            "move-error-wrong-row",
            hole = hole.to_string(),
            row = u32::from(*must_row) + 1
        ),
        PlayError::Endless { mv, laps } => {
            tr!("move-error-endless", mv = mv.to_string(), laps = *laps)
        }
        PlayError::WrongKind { reason } => match *reason {
            "a lone-seed step (K11) needs exactly one seed on your side" => {
                tr!("move-error-step-one-seed")
            }
            "a lone-seed step (K11) goes one row inward, straight or diagonally" => {
                tr!("move-error-step-inward")
            }
            "lone-seed steps (K11) are not played in this game" => tr!("move-error-no-steps"),
            "a Katro move is a hole and a direction, like c1+" => tr!("move-error-katro-form"),
            "a Hoyito move is a hole, like d1" => tr!("move-error-hoyito-form"),
            other => other.to_string(),
        },
        PlayError::Malformed(pe) => pe.to_string(),
    }
}

/// `Captured: South 12, North 8.`
pub fn captured_text(captured: [u32; 2]) -> String {
    tr!("result-captured", south = captured[0], north = captured[1])
}

/// How to type a move in `variant`, with the prefix.
pub fn move_form(variant: Variant, prefix: &str) -> String {
    if variant.is_katro() {
        tr!("move-form-katro", prefix = prefix)
    } else {
        tr!("move-form-hoyito", prefix = prefix)
    }
}

/// A duration in words: `24 h`, `90 min`, `45 s`; from 10 h, to the nearest hour
/// (`46 h 59 min` is `47 h`).
pub fn duration_text(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 36_000 {
        tr!("clock-hours", count = (s + 1800) / 3600)
    } else if s >= 3600 && s.is_multiple_of(3600) {
        tr!("clock-hours", count = s / 3600)
    } else if s >= 60 {
        tr!("clock-minutes", count = s / 60)
    } else {
        tr!("clock-seconds", count = s)
    }
}

/// `n` and the noun: `1 game`, `2 games`, `0 games` (English only: a localized count is
/// a message of its own, with a plural selector).
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A UTC date and time in the current language ([`crate::i18n::date_time`]):
/// `2024-05-01 13:45 UTC`, `1 mai 2024 à 13:45 UTC`, from milliseconds since the Unix
/// epoch; past what a calendar date can say (the year 9999), `after 9999-12-31`.
pub fn date_text(ms: u64) -> String {
    i64::try_from(ms)
        .ok()
        .and_then(|ms| jiff::Timestamp::from_millisecond(ms).ok())
        .map_or_else(|| tr!("clock-after-max"), crate::i18n::date_time)
}

/// One line of text for an event, e.g. `relay 3 from e1`, `capture 2 from b4 at b3`.
pub fn event_text(e: &Event) -> String {
    match *e {
        Event::Relay { hole, lifted } => {
            tr!("move-event-relay", lifted = lifted, hole = hole.to_string())
        }
        Event::Capture {
            hole,
            target,
            taken,
        } => tr!(
            "move-event-capture",
            taken = taken,
            target = target.to_string(),
            hole = hole.to_string()
        ),
        Event::Casa { hole } => tr!("move-event-casa", hole = hole.to_string()),
        Event::LastFour => tr!("move-event-last-four"),
        Event::Pass { player } => tr!("move-event-pass", side = side_name(player)),
        Event::Stop { hole } => tr!("move-event-stop", hole = hole.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::{with_lang, Lang};
    use mancala_rules::{EndReason, Outcome, Side};

    #[test]
    fn russian_counts_take_one_few_and_many() {
        let laps = |n: u32| with_lang(Lang::Ru, || tr!("move-laps", count = n));
        assert_eq!(laps(1), "1 круг");
        assert_eq!(laps(3), "3 круга");
        assert_eq!(laps(5), "5 кругов");
        assert_eq!(laps(21), "21 круг");
        assert_eq!(laps(12), "12 кругов");
        let fr = |n: u32| with_lang(Lang::Fr, || tr!("move-laps", count = n));
        assert_eq!(fr(0), "0 tour");
        assert_eq!(fr(2), "2 tours");
    }

    #[test]
    fn words_follow_the_language_and_english_stays() {
        let win = Outcome::Win {
            winner: Side::North,
            reason: EndReason::NoLegalMove,
        };
        let names = ["ann", "bo"];
        assert_eq!(
            super::outcome_text(win, names),
            "bo (North) wins: no legal move (K9)."
        );
        assert_eq!(
            with_lang(Lang::Es, || super::outcome_text(win, names)),
            "bo (Norte) gana: ninguna jugada legal (K9)."
        );
        assert_eq!(super::duration_text(90 * 60_000), "90 min");
        assert_eq!(
            with_lang(Lang::Ru, || super::duration_text(24 * 3_600_000)),
            "24 ч"
        );
        let kind = crate::model::GameKind {
            variant: mancala_rules::Variant::HOYITO,
            is_match: true,
            length: mancala_rules::MatchLength::Seeds,
        };
        assert_eq!(super::kind_name(kind), "Hoyito 2x6 match");
        assert_eq!(
            with_lang(Lang::Fr, || super::kind_name(kind)),
            "Hoyito 2x6 en match"
        );
    }

    #[test]
    fn counts_say_one_in_the_singular() {
        assert_eq!(super::count(1, "game", "games"), "1 game");
        assert_eq!(super::count(0, "game", "games"), "0 games");
        assert_eq!(super::count(2, "loss", "losses"), "2 losses");
    }
}
