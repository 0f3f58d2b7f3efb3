//! `!puzzle [GAME]`, `!puzzle daily`, `!puzzle skip` and `!puzzle stats [@user]` (issue
//! 32): pure handlers over the channel's state (the author's puzzles read in the
//! command's one batched read), each writing the author's puzzles document in the one
//! compare-and-swap.
//!
//! One puzzle is open at a time per player and community: `!puzzle` while one is open
//! is refused, naming it and how to give it up. `!puzzle skip` before any move closes
//! it without counting (it is then never rated for him: he saw its solution); after a
//! right move it counts as failed.

use mancala_rules::{Game, Variant};

use crate::core::command::PuzzleArg;
use crate::core::decision::{
    refuse, ChannelState, Ctx, Decision, DocWrite, Draft, Picture, Refusal,
};
use crate::core::puzzle::book::{day_of, seed};
use crate::core::puzzle::record::{settle, Open, Puzzler};
use crate::core::puzzle::set::Loaded;
use crate::core::puzzle::words::{
    board_info, board_name, change_text, goal_text, line_text, rating_text, themes_text,
};
use crate::core::ratings::{family, FAMILIES};
use crate::core::text;
use crate::model::{GameKind, User};
use crate::store::keys::DocKey;

/// `!puzzle ...`.
pub(in crate::core) fn puzzle(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    arg: &PuzzleArg,
) -> Result<Decision, Refusal> {
    match arg {
        PuzzleArg::New(board) => new_puzzle(state, ctx, *board),
        PuzzleArg::Daily => daily(state, ctx),
        PuzzleArg::Skip => skip(state, ctx),
        PuzzleArg::Hint => hint(state, ctx),
        PuzzleArg::Stats(who) => Ok(stats(state, ctx, who.as_ref())),
    }
}

/// The family (`katro`, `hoyito`) of a puzzle's board.
pub(super) fn family_of(v: Variant) -> &'static str {
    family(GameKind::single(v))
}

/// The write of the author's puzzles `p`, over the document as read.
pub(super) fn write(state: &ChannelState, ctx: &Ctx<'_>, p: &Puzzler) -> DocWrite {
    DocWrite::of(
        DocKey::puzzles(&ctx.at.community, ctx.author),
        state.puzzles.version.clone(),
        p,
    )
}

/// The refusal of a second puzzle while `open` is open.
fn open_already(open: &Open, ctx: &Ctx<'_>) -> Refusal {
    Refusal(tr!(
        "puzzle-open-already",
        id = open.id.as_str(),
        here = if open.channel == ctx.at.channel {
            "yes"
        } else {
            "no"
        },
        p = ctx.p()
    ))
}

/// Whether the author may open a puzzle here: none is open for him, and he plays no
/// game in this channel (his moves here go to it).
fn may_open(state: &ChannelState, ctx: &Ctx<'_>) -> Result<(), Refusal> {
    if let Some(open) = &state.puzzles.value.open {
        return Err(open_already(open, ctx));
    }
    let plays_here = state
        .record()
        .filter(|r| r.playing().is_some())
        .is_some_and(|r| r.side_of(ctx.author).is_some());
    if plays_here {
        return refuse(tr!("puzzle-playing-here", p = ctx.p()));
    }
    Ok(())
}

/// `katro 6x6 (40), hoyito 2x6 (12)`: the boards with puzzles.
fn boards_text(ctx: &Ctx<'_>) -> String {
    ctx.settings
        .puzzles
        .boards()
        .into_iter()
        .map(|(v, n)| format!("`{v}` ({n})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `!puzzle [GAME]`: a puzzle near the author's rating on the board named, else the
/// board of the channel's game, else the default game's.
fn new_puzzle(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    board: Option<Variant>,
) -> Result<Decision, Refusal> {
    let p = &state.puzzles.value;
    may_open(state, ctx)?;
    let board = board
        .or_else(|| state.record().map(|r| r.kind.variant))
        .unwrap_or(ctx.settings.default_game.variant)
        .with_lone_steps(false);
    let book = &ctx.settings.puzzles;
    let on_board = book.on(board).count();
    if on_board == 0 {
        return refuse(if book.all().is_empty() {
            tr!("puzzle-none-installed")
        } else {
            tr!(
                "puzzle-no-board",
                board = board_name(board),
                boards = boards_text(ctx)
            )
        });
    }
    let now = ctx.now.to_be_bytes();
    let pick_seed = seed(&[ctx.author.id.as_bytes(), &now]);
    let rating = p.rating(family_of(board), ctx.now, glicko(ctx)).rating;
    let fresh = |id: &str| !p.seen(id);
    let retry = |id: &str| !p.solved.contains(id);
    let Some(l) = book.pick(board, rating, pick_seed, (&fresh, &retry)) else {
        return refuse(tr!(
            "puzzle-all-solved",
            count = on_board,
            board = board_name(board),
            boards = boards_text(ctx)
        ));
    };
    Ok(open_puzzle(state, ctx, l, None))
}

/// The Glicko-2 settings of the core.
pub(super) fn glicko(ctx: &Ctx<'_>) -> crate::core::ratings::Glicko {
    crate::core::ratings::Glicko::of(ctx.settings)
}

/// Opens `l` for the author (the daily puzzle of `daily`, if given): his document with
/// it open, and the reply that shows it.
fn open_puzzle(state: &ChannelState, ctx: &Ctx<'_>, l: &Loaded, daily: Option<u64>) -> Decision {
    let mut p = state.puzzles.value.clone();
    let rated = !p.seen(&l.puzzle.id);
    p.open = Some(Open {
        channel: ctx.at.channel.clone(),
        id: l.puzzle.id.clone(),
        ply: 0,
        rated,
        daily,
    });
    let mut lines = Vec::new();
    if daily.is_some() {
        lines.push(tr!("puzzle-daily-head"));
    }
    lines.push(tr!(
        "puzzle-shown",
        id = l.puzzle.id.as_str(),
        player = ctx.author.name.as_str(),
        board = board_name(l.variant),
        rating = l.puzzle.rating,
        themes = themes_text(l)
    ));
    lines.push(tr!(
        "puzzle-to-find",
        side = text::side_name(l.start.to_move()),
        goal = goal_text(l)
    ));
    let yours = l.line.len().div_ceil(2);
    if yours > 1 {
        lines.push(tr!("puzzle-line-long", count = yours));
    }
    lines.push(tr!(
        "puzzle-answer-with",
        form = text::move_form(l.variant, ctx.p()),
        p = ctx.p()
    ));
    if !rated {
        lines.push(tr!("puzzle-seen-before"));
    }
    if daily.is_some() {
        if let Some(url) = daily_url(ctx, state) {
            lines.push(crate::core::api::link_token(&url, &tr!("puzzle-web-link")));
        }
    }
    let game = Game::from_position(l.start);
    let picture = Picture::Board {
        pos: l.start,
        info: board_info((&ctx.author.name, l.start.to_move()), &game),
    };
    Decision::docs(
        vec![write(state, ctx, &p)],
        vec![Draft::new(lines.join("\n"), vec![picture], Vec::new())],
    )
}

/// The address of the community's daily puzzle page, when its pages are on and
/// reachable ([`crate::core::Settings::public_url`]).
fn daily_url(ctx: &Ctx<'_>, state: &ChannelState) -> Option<String> {
    let site = &state.site.value;
    let base = ctx.settings.public_url.as_deref().filter(|_| site.web)?;
    (!site.public_id.is_empty()).then(|| format!("{base}c/{}/puzzle", site.public_id))
}

/// `!puzzle daily`: the day's puzzle (UTC), the same for everyone; rated at the first
/// attempt only, and its daily streak counted once a day.
fn daily(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    may_open(state, ctx)?;
    let day = day_of(ctx.now);
    let board = ctx.settings.default_game.variant;
    let Some(l) = ctx.settings.puzzles.daily(board, day) else {
        return refuse(tr!("puzzle-none-installed"));
    };
    Ok(open_puzzle(state, ctx, l, Some(day)))
}

/// `!puzzle skip`: gives up the open puzzle, anywhere in the community: not counted
/// before any move (but never rated after), a fail after one. The solution is shown.
fn skip(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let mut p = state.puzzles.value.clone();
    let Some(open) = p.open.clone() else {
        return refuse(tr!("puzzle-none-open", p = ctx.p()));
    };
    let Some(l) = ctx.settings.puzzles.find(&open.id) else {
        // A puzzle no longer in the sets: closed without a word more.
        p.open = None;
        let text = tr!("puzzle-skipped", id = open.id.as_str(), line = "-");
        return Ok(Decision::docs(
            vec![write(state, ctx, &p)],
            vec![Draft::text(text)],
        ));
    };
    let mut lines = Vec::new();
    if open.ply == 0 {
        p.open = None;
        if open.rated {
            p.skipped.insert(open.id.clone());
        }
        lines.push(tr!(
            "puzzle-skipped",
            id = open.id.as_str(),
            line = line_text(l)
        ));
    } else {
        let done = settle(
            &mut p,
            &open,
            (family_of(l.variant), l.puzzle.rating),
            false,
            (ctx.now, glicko(ctx)),
        );
        lines.push(tr!(
            "puzzle-given-up",
            id = open.id.as_str(),
            line = line_text(l)
        ));
        lines.extend(settled_lines(&done, l));
    }
    Ok(Decision::docs(
        vec![write(state, ctx, &p)],
        vec![Draft::text(lines.join("\n"))],
    ))
}

/// `!puzzle hint`: the hole the next move of the line starts from. A rated puzzle then
/// no longer counts: it is finished unrated, and never rated after.
fn hint(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let mut p = state.puzzles.value.clone();
    let Some(open) = p.open.as_mut() else {
        return refuse(tr!("puzzle-none-open", p = ctx.p()));
    };
    let Some(mv) = ctx
        .settings
        .puzzles
        .find(&open.id)
        .and_then(|l| l.line.get(open.ply))
    else {
        return refuse(tr!("puzzle-gone", id = open.id.as_str(), p = ctx.p()));
    };
    let mut lines = vec![tr!("puzzle-hint", hole = format!("`{}`", mv.from()))];
    if open.rated {
        open.rated = false;
        lines.push(tr!("puzzle-hint-uncounted"));
    }
    Ok(Decision::docs(
        vec![write(state, ctx, &p)],
        vec![Draft::text(lines.join("\n"))],
    ))
}

/// The lines after a finished puzzle: the rating change (or why it did not count), the
/// streak, the daily streak.
pub(super) fn settled_lines(
    done: &crate::core::puzzle::record::Settled,
    l: &Loaded,
) -> Vec<String> {
    let mut lines = Vec::new();
    match &done.rating {
        Some((before, after)) => {
            lines.push(tr!(
                "puzzle-rating-line",
                game = text::game_name(l.variant.is_katro()),
                change = change_text(before, after)
            ));
            lines.push(tr!("puzzle-streak", count = done.streak));
        }
        None => lines.push(tr!("puzzle-not-counted")),
    }
    if let Some(d) = done.daily_streak {
        lines.push(tr!("puzzle-daily-streak", count = d));
    }
    lines
}

/// `!puzzle stats [@user]`: the puzzle ratings, solved and failed, streaks.
fn stats(state: &ChannelState, ctx: &Ctx<'_>, who: Option<&User>) -> Decision {
    let (user, p) = match (who, &state.subject_puzzles) {
        (Some(u), Some((_, theirs))) if u.id != ctx.author.id => (u, theirs),
        _ => (ctx.author, &state.puzzles.value),
    };
    let tried = p.solved.len() + p.failed.len() + p.skipped.len();
    if tried == 0 && p.open.is_none() {
        return Decision::look(vec![Draft::text(tr!(
            "puzzle-stats-none",
            player = user.name.as_str(),
            p = ctx.p()
        ))]);
    }
    let mut lines = vec![tr!(
        "puzzle-stats-head",
        player = user.name.as_str(),
        solved = p.solved.len(),
        failed = p.failed.len()
    )];
    for fam in FAMILIES {
        if let Some(r) = p.ratings.get(fam) {
            let r = r.at(ctx.now, glicko(ctx));
            lines.push(tr!(
                "puzzle-stats-family",
                game = text::game_name(fam == "katro"),
                rating = rating_text(&r),
                solved = r.solved_failed[0],
                failed = r.solved_failed[1]
            ));
        }
    }
    lines.push(tr!(
        "puzzle-stats-streaks",
        streak = p.streak,
        best = p.best_streak,
        daily = p.daily.streak_on(day_of(ctx.now)),
        daily_best = p.daily.best
    ));
    if let Some(open) = &p.open {
        lines.push(tr!("puzzle-stats-open", id = open.id.as_str()));
    }
    Decision::look(vec![Draft::text(lines.join("\n"))])
}
