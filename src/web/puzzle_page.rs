//! `/c/ID/puzzle`: a community's daily puzzle page (issue 32): today's board picture,
//! whose move and what to find, its rating and themes, how to answer in chat; and
//! yesterday's with its solution. `/c/ID/puzzle/DAY.png`: the board of the daily puzzle
//! of the UTC day `DAY` (days since the Unix epoch), today's or yesterday's only.
//!
//! The daily puzzle is the chat's (`!puzzle daily`, [`DailySource`]): the same for
//! everyone and every community that day. Off, unknown or malformed communities answer
//! as an unknown page.

use mancala_rules::{Game, Side};
use maud::{html, Markup};

use super::directory::Directory;
use super::guard::Freshness;
use super::page_kit::{now_ms, Found, Rendered};
use crate::core::painter::{Frame, Painter};
use crate::core::puzzle::book::day_of;
use crate::core::puzzle::set::Loaded;
use crate::core::puzzle::words::{board_info, board_name, goal_text, themes_text};
use crate::core::puzzle::DailySource;
use crate::core::text;
use crate::i18n::Lang;
use crate::store::Store;

/// The page of the community whose public id is `id`; `None` when there is none or its
/// pages are off.
///
/// # Errors
/// The store's.
pub(crate) fn render(
    store: &dyn Store,
    dir: &Directory,
    id: &str,
    daily: &DailySource,
    lang: Lang,
) -> Found {
    let Some((_, site)) = dir.community(store, id)? else {
        return Ok(None);
    };
    if !site.web {
        return Ok(None);
    }
    let today = day_of(now_ms());
    let content = match (daily.on(today), daily.on(today.saturating_sub(1))) {
        (Some(now), Some(before)) => html! {
            h1 { (tr!("web-puzzle-title")) }
            section {
                h2 { (tr!("web-puzzle-today", date = date(today))) }
                (shown(id, today, now, lang))
                p { (tr!("web-puzzle-how", p = daily.prefix.as_str())) }
            }
            section {
                h2 { (tr!("web-puzzle-yesterday", date = date(today.saturating_sub(1)))) }
                (shown(id, today.saturating_sub(1), before, lang))
                p { (tr!("web-puzzle-solution", line = line_plain(before))) }
            }
        },
        _ => html! {
            h1 { (tr!("web-puzzle-title")) }
            p.muted { (tr!("web-puzzle-none")) }
        },
    };
    Ok(Some(Rendered {
        title: tr!("web-puzzle-title"),
        content,
        fresh: Freshness::Live,
        index: site.index,
    }))
}

/// A daily puzzle: its board, what it is about, whose move.
fn shown(community: &str, day: u64, l: &Loaded, lang: Lang) -> Markup {
    let to_move = tr!(
        "web-puzzle-to-move",
        side = text::side_name(l.start.to_move()),
        goal = goal_text(l)
    );
    html! {
        p { img.picture loading="lazy"
            src={ "/c/" (community) "/puzzle/" (day) ".png?lang=" (lang.code()) }
            alt=(to_move); }
        p { (tr!(
            "web-puzzle-about",
            board = board_name(l.variant),
            rating = l.puzzle.rating,
            themes = themes_text(l)
        )) " " (l.puzzle.id) }
        p { (to_move) }
    }
}

/// `2026-12-03`: the UTC day `day`.
fn date(day: u64) -> String {
    i64::try_from(day.saturating_mul(86_400))
        .ok()
        .and_then(|s| jiff::Timestamp::from_second(s).ok())
        .map(|t| t.strftime("%Y-%m-%d").to_string())
        .unwrap_or_default()
}

/// The solution line as plain text: `c1+ (a6-) b2+`, the replies in brackets.
fn line_plain(l: &Loaded) -> String {
    l.line
        .iter()
        .enumerate()
        .map(|(i, m)| {
            if i % 2 == 0 {
                m.to_string()
            } else {
                format!("({m})")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The day of `file` in `/c/ID/puzzle/DAY.png` when it is today's (`today`) or
/// yesterday's: digits only, no more than 8.
pub(crate) fn picture_day(file: &str, today: u64) -> Option<u64> {
    file.strip_suffix(".png")
        .filter(|d| !d.is_empty() && d.len() <= 8 && d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse::<u64>().ok())
        .filter(|d| *d == today || *d + 1 == today)
}

/// The board of the daily puzzle of `day` for the community whose public id is `id`,
/// drawn by `painter` from its solver's side, the sides named; `None` when the
/// community is unknown or its pages are off (a store failure reads so too).
pub(crate) fn picture(
    (store, dir): (&dyn Store, &Directory),
    painter: &dyn Painter,
    daily: &DailySource,
    (id, day): (&str, u64),
) -> Option<Frame> {
    let (_, site) = dir.community(store, id).ok()??;
    let l = daily.on(day).filter(|_| site.web)?;
    let solver = l.start.to_move();
    let game = Game::from_position(l.start);
    let mut info = board_info((&text::side_name(solver), solver), &game);
    info.south = text::side_name(Side::South);
    info.north = text::side_name(Side::North);
    Some(painter.position(&l.start, &info))
}
