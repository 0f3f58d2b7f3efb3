//! What the core shows without changing anything: `!board`, `!moves`, `!history`,
//! `!replay`, `!rules`, and the wording shared by every reply about a game (players,
//! results, whose move, pictures' labels). All pure: decisions over a loaded
//! [`ChannelState`], text from a [`Record`].

use mancala_rules::{EndReason, Game, Outcome, Position, Side};

use super::command::RulesTopic;
use super::decision::{refuse, ChannelState, Ctx, Decision, Draft, Picture, Refusal};
use super::painter::{BoardInfo, Ended, MatchInfo};
use super::prefs::ChannelSettings;
use super::text;
use crate::core::api::{mention_token, time_token, Reply};
use crate::model::{GameKind, User};
use crate::store::{Play, Record, StateError, Status, Table, Verdict};

/// `Alice (South) vs Bob (North)`.
pub(super) fn players_text(r: &Record) -> String {
    let [south, north] = names(r);
    tr!("view-players", south = south, north = north)
}

/// The players' names, South first (`?` for a seat not taken).
pub(super) fn names(r: &Record) -> [&str; 2] {
    Side::ALL.map(|s| r.player(s).map_or("?", |u| u.name.as_str()))
}

/// The player of `side` in `r`, addressed by name (a [`mention_token`]); `@?` when the
/// seat is empty.
pub(super) fn at(r: &Record, side: Side) -> String {
    r.player(side)
        .map_or_else(|| "@?".to_string(), mention_token)
}

/// Whether `r` is a challenge that expired by `now`.
pub(super) fn expired(r: &Record, now: u64) -> bool {
    r.challenge().is_some_and(|c| now >= c.expires_ms)
}

/// The refusal of a game command where no game is in play.
pub(super) fn no_game(p: &str) -> String {
    tr!("view-no-game", p = p)
}

/// The refusal of a transition asked of a record in another state: the record was read
/// in the state the command needs, so this names a fault, never a user's mistake.
pub(super) fn state_fault(e: StateError) -> Refusal {
    Refusal(e.to_string())
}

/// The refusal of a game command while the challenge waits.
fn not_started(p: &str) -> String {
    tr!("view-not-started", p = p)
}

/// The channel's record and its table when a game is in play, else the refusal (a
/// challenge waits, or the channel holds no game).
pub(super) fn playing<'s>(
    state: &'s ChannelState,
    p: &str,
) -> Result<(&'s Record, &'s Table), Refusal> {
    match state.record() {
        Some(r) => match r.playing() {
            Some(t) => Ok((r, t)),
            None if r.status() == Status::Challenge => refuse(not_started(p)),
            None => refuse(no_game(p)),
        },
        None => refuse(no_game(p)),
    }
}

/// The side a move by `mover` of `r` is drawn from: the side the channel chose (`!set
/// view`, the mover's by default); against the AI always the human's side, so that his
/// board does not turn round with every answer. For the move pictures and `!replay`.
pub(super) fn move_view(r: &Record, shown: &ChannelSettings, mover: Side) -> Side {
    r.ai.map_or(shown.view.side(mover), |ai| ai.side.other())
}

/// The side a board of `r` that shows no move is drawn from (the first board, `!board`,
/// the last board, a timeout, a tournament room's announcement): against the AI always
/// the human's side; else the side the channel chose (`!set view south|north`), and
/// with `!set view mover` (the default) `default` (the asker's side for `!board`, South
/// elsewhere), as there is no mover to follow.
pub(super) fn still_view(r: &Record, shown: &ChannelSettings, default: Side) -> Side {
    r.ai.map_or(shown.view.side(default), |ai| ai.side.other())
}

/// The labels of a picture of `game` (the game of `r`), drawn from `view`'s side; an
/// end the position does not show (the record's verdict, or a resignation) is named.
pub(crate) fn board_info(r: &Record, game: &Game, view: Side) -> BoardInfo {
    let [south, north] = names(r).map(str::to_string);
    let ended = match (r.verdict(), game.outcome()) {
        (Some(Verdict::Timeout { winner }), _) => Some(Ended::Won {
            winner,
            how: "on time",
        }),
        (Some(Verdict::DrawAgreed), _) => Some(Ended::DrawAgreed),
        (Some(Verdict::Aborted), _) => Some(Ended::Aborted),
        (
            None,
            Outcome::Win {
                winner,
                reason: EndReason::Resignation,
            },
        ) => Some(Ended::Won {
            winner,
            how: "resignation",
        }),
        _ => None,
    };
    BoardInfo {
        south,
        north,
        captured: Side::ALL.map(|s| game.captured(s)),
        view,
        theme: Default::default(),
        ended,
        match_info: match r.play() {
            Some(Play::Match(m)) => Some(match_info(m)),
            _ => None,
        },
    }
}

/// `games won Alice 1, Bob 0; reserves Alice 3, Bob 1`: what decides a match besides
/// the board (M1-M4), with the players' names.
pub(super) fn match_standing(r: &Record, m: &MatchInfo) -> String {
    let [south, north] = names(r);
    tr!(
        "view-match-standing",
        south = south,
        north = north,
        south_wins = m.wins[0],
        north_wins = m.wins[1],
        south_reserve = m.reserves[0],
        north_reserve = m.reserves[1]
    )
}

/// Where the match `m` stands (M1-M4) for the pictures and text of its current game
/// (the last one, once the match is over).
pub(super) fn match_info(m: &mancala_rules::Match) -> MatchInfo {
    MatchInfo {
        game: if m.is_over() {
            m.games_played()
        } else {
            m.games_played() + 1
        },
        wins: Side::ALL.map(|s| m.wins(s)),
        reserves: Side::ALL.map(|s| m.reserve(s)),
    }
}

/// The picture of `game`'s position (the game of `r`), drawn from `view`'s side.
pub(super) fn board_picture(r: &Record, game: &Game, view: Side) -> Picture {
    Picture::Board {
        pos: game.position(),
        info: board_info(r, game, view),
    }
}

/// `@Bob (North) to move: `!sow HOLE`.` and the user to mention.
pub(super) fn to_move_line(r: &Record, game: &Game, p: &str) -> (String, Option<User>) {
    let side = game.position().to_move();
    match r.player(side) {
        Some(u) if r.is_ai(side) => (
            tr!(
                "view-to-move",
                player = &u.name,
                side = text::side_name(side)
            ),
            None,
        ),
        Some(u) => (
            tr!(
                "view-to-move-form",
                player = mention_token(u),
                side = text::side_name(side),
                form = text::move_form(game.variant(), p)
            ),
            Some(u.clone()),
        ),
        None => (tr!("view-side-to-move", side = text::side_name(side)), None),
    }
}

/// `Clocks: alice 4:57, bob 5:00 (5 min + 3 s per move); bob's flag falls <t:..:R>.`
/// for a game in play with a live clock, as the clocks stand at `now` (`None`: the
/// start of the current turn, when a move or the start is announced).
pub(super) fn live_clock_line(r: &Record, now: Option<u64>) -> Option<String> {
    let t = r.timing()?;
    let live = t.live?;
    let side = r.play()?.game().position().to_move();
    let now = now.unwrap_or(live.turn_ms);
    let names = names(r);
    let left = Side::ALL.map(|s| text::clock_text(live.left_ms(s, side, now)));
    Some(tr!(
        "clock-live",
        south = names[0],
        south_left = left[0].as_str(),
        north = names[1],
        north_left = left[1].as_str(),
        control = text::live_control_text(live.control),
        player = names[side.index()],
        time = time_token(t.deadline_ms)
    ))
}

/// A community's vacations and the time to read them at (`!vacation`), for the clock
/// lines of a reply.
pub(super) type OnVacation<'a> = Option<(&'a super::prefs::Vacations, u64)>;

/// `Deadline for @Bob: <t:..:R>.` for a game in play with a clock (a live clock:
/// [`live_clock_line`]), as the vacations `vacs` leave it: pushed by an ended one, or
/// the vacation's end while the player to move is away; none while the AI is to move
/// (it has no deadline).
pub(super) fn deadline_line(r: &Record, vacs: OnVacation<'_>) -> Option<String> {
    let t = r.timing()?;
    let side = r.play()?.game().position().to_move();
    if r.is_ai(side) {
        return None;
    }
    if t.live.is_some() {
        return live_clock_line(r, None);
    }
    let who = r.player(side).map_or("?", |u| u.name.as_str());
    use super::vacation::{effective, Clock};
    let deadline = match vacs.and_then(|(v, now)| effective(r, v, now)) {
        Some(Clock::Paused { until }) => {
            let date = text::date_text(until);
            return Some(tr!("vacation-board", player = who, date = date));
        }
        Some(Clock::Runs { deadline, .. }) => deadline,
        None => t.deadline_ms,
    };
    Some(tr!(
        "clock-deadline",
        player = who,
        time = time_token(deadline),
        per_move = text::duration_text(t.move_time_ms)
    ))
}

/// [`to_move_line`] followed by the [`deadline_line`], and the user to mention.
pub(super) fn to_move_with_deadline(
    r: &Record,
    game: &Game,
    p: &str,
    vacs: OnVacation<'_>,
) -> (String, Option<User>) {
    let (mut line, who) = to_move_line(r, game, p);
    if let Some(d) = deadline_line(r, vacs) {
        line.push(' ');
        line.push_str(&d);
    }
    (line, who)
}

/// How the game of `r` ended: `Game over. Alice (South) wins ...`, the match's result,
/// or the verdict (time, agreement, abort).
pub(crate) fn result_text(r: &Record) -> String {
    let Some(play) = r.play() else {
        return String::new();
    };
    if let Some(v) = r.verdict() {
        let text = match v {
            Verdict::Timeout { winner } => tr!(
                "result-on-time",
                player = names(r)[winner.index()],
                side = text::side_name(winner)
            ),
            Verdict::DrawAgreed => tr!("result-draw-agreed"),
            Verdict::Aborted => tr!("result-aborted"),
        };
        return match play {
            // A verdict ends the whole match: say so, with its score.
            Play::Match(m) => format!("{text} {}", text::match_verdict_line(m, names(r))),
            Play::Game(_) => text,
        };
    }
    match play {
        Play::Game(g) => tr!(
            "result-game-over",
            outcome = text::outcome_text(g.outcome(), names(r)),
            captured = text::captured_text(Side::ALL.map(|s| g.captured(s)))
        ),
        Play::Match(m) => text::match_result_text(m, names(r)),
    }
}

/// `!board`: the game in play (from the author's side when he plays), else what the
/// channel holds (a challenge), else the last game finished here.
pub(super) fn board(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let p = ctx.p();
    let mut draft = match state.record() {
        Some(r) => match r.playing() {
            Some(t) => {
                let view = r.side_of(ctx.author).unwrap_or(Side::South);
                let view = still_view(r, &state.channel, view);
                let mut draft = board_in_play(r, t, view, ctx.now);
                for line in super::vacation::board_lines(r, &state.vacations.value, ctx.now) {
                    draft.reply.body.push_str("\n");
                    draft.reply.body.push_str(&line);
                }
                draft
            }
            None => Draft::text(challenge_status(r, ctx.now, p)),
        },
        None => match &state.last_finished {
            Some(r) => last_game(r, still_view(r, &state.channel, Side::South), p)?,
            None => return refuse(no_game(p)),
        },
    };
    // The page of the game shown (not of a challenge), where the pages are on.
    let shown = match state.record() {
        Some(r) => r.playing().map(|_| r),
        None => state.last_finished.as_ref(),
    };
    if let Some(link) = shown.and_then(|r| ctx.settings.game_link(&state.site.value, &r.id)) {
        draft.reply.body.push_str("\n");
        draft.reply.body.push_str(&link);
    }
    Ok(Decision::look(vec![draft]))
}

/// `!board` of a game in play: the position, whose move, the captures, the picture. In
/// a match the games won and the reserves (M2, M4) are written next to the position
/// string: N4 has no field for them (its stores are the current game's captures, and a
/// Hoyito string's board and stores hold 4 seeds per open hole), so the string stays N4.
fn board_in_play(r: &Record, t: &Table, view: Side, now: u64) -> Draft {
    let play = &t.play;
    let game = play.game();
    let pos = game.position();
    let side = pos.to_move();
    let name = r.player(side).map_or("?", |u| u.name.as_str());
    let kind = text::kind_name(r.kind);
    let players = players_text(r);
    let number = game.moves().len() + 1;
    let mut text = match play {
        Play::Match(m) => {
            let m = match_info(m);
            tr!(
                "view-board-match",
                kind = kind,
                players = players,
                number = number,
                game = m.game,
                standing = match_standing(r, &m),
                position = pos.to_string(),
                player = name,
                side = text::side_name(side)
            )
        }
        Play::Game(_) => tr!(
            "view-board",
            kind = kind,
            players = players,
            number = number,
            position = pos.to_string(),
            player = name,
            side = text::side_name(side)
        ),
    };
    if pos.variant().is_katro() {
        text.push(' ');
        text.push_str(&text::captured_text(Side::ALL.map(|s| game.captured(s))));
    }
    if let Some(clocks) = live_clock_line(r, Some(now)) {
        text.push('\n');
        text.push_str(&clocks);
    }
    Draft::new(text, vec![board_picture(r, game, view)], Vec::new())
}

/// `!board` where a challenge waits (or expired).
fn challenge_status(r: &Record, now: u64, p: &str) -> String {
    let ch = r.challenge();
    let challenger = ch.map_or_else(|| tr!("game-someone"), |c| c.challenger.name.clone());
    let kind = text::kind_name(r.kind);
    match ch.and_then(|c| c.opponent.as_ref()) {
        Some(op) if expired(r, now) => tr!(
            "view-challenge-expired",
            challenger = challenger,
            opponent = &op.name,
            kind = kind,
            p = p
        ),
        None if expired(r, now) => tr!(
            "view-open-challenge-expired",
            challenger = challenger,
            kind = kind,
            p = p
        ),
        Some(op) => tr!(
            "view-challenge-waiting",
            challenger = challenger,
            opponent = &op.name,
            kind = kind,
            p = p
        ),
        None => tr!(
            "view-open-challenge-waiting",
            challenger = challenger,
            kind = kind,
            p = p
        ),
    }
}

/// `!board` with no game here: the last one finished here, drawn from `view`.
fn last_game(r: &Record, view: Side, p: &str) -> Result<Draft, Refusal> {
    let game = r
        .play()
        .map(Play::game)
        .ok_or_else(|| Refusal(no_game(p)))?;
    Ok(Draft::new(
        tr!(
            "view-last-game",
            kind = text::kind_name(r.kind),
            players = players_text(r),
            result = result_text(r),
            position = game.position().to_string(),
            p = p
        ),
        vec![board_picture(r, game, view)],
        Vec::new(),
    ))
}

/// `!moves`: the legal moves of the player to move.
pub(super) fn moves(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let (r, t) = playing(state, ctx.p())?;
    let game = t.play.game();
    let side = game.position().to_move();
    let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    Ok(Decision::look(vec![Draft::text(tr!(
        "view-legal-moves",
        player = r.player(side).map_or("?", |u| u.name.as_str()),
        side = text::side_name(side),
        moves = legal.join(" ")
    ))]))
}

/// The record `!history` and `!replay` show: the game here, else the last finished
/// one.
fn shown_record<'s>(state: &'s ChannelState, p: &str) -> Result<&'s Record, Refusal> {
    match state.record() {
        Some(r) if r.status() == Status::Playing => Ok(r),
        Some(_) => refuse(not_started(p)),
        None => state
            .last_finished
            .as_ref()
            .ok_or_else(|| Refusal(no_game(p))),
    }
}

/// `!history`: the whole game record (see [`record_text`]); a long one is posted as
/// several messages, as every long reply is (`Core::split_long`).
pub(super) fn history(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let r = shown_record(state, ctx.p())?;
    Ok(Decision::look(vec![Draft::text(record_text(r))]))
}

/// `!replay`: the last move of the game here (in a match, of its current game; with no
/// game in play, of the last finished one) as an animated GIF of its frames, drawn
/// from the side its move pictures were ([`move_view`]).
pub(super) fn replay(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let r = shown_record(state, ctx.p())?;
    let game = r.play().map(Play::game);
    let Some((game, (&last, earlier))) = game.and_then(|g| Some((g, g.moves().split_last()?)))
    else {
        return refuse(tr!("view-replay-none"));
    };
    let does_not_replay = |e: mancala_rules::PlayError| {
        Refusal(tr!("view-replay-broken", error = text::play_error(&e)))
    };
    let mut replayed = Game::from_position(game.start());
    for &m in earlier {
        replayed.play(m).map_err(does_not_replay)?;
    }
    let trace = replayed.play(last).map_err(does_not_replay)?;
    let mover = trace.before.to_move();
    let info = board_info(r, &replayed, move_view(r, &state.channel, mover));
    let body = tr!(
        "view-replay",
        number = game.moves().len(),
        summary = text::move_summary(names(r)[mover.index()], &trace)
            .trim_end_matches('.')
            .to_string(),
    );
    Ok(Decision::look(vec![Draft::new(
        body,
        vec![Picture::Replay { trace, info }],
        Vec::new(),
    )]))
}

/// `!history`: headers, then the numbered moves of each game, [`MOVES_PER_LINE`] to a
/// line, all of them.
pub(super) fn record_text(r: &Record) -> String {
    let Some(play) = r.play() else {
        return String::new();
    };
    let head = record_head(r, play).join("\n");
    let body = record_moves(r, play).join("\n");
    format!("{head}\n{body}")
}

/// Moves on one line of `!history`: a long record reads (and splits into messages) a
/// line at a time.
const MOVES_PER_LINE: usize = 10;

/// `moves` joined by two spaces, [`MOVES_PER_LINE`] to a line.
fn move_lines(moves: &[String]) -> String {
    moves
        .chunks(MOVES_PER_LINE)
        .map(|line| line.join("  "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The header lines of `!history`: game, players, start, result or whose move.
fn record_head(r: &Record, play: &Play) -> Vec<String> {
    let mut head = vec![
        tr!(
            "view-record-game",
            id = &r.id,
            kind = text::kind_name(r.kind)
        ),
        players_text(r),
        tr!("view-record-started", date = text::date_text(r.created_ms)),
        if play.is_over() || r.verdict().is_some() {
            result_text(r)
        } else {
            let side = play.game().position().to_move();
            tr!(
                "view-record-in-play",
                player = names(r)[side.index()],
                side = text::side_name(side)
            )
        },
    ];
    if let Play::Match(m) = play {
        let m = match_info(m);
        head.push(tr!(
            "view-record-match",
            game = m.game,
            standing = match_standing(r, &m)
        ));
    }
    // A game with a takeback says so: it is unrated whatever else it is.
    if let Some(count) = r.table().map(|t| t.takebacks).filter(|&n| n > 0) {
        head.push(tr!("takeback-record", count = count));
    }
    head
}

/// `1.S c1+  2.N d2-` from `start`; `(no moves yet)` when there are none.
fn numbered(start: Position, moves: &[String]) -> String {
    let mut g = Game::from_position(start);
    let mut out = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let side = g.position().to_move();
        let _ = g.play_text(m);
        out.push(format!("{}.{} {m}", i + 1, text::side_letter(side)));
    }
    if out.is_empty() {
        tr!("view-record-no-moves")
    } else {
        move_lines(&out)
    }
}

/// The move lines of `!history`: one line of numbered moves, or one line per game of a
/// match with its result.
fn record_moves(r: &Record, play: &Play) -> Vec<String> {
    let current: Vec<String> = play.game().moves().iter().map(|m| m.to_string()).collect();
    let Play::Match(m) = play else {
        return vec![numbered(play.game().start(), &current)];
    };
    let result = |k: usize| {
        m.results()
            .get(k)
            .map(|o| format!(" {}", text::outcome_text(*o, names(r))))
            .unwrap_or_default()
    };
    let mut body = Vec::new();
    for (k, moves) in r.earlier_games().iter().enumerate() {
        // Earlier games' start positions (closed holes, M2) are not kept: their
        // moves are listed with their numbers only.
        let list: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{}. {m}", i + 1))
            .collect();
        body.push(tr!(
            "view-record-match-game",
            game = k + 1,
            moves = move_lines(&list),
            result = result(k)
        ));
    }
    // The current game, unless the match ended with it (then it is listed).
    let k = r.earlier_games().len();
    if !m.is_over() || k < m.games_played() {
        body.push(tr!(
            "view-record-match-game",
            game = k + 1,
            moves = numbered(play.game().start(), &current),
            result = result(k)
        ));
    }
    body
}

/// `!rules [katro|hoyito]`: the summary asked for, else the one of the game in the
/// channel (`kind`), else both.
pub(super) fn rules(topic: Option<RulesTopic>, kind: Option<GameKind>, p: &str) -> Reply {
    let topic = topic.or_else(|| {
        Some(if kind?.variant.is_katro() {
            RulesTopic::Katro
        } else {
            RulesTopic::Hoyito
        })
    });
    // Practise on the board of the channel's game when it is of the game asked about,
    // else on that game's standard board.
    let board = |katro: bool, standard: &str| {
        kind.filter(|k| k.variant.is_katro() == katro)
            .map_or_else(|| standard.to_string(), |k| k.variant.to_string())
    };
    let text = match topic {
        Some(RulesTopic::Katro) => format!(
            "{}\n{}\n{}",
            text::katro_rules(),
            text::katro_house_rule(p),
            text::rules_ai_line(p, &board(true, "katro"))
        ),
        Some(RulesTopic::Hoyito) => format!(
            "{}\n{}",
            text::hoyito_rules(),
            text::rules_ai_line(p, &board(false, "hoyito"))
        ),
        None => format!(
            "{}\n{}\n\n{}\n{}",
            text::katro_rules(),
            text::katro_house_rule(p),
            text::hoyito_rules(),
            text::rules_ai_line(p, &tr!("usage-word-game"))
        ),
    };
    Draft::text(text).reply
}
