//! The argument parsers the command table ([`super::table`]) names: each reads the
//! words after a command's (or subcommand's) name, and refuses with a short error naming
//! what was wrong and the accepted form, with the prefix.

use mancala_rules::{Side, Variant};

use super::def::Cx;
use super::{ai_levels_text, parse_live, parse_time, Command, FormatArg, Opponent, RulesTopic};
use super::{Resign, TourneyCommand, User, VacationArg};
use crate::core::input::{code, parse_error};
use crate::core::show::{BoardView, PictureStyle, Theme};
use crate::i18n::Lang;
use crate::model::{GameKind, LiveControl};
use mancala_rules::MatchLength;

fn is_mention(token: &str) -> bool {
    token.starts_with('@') || token.starts_with("<@")
}

/// Refuses any word after a command that takes none.
pub(super) fn no_args(cmd: &Command, cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    if args.is_empty() {
        Ok(cmd.clone())
    } else {
        Err(tr!(
            "parse-no-args",
            command = format!("{}{}", cx.prefix, cx.name),
            words = code(&args.join(" "))
        ))
    }
}

/// `!help [COMMAND]`: everything, or one command (by its name or an alias, with or
/// without the prefix); words after the command's name are ignored.
pub(super) fn help(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    let Some(word) = args.first() else {
        return Ok(Command::Help(None));
    };
    let name = word.strip_prefix(cx.prefix).unwrap_or(word).to_lowercase();
    Ok(Command::Help(Some(name)))
}

/// `!sow HOLE[+|-]` / `!s`: the move with spaces removed.
pub(super) fn sow(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    let mv: String = args.concat();
    if mv.is_empty() {
        Err(tr!("parse-sow-hole", p = cx.prefix, name = cx.name))
    } else {
        // Holes are case-insensitive (N2): folded here, so that errors echo them folded.
        Ok(Command::Sow(mv.to_lowercase()))
    }
}

/// `!set autoforfeit|hints on|off`, `!set pictures frames|sheet|final|gif`, `!set view
/// mover|south|north`, `!set theme light|dark`.
pub(super) fn set(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    let words: Vec<String> = args.iter().map(|a| a.to_lowercase()).collect();
    match words.as_slice() {
        [k, v] if k == "autoforfeit" && (v == "on" || v == "off") => {
            Ok(Command::SetAutoForfeit(v == "on"))
        }
        [k, v] if k == "hints" && (v == "on" || v == "off") => Ok(Command::SetHints(v == "on")),
        [k, v] if k == "pictures" => PictureStyle::from_word(v)
            .map(Command::SetPictures)
            .ok_or_else(|| tr!("parse-set-pictures", word = code(v))),
        [k, v] if k == "view" => BoardView::from_word(v)
            .map(Command::SetView)
            .ok_or_else(|| tr!("parse-set-view", word = code(v))),
        [k, v] if k == "theme" => Theme::from_word(v)
            .map(Command::SetTheme)
            .ok_or_else(|| tr!("parse-set-theme", word = code(v))),
        [k, v] if k == "language" => language(v),
        [k, v] if k == "threads" && (v == "on" || v == "off") => Ok(Command::SetThreads(v == "on")),
        [k, v] if k == "web" => crate::core::WebMode::from_word(v)
            .map(Command::SetWeb)
            .ok_or_else(|| tr!("parse-set-web", word = code(v))),
        _ => Err(tr!(
            "parse-set-usage",
            usage = format!("{}{}", cx.prefix, cx.usage),
            p = cx.prefix
        )),
    }
}

/// The value of `!set language`: a shipped language's code, or `auto`.
fn language(word: &str) -> Result<Command, String> {
    if word == "auto" {
        return Ok(Command::SetLanguage(None));
    }
    Lang::from_locale(word)
        .filter(|l| l.code() == word)
        .map(|l| Command::SetLanguage(Some(l)))
        .ok_or_else(|| {
            let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
            tr!(
                "language-unknown",
                word = code(word),
                codes = codes.join(", ")
            )
        })
}

/// `!rating [@user]`.
pub(super) fn rating(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    match (args, cx.mentions.first()) {
        ([], _) => Ok(Command::Rating(None)),
        ([a], Some(u)) if is_mention(a) => Ok(Command::Rating(Some(u.clone()))),
        _ => Err(tr!("parse-rating-usage", p = cx.prefix)),
    }
}

/// `!leaderboard [katro|hoyito]` / `!top`.
pub(super) fn leaderboard(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    match args {
        [] => Ok(Command::Leaderboard(None)),
        [t] if t.eq_ignore_ascii_case("katro") => Ok(Command::Leaderboard(Some(RulesTopic::Katro))),
        [t] if t.eq_ignore_ascii_case("hoyito") => {
            Ok(Command::Leaderboard(Some(RulesTopic::Hoyito)))
        }
        _ => Err(tr!(
            "parse-usage",
            usage = format!("{}{}", cx.prefix, cx.usage)
        )),
    }
}

/// `!rules [katro|hoyito]` (any word starting with the family's name).
pub(super) fn rules(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    match args {
        [] => Ok(Command::Rules(None)),
        [t] if t.to_lowercase().starts_with("katro") => Ok(Command::Rules(Some(RulesTopic::Katro))),
        [t] if t.to_lowercase().starts_with("hoyito") => {
            Ok(Command::Rules(Some(RulesTopic::Hoyito)))
        }
        _ => Err(tr!(
            "parse-rules-unknown",
            word = code(&args.join(" ")),
            p = cx.prefix
        )),
    }
}

/// `!notify [dm|mention|off]`.
pub(super) fn notify(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    use crate::core::Notify;
    let mode = match args {
        [] => return Ok(Command::Notify(None)),
        [w] => match w.to_lowercase().as_str() {
            "dm" => Notify::Dm,
            "mention" => Notify::Mention,
            "off" => Notify::Off,
            "digest" => Notify::Digest,
            _ => return Err(notify_error(cx, args)),
        },
        _ => return Err(notify_error(cx, args)),
    };
    Ok(Command::Notify(Some(mode)))
}

/// The error of a `!notify` whose words are no mode.
fn notify_error(cx: &Cx<'_>, args: &[&str]) -> String {
    tr!(
        "parse-notify-unknown",
        word = code(&args.join(" ")),
        p = cx.prefix
    )
}

/// `!vacation [DAYSd | off]`: alone, what is left; `off`; or whole days, `1d` to
/// `365d` (the yearly allowance is the handler's to check).
pub(super) fn vacation(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    let max = crate::core::prefs::MAX_DAYS;
    let days = |w: &str| {
        let n = w.strip_suffix('d')?;
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        n.parse::<u32>().ok().filter(|d| (1..=max).contains(d))
    };
    match args {
        [] => Ok(Command::Vacation(VacationArg::Show)),
        [w] if w.eq_ignore_ascii_case("off") => Ok(Command::Vacation(VacationArg::Off)),
        [w] => match days(&w.to_lowercase()) {
            Some(d) => Ok(Command::Vacation(VacationArg::Days(d))),
            None => Err(vacation_error(cx, w, max)),
        },
        _ => Err(vacation_error(cx, &args.join(" "), max)),
    }
}

/// The refusal of a `!vacation` argument that is neither days nor `off`.
fn vacation_error(cx: &Cx<'_>, got: &str, max: u32) -> String {
    tr!("parse-vacation", got = code(got), max = max, p = cx.prefix)
}

/// Parses an AI level word: the level for 1-5, an error naming the levels for
/// any other number or word.
fn parse_level(word: Option<&str>, prefix: &str) -> Result<u8, String> {
    let levels = ai_levels_text();
    let Some(word) = word else {
        return Err(tr!("parse-level-missing", levels = levels, p = prefix));
    };
    match word.parse::<i64>() {
        Ok(n) if (1..=5).contains(&n) => Ok(n as u8),
        Ok(n) => Err(tr!(
            "parse-level-range",
            level = n.to_string(),
            levels = levels
        )),
        Err(_) => Err(tr!("parse-level-nan", word = code(word), levels = levels)),
    }
}

/// What `!new` has read so far.
#[derive(Default)]
struct NewArgs {
    kind: Option<GameKind>,
    side: Option<Side>,
    move_time: Option<Option<u64>>,
    named_mentions: usize,
    ai: bool,
    level: Option<u8>,
    /// `rated` / `unrated` (or `casual`), if given.
    rated: Option<bool>,
    /// A live clock, if given.
    live: Option<LiveControl>,
    /// `first-to N` or `games N` given.
    length: bool,
}

/// `!new GAME [@opponent | ai [level N]] [as south|north] [TIME]`.
pub(super) fn new(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    let usage = tr!("usage-new", usage = format!("{}{}", cx.prefix, cx.usage));
    let mut got = NewArgs::default();
    let mut i = 0;
    while i < args.len() {
        i += new_word(&mut got, args[i], args.get(i + 1).copied(), cx, &usage)?;
    }
    new_command(got, cx.mentions, &usage)
}

/// Reads the word `word` of `!new` (followed by `next`) into `got`: how many words it
/// took (2 for `as SIDE` and `level N`).
fn new_word(
    got: &mut NewArgs,
    word: &str,
    next: Option<&str>,
    cx: &Cx<'_>,
    usage: &str,
) -> Result<usize, String> {
    let (prefix, new_usage) = (cx.prefix, cx.usage);
    let lower = word.to_lowercase();
    if is_mention(word) {
        got.named_mentions += 1;
    } else if lower == "as" {
        got.side = Some(side_after_as(got.side, next, usage)?);
        return Ok(2);
    } else if lower == "match" {
        match got.kind.as_mut() {
            Some(k) if !k.variant.is_katro() => k.is_match = true,
            Some(_) => return Err(tr!("parse-match-katro", p = prefix)),
            None => return Err(tr!("parse-match-alone", usage = usage)),
        }
    } else if lower == "lone" {
        lone_steps(got.kind.as_mut(), prefix, usage)?;
    } else if matches!(lower.as_str(), "unrated" | "casual" | "rated") {
        if got.rated.is_some() {
            return Err(tr!("parse-rated-twice", usage = usage));
        }
        got.rated = Some(lower == "rated");
    } else if lower == "first-to" || lower == "games" {
        match_length(got, &lower, next, prefix, usage)?;
        return Ok(2);
    } else if let Some(t) = parse_live(word) {
        if got.move_time.is_some() || got.live.is_some() {
            return Err(tr!("parse-clock-twice", usage = usage));
        }
        got.live = Some(t.map_err(|e| tr!("parse-joined", error = e, usage = usage))?);
        got.move_time = Some(None);
    } else if let Some(t) = parse_time(word) {
        if got.live.is_some() {
            return Err(tr!("parse-clock-twice", usage = usage));
        }
        if got.move_time.is_some() {
            return Err(tr!("parse-time-twice", usage = usage));
        }
        let usage = tr!("parse-usage", usage = format!("{prefix}{new_usage}"));
        got.move_time = Some(t.map_err(|e| tr!("parse-joined", error = e, usage = usage))?);
    } else if lower == "ai" {
        if got.ai {
            return Err(tr!("parse-ai-twice", usage = usage));
        }
        got.ai = true;
    } else if lower == "level" {
        if !got.ai {
            return Err(tr!("parse-level-without-ai", p = prefix, usage = usage));
        }
        got.level = Some(parse_level(next, prefix)?);
        return Ok(2);
    } else if got.kind.is_none() {
        // The rules' error already lists the game names.
        let variant: Variant = lower.parse().map_err(|e: mancala_rules::ParseError| {
            tr!(
                "parse-game-bad",
                error = parse_error(&e, word),
                usage = format!("{prefix}{new_usage}")
            )
        })?;
        got.kind = Some(GameKind::single(variant));
    } else {
        return Err(tr!("parse-unexpected", word = code(word), usage = usage));
    }
    Ok(1)
}

/// `first-to N` / `games N` (`word`, followed by `next`) after a Hoyito game: a match of
/// that length (the games won, or the games played; 1 to 20).
fn match_length(
    got: &mut NewArgs,
    word: &str,
    next: Option<&str>,
    prefix: &str,
    usage: &str,
) -> Result<(), String> {
    let Some(next) = next else {
        return Err(tr!(
            "parse-length-missing",
            word = code(word),
            usage = usage
        ));
    };
    let n = next
        .parse::<u8>()
        .ok()
        .filter(|n| (1..=20).contains(n))
        .ok_or_else(|| {
            tr!(
                "parse-length-number",
                word = code(word),
                got = code(next),
                usage = usage
            )
        })?;
    if got.length {
        return Err(tr!("parse-length-twice", usage = usage));
    }
    match got.kind.as_mut() {
        Some(k) if !k.variant.is_katro() => {
            k.is_match = true;
            k.length = if word == "games" {
                MatchLength::Games(n)
            } else {
                MatchLength::FirstTo(n)
            };
        }
        Some(_) => return Err(tr!("parse-match-katro", p = prefix)),
        None => return Err(tr!("parse-match-alone", usage = usage)),
    }
    got.length = true;
    Ok(())
}

/// `!resign [game|match]`.
pub(super) fn resign(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    match args
        .iter()
        .map(|a| a.to_lowercase())
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => Ok(Command::Resign(Resign::Unsaid)),
        [w] if w == "game" => Ok(Command::Resign(Resign::Game)),
        [w] if w == "match" => Ok(Command::Resign(Resign::Match)),
        _ => Err(tr!(
            "parse-resign-usage",
            words = code(&args.join(" ")),
            p = cx.prefix
        )),
    }
}

/// The side after `as` in `!new` (`next`), once only (`before`: one named already).
fn side_after_as(before: Option<Side>, next: Option<&str>, usage: &str) -> Result<Side, String> {
    let Some(s) = next else {
        return Err(tr!("parse-as-missing", usage = usage));
    };
    if before.is_some() {
        return Err(tr!("parse-as-twice", usage = usage));
    }
    match s.to_lowercase().as_str() {
        "south" | "s" => Ok(Side::South),
        "north" | "n" => Ok(Side::North),
        other => Err(tr!("parse-as-bad", word = code(other), usage = usage)),
    }
}

/// `lone` after a Katro game: the K11 lone-seed steps, a house rule chosen at creation.
fn lone_steps(kind: Option<&mut GameKind>, prefix: &str, usage: &str) -> Result<(), String> {
    match kind {
        Some(k) if k.variant.is_katro() && !k.variant.lone_steps() => {
            k.variant = k.variant.with_lone_steps(true);
            Ok(())
        }
        Some(k) if k.variant.is_katro() => Err(tr!("parse-lone-twice", usage = usage)),
        Some(_) => Err(tr!("parse-lone-hoyito", p = prefix)),
        None => Err(tr!("parse-lone-alone", p = prefix, usage = usage)),
    }
}

/// The `!new` command from what was read: checks the opponent.
fn new_command(got: NewArgs, mentions: &[User], usage: &str) -> Result<Command, String> {
    if mentions.len() > 1 || got.named_mentions > 1 {
        return Err(tr!("parse-one-opponent", usage = usage));
    }
    if got.ai && got.rated == Some(true) {
        return Err(tr!("parse-ai-rated", usage = usage));
    }
    if got.ai && got.live.is_some() {
        return Err(tr!("parse-ai-live", usage = usage));
    }
    if got.ai && (!mentions.is_empty() || got.named_mentions > 0) {
        return Err(tr!("parse-player-and-ai", usage = usage));
    }
    let opponent = match (mentions.first(), got.named_mentions) {
        _ if got.ai => Opponent::Ai { level: got.level },
        (Some(u), _) => Opponent::User(u.clone()),
        (None, 0) => Opponent::Anyone,
        (None, _) => return Err(tr!("parse-mention-unknown", usage = usage)),
    };
    Ok(Command::New {
        kind: got.kind,
        opponent,
        side: got.side,
        move_time: got.move_time,
        rated: got.rated.unwrap_or(true),
        live: got.live,
    })
}

/// `usage: `!tournament ...``.
fn tourney_usage(cx: &Cx<'_>) -> String {
    tr!("parse-usage", usage = format!("{}{}", cx.prefix, cx.usage))
}

/// A tournament name ([`crate::core::shapes::is_tournament_name`]).
fn tourney_name(word: &str, cx: &Cx<'_>) -> Result<String, String> {
    if crate::core::shapes::is_tournament_name(word) {
        Ok(word.to_string())
    } else {
        Err(tr!(
            "parse-tournament-name",
            word = code(word),
            usage = tourney_usage(cx)
        ))
    }
}

/// At most a tournament name.
fn opt_name(cx: &Cx<'_>, rest: &[&str]) -> Result<Option<String>, String> {
    match rest {
        [] => Ok(None),
        [n] => tourney_name(n, cx).map(Some),
        _ => Err(tr!(
            "parse-tournament-one-name",
            p = cx.prefix,
            sub = cx.sub,
            usage = tourney_usage(cx)
        )),
    }
}

/// `!tournament` alone (never called with words: they name a subcommand).
pub(super) fn tourney_list(_: &Cx<'_>, _: &[&str]) -> Result<Command, String> {
    Ok(Command::Tournament(TourneyCommand::List))
}

/// `join [NAME]`.
pub(super) fn tourney_join(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    opt_name(cx, rest).map(|n| Command::Tournament(TourneyCommand::Join(n)))
}

/// `leave [NAME]`.
pub(super) fn tourney_leave(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    opt_name(cx, rest).map(|n| Command::Tournament(TourneyCommand::Leave(n)))
}

/// `start [NAME]`.
pub(super) fn tourney_start(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    opt_name(cx, rest).map(|n| Command::Tournament(TourneyCommand::Start(n)))
}

/// `pairings [NAME]` / `round`.
pub(super) fn tourney_pairings(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    opt_name(cx, rest).map(|n| Command::Tournament(TourneyCommand::Pairings(n)))
}

/// `standings [NAME]` / `table`.
pub(super) fn tourney_standings(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    opt_name(cx, rest).map(|n| Command::Tournament(TourneyCommand::Standings(n)))
}

/// `cancel [NAME]`.
pub(super) fn tourney_cancel(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    opt_name(cx, rest).map(|n| Command::Tournament(TourneyCommand::Cancel(n)))
}

/// `withdraw @user [NAME]`.
pub(super) fn tourney_withdraw(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    let Some(user) = cx.mentions.first() else {
        return Err(tr!("parse-withdraw-user", p = cx.prefix));
    };
    let words: Vec<&str> = rest.iter().copied().filter(|w| !is_mention(w)).collect();
    opt_name(cx, &words).map(|n| Command::Tournament(TourneyCommand::Withdraw(user.clone(), n)))
}

/// `new NAME GAME roundrobin|swiss ROUNDS|knockout [TIME]` / `create`.
pub(super) fn tourney_new(cx: &Cx<'_>, rest: &[&str]) -> Result<Command, String> {
    let prefix = cx.prefix;
    let usage = tourney_usage(cx);
    let (Some(name), Some(game)) = (rest.first(), rest.get(1)) else {
        return Err(tr!("parse-tournament-new-args", p = prefix, usage = &usage));
    };
    let name = tourney_name(name, cx)?;
    let variant: Variant =
        game.to_lowercase()
            .parse()
            .map_err(|e: mancala_rules::ParseError| {
                tr!(
                    "parse-joined",
                    error = parse_error(&e, game),
                    usage = &usage
                )
            })?;
    let mut kind = GameKind::single(variant);
    let mut i = 2;
    if rest.get(i).is_some_and(|w| w.eq_ignore_ascii_case("match")) {
        if variant.is_katro() {
            return Err(tr!("parse-tournament-match-katro", usage = &usage));
        }
        kind.is_match = true;
        i += 1;
    } else if rest.get(i).is_some_and(|w| w.eq_ignore_ascii_case("lone")) {
        lone_steps(Some(&mut kind), prefix, &usage)?;
        i += 1;
    }
    let format = tourney_format(rest, &mut i, prefix, &usage)?;
    i += 1;
    let move_time = match rest.get(i) {
        None => None,
        Some(w) => match parse_time(w) {
            Some(t) => Some(t?),
            None => {
                return Err(tr!(
                    "parse-tournament-unexpected",
                    word = code(w),
                    usage = &usage
                ));
            }
        },
    };
    if rest.len() > i + 1 {
        return Err(tr!("parse-too-many", usage = &usage));
    }
    Ok(Command::Tournament(TourneyCommand::New {
        name,
        kind,
        format,
        move_time,
    }))
}

/// The format at `rest[*i]` (and the rounds of `swiss` after it, moving `i` on).
fn tourney_format(
    rest: &[&str],
    i: &mut usize,
    prefix: &str,
    usage: &str,
) -> Result<FormatArg, String> {
    match rest.get(*i).map(|w| w.to_lowercase()).as_deref() {
        Some("roundrobin" | "rr" | "round-robin") => Ok(FormatArg::RoundRobin),
        Some("knockout" | "ko") => Ok(FormatArg::Knockout),
        Some("swiss") => {
            *i += 1;
            match rest.get(*i).and_then(|w| w.parse::<u32>().ok()) {
                Some(n) if (1..=20).contains(&n) => Ok(FormatArg::Swiss(n)),
                _ => Err(tr!("parse-swiss-rounds", usage = usage)),
            }
        }
        Some(other) => Err(tr!(
            "parse-format-unknown",
            word = code(other),
            usage = usage
        )),
        None => Err(tr!("parse-format-missing", p = prefix, usage = usage)),
    }
}

/// A game id as typed ([`crate::store::gameid::normalize`]), as the store keys it.
fn game_id(cx: &Cx<'_>, word: &str) -> Result<String, String> {
    crate::store::gameid::normalize(word).map_err(|_| {
        tr!(
            "parse-game-id",
            word = code(word),
            usage = format!("{}{}", cx.prefix, cx.usage)
        )
    })
}

/// At most one game id.
fn opt_game_id(cx: &Cx<'_>, args: &[&str]) -> Result<Option<String>, String> {
    match args {
        [] => Ok(None),
        [w] => game_id(cx, w).map(Some),
        _ => Err(tr!(
            "parse-usage",
            usage = format!("{}{}", cx.prefix, cx.usage)
        )),
    }
}

/// `!game ID`.
pub(super) fn game(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    match opt_game_id(cx, args)? {
        Some(id) => Ok(Command::Game(id)),
        None => Err(tr!(
            "parse-game-id-missing",
            usage = format!("{}{}", cx.prefix, cx.usage),
            p = cx.prefix
        )),
    }
}

/// `!record [ID]`.
pub(super) fn record(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    opt_game_id(cx, args).map(Command::Record)
}

/// `!analyze [ID]` / `!analyse`.
pub(super) fn analyze(cx: &Cx<'_>, args: &[&str]) -> Result<Command, String> {
    opt_game_id(cx, args).map(Command::Analyze)
}
