//! Games against the AI (`!new GAME ai [level N]`): the game starts at once, and the
//! AI ([`mancala_ai`]) answers every human move inside the same command.
//!
//! - The AI is a player like the others, with the id `ai:LEVEL` and the name
//!   `mancala-bot (level 3, club)`; the record marks its seat ([`Record::ai`]), so that
//!   no chat user can move for it, whatever his id.
//! - Its moves are applied by the same code and the same compare-and-swap store write as
//!   a human's, and get the same reply (summary, frames, mention of the human to move).
//! - After any command in the channel, while the AI is to move (it plays South, the
//!   human must pass (H3), a match goes on to its next game (M3), or a restart
//!   interrupted it), the core searches and plays, move after move. At most one search
//!   runs per channel: a second command meanwhile does not start another; the store's
//!   compare-and-swap keeps a race with a human command (`!resign`) consistent.
//! - Games against the AI are unrated. A time per move binds only the human: when his
//!   deadline passes the game is forfeited at once (the AI cannot `!claim`); the AI
//!   answers within its budget, and a move it owes after a restart is played by the
//!   next command in the channel or by the driver ([`Core::tick`]), never timed out.

use mancala_ai::SearchConfig;

use super::ai_pool::{Busy, Ticket};
use super::command::table::Wake;
use super::command::{Command, Opponent};
use mancala_rules::{Game, Move, Side};

use super::deadlines::{move_time_ms, restart_clock};
use super::decision::{refuse, Change, Ctx, Decision, Draft, Refusal};
use super::needs::Needs;
use super::play::play_move;
use super::views::{board_picture, names, players_text, to_move_with_deadline};
use super::{text, Core};
use crate::core::api::Reply;
use crate::model::ChannelKey;
use crate::model::GameKind;
use crate::store::{AiSeat, Challenge, Play, Record, Status};

/// Most AI moves played in a row by one command (a human who must pass for a whole
/// game leaves the AI to move again and again, H3); the rest follow at the next command.
const MAX_AI_MOVES: usize = 400;

/// The plies of a game in which the AI varies its opening (levels 3 to 5: a move
/// within `mancala_ai::OPENING_MARGIN` of the best, chosen by the game's seed), so
/// that its games do not all open the same way (issue 34). A hint never varies.
const AI_OPENING_PLIES: u32 = 6;

/// Whether `id` is an AI player's id (`ai:LEVEL`), for mentions: the AI is never pinged.
fn is_ai_id(id: &str) -> bool {
    id.strip_prefix("ai:")
        .and_then(|l| l.parse::<u8>().ok())
        .is_some_and(|l| mancala_ai::LEVELS.contains(&l))
}

/// Removes the AI players from the mentions of `replies`.
pub(super) fn drop_ai_mentions(replies: &mut [Reply]) {
    for r in replies {
        r.mentions.retain(|u| !is_ai_id(&u.id));
    }
}

/// Marks a channel as searching; unmarks it when dropped (also on a panic).
struct Thinking<'a> {
    core: &'a Core,
    at: ChannelKey,
}

impl Drop for Thinking<'_> {
    fn drop(&mut self) {
        self.core
            .thinking
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.at);
    }
}

/// `!new GAME ai [level N] [as south|north] [TIME]`: the game against the AI starts at
/// once, sides as asked or by the coin. The caller refused a channel that is not free.
pub(super) fn start_ai_game(
    ctx: &Ctx<'_>,
    kind: Option<GameKind>,
    level: u8,
    side: Option<Side>,
    move_time: Option<Option<u64>>,
) -> Result<Decision, Refusal> {
    if !mancala_ai::LEVELS.contains(&level) {
        return refuse(tr!(
            "ai-no-such-level",
            level = level,
            levels = super::command::ai_levels_text()
        ));
    }
    let now = ctx.now;
    let kind = kind.unwrap_or(ctx.settings.default_game);
    let human_side = side.unwrap_or(ctx.coin);
    let seat = AiSeat {
        side: human_side.other(),
        level,
    };
    let play = Play::new(kind).map_err(|e| Refusal(e.to_string()))?;
    let game = play.game().clone();
    let move_time_ms = move_time_ms(ctx.settings, move_time);
    let challenge = Challenge {
        challenger: ctx.author.clone(),
        opponent: Some(ai_player(seat)),
        challenger_side: side,
        expires_ms: now,
        move_time_ms,
        live: None,
        expiry_announced: false,
    };
    let mut record = Record::ai_game(
        String::new(),
        ctx.at.clone(),
        kind,
        seat,
        play,
        challenge,
        now,
    );
    restart_clock(&mut record, now, ctx.settings);
    let reply = ai_game_reply(ctx, (&record, &game), seat, human_side);
    Ok(Decision::write(Change::Create(record), vec![reply]))
}

/// The announcement of a game against the AI: the level, its thinking budget, the time
/// per move, who moves first, and the board (`game`, as it starts) from the human's side.
fn ai_game_reply(
    ctx: &Ctx<'_>,
    (record, game): (&Record, &Game),
    seat: AiSeat,
    human_side: Side,
) -> Draft {
    let (p, settings) = (ctx.p(), ctx.settings);
    let (line, mention) = to_move_with_deadline(record, game, p, None);
    let budget = match (settings.ai_ms_per_move, settings.ai_max_nodes) {
        (0, Some(n)) => tr!("ai-budget-positions", count = n),
        (ms, _) => tr!("ai-budget-time", time = ms_text(ms)),
    };
    let time = match record.timing().map(|t| t.move_time_ms) {
        Some(ms) => tr!(
            "ai-time-per-move",
            time = text::duration_text(ms),
            player = &ctx.author.name
        ),
        None => tr!("ai-no-time-limit"),
    };
    Draft::new(
        tr!(
            "ai-game-start",
            player = &ctx.author.name,
            kind = text::kind_name(record.kind),
            time = time,
            players = players_text(record),
            side = text::side_name(seat.side),
            level = seat.level,
            name = tr!("ai-level-name", level = seat.level),
            budget = budget,
            line = line,
            p = p
        ),
        vec![board_picture(record, game, human_side)],
        mention.into_iter().collect(),
    )
}

/// `!rematch` of a game against the AI: a new one at the same level, sides swapped,
/// with the same time per move.
pub(super) fn ai_rematch(ctx: &Ctx<'_>, last: &Record, seat: AiSeat) -> Result<Decision, Refusal> {
    let move_time = Some(last.timing().map(|t| t.move_time_ms));
    start_ai_game(ctx, Some(last.kind), seat.level, Some(seat.side), move_time)
}

/// The refusal of `!draw` in a game against the AI.
pub(super) fn ai_refuses_draw(r: &Record, seat: AiSeat, p: &str) -> Result<Decision, Refusal> {
    refuse(tr!("ai-no-draws", ai = names(r)[seat.side.index()], p = p))
}

impl Core {
    /// Marks `at` as searching, unless a search runs there already (`None`).
    fn think(&self, at: &ChannelKey) -> Option<Thinking<'_>> {
        let mut set = self.thinking.lock().unwrap_or_else(|e| e.into_inner());
        set.insert(at.clone()).then(|| Thinking {
            core: self,
            at: at.clone(),
        })
    }

    /// Plays the AI's moves in `at` while it is the AI's turn in a game in play there:
    /// their replies, in order. Nothing when a search already runs in this channel. The
    /// searches run on the AI's pool with `ticket` (the command's place in it), or a
    /// place taken now; when the pool is full the owed move waits for a later command or
    /// tick.
    pub(super) fn ai_turns(&self, at: &ChannelKey, ticket: Option<&Ticket<'_>>) -> Vec<Reply> {
        // Each of the AI's moves is a command of its own in the store's counts.
        crate::metrics::in_command(crate::metrics::AI_MOVE, || self.ai_moves(at, ticket))
    }

    /// [`Core::ai_turns`], its store calls labelled as the AI's.
    fn ai_moves(&self, at: &ChannelKey, ticket: Option<&Ticket<'_>>) -> Vec<Reply> {
        let mut out = Vec::new();
        let Some(_thinking) = self.think(at) else {
            return out;
        };
        let own;
        let ticket = match ticket {
            Some(t) => t,
            None => match self.ai_pool.admit() {
                Ok(t) => {
                    own = t;
                    &own
                }
                Err(busy) => {
                    tracing::info!(channel = ?at, ahead = busy.ahead, "AI pool full: the AI's move waits");
                    return out;
                }
            },
        };
        let (mut played, mut conflicts) = (0, 0);
        while played < MAX_AI_MOVES && conflicts < crate::store::MAX_ATTEMPTS {
            match self.ai_step(at, ticket) {
                Step::Played(replies) => {
                    out.extend(replies);
                    played += 1;
                }
                // A human command (`!resign`, `!abort`) came first: look again.
                Step::Conflict => conflicts += 1,
                Step::Stop(reply) => {
                    out.extend(reply);
                    break;
                }
            }
        }
        out
    }

    /// One move of the AI in `at`, if it is to move there: one read, the search, one
    /// write.
    fn ai_step(&self, at: &ChannelKey, ticket: &Ticket<'_>) -> Step {
        let now = self.clock.now_ms();
        let nobody = crate::model::User::default();
        let state = match self.load_state(at, (&nobody, &nobody), Needs::default(), now) {
            Ok(state) => state,
            Err(e) => {
                tracing::error!(error = %e, channel = ?at, "store failure before an AI move");
                return Step::Stop(None);
            }
        };
        let Some(r) = state.record() else {
            return Step::Stop(None);
        };
        let (Some(table), Some(seat)) = (r.playing(), ai_to_move(r)) else {
            return Step::Stop(None);
        };
        let Some(mv) = self.ai_move(r, seat, ticket) else {
            return Step::Stop(None);
        };
        let seat_shown = (seat.side, &state.channel);
        let decision = match play_move(
            (r, table),
            seat_shown,
            &mv.to_string(),
            (now, None),
            &self.settings,
        ) {
            Ok(decision) => decision,
            Err(Refusal(e)) => {
                tracing::error!(channel = ?at, "the AI's move {mv} was refused: {e}");
                return Step::Stop(None);
            }
        };
        match self.apply(at, &state, decision) {
            Ok(Some(done)) => Step::Played(done.replies),
            Ok(None) => Step::Conflict,
            Err(e) => {
                tracing::error!(error = %e, channel = ?at, "store failure on an AI move");
                let text = tr!("ai-store-failed", error = e.to_string());
                Step::Stop(Some(super::error_reply(text)))
            }
        }
    }

    /// The AI's move in the game of `r`, searched within the configured budget; `None`
    /// when the game is over or the configuration is refused (logged).
    fn ai_move(&self, r: &Record, seat: AiSeat, ticket: &Ticket<'_>) -> Option<Move> {
        let play = r.play()?;
        let config = SearchConfig {
            level: seat.level,
            ms_per_move: self.settings.ai_ms_per_move,
            tt_mb: self.settings.ai_tt_mb,
            seed: search_seed(r),
            max_nodes: self.settings.ai_max_nodes,
            opening_plies: AI_OPENING_PLIES,
        };
        let game = play.game().clone();
        let found = match self
            .ai_pool
            .search(ticket, config, move |ai| ai.choose_in_game(&game))
        {
            Ok(found) => found?,
            Err(super::ai_pool::PoolError::ShuttingDown) => {
                tracing::info!(game = %r.id, "AI search cancelled by the shutdown: the move is played after the restart");
                return None;
            }
            Err(e) => {
                tracing::error!(game = %r.id, "AI refused its configuration: {e}");
                return None;
            }
        };
        tracing::debug!(
            game = %r.id,
            mv = %found.mv,
            score = found.score,
            depth = found.depth,
            nodes = found.nodes,
            "AI move"
        );
        Some(found.mv)
    }
}

/// Whether `cmd`, whose table entry says it may wake the AI as `wake`, may make the
/// AI search over the channel's `record` as read.
pub(super) fn may_wake_ai(wake: Wake, cmd: &Command, record: Option<&Record>) -> bool {
    match wake {
        Wake::Never => false,
        Wake::Always => true,
        Wake::AgainstAi => matches!(
            cmd,
            Command::New {
                opponent: Opponent::Ai { .. },
                ..
            }
        ),
        Wake::InAiGame => record.is_some_and(|r| r.ai.is_some() && r.status() == Status::Playing),
    }
}

/// What one of the AI's moves gave.
enum Step {
    /// Played: the replies.
    Played(Vec<Reply>),
    /// Another write came first: nothing played, look again.
    Conflict,
    /// No move to play (not the AI's turn, no game, the search gave none) or a
    /// failure: stop, with the reply that says so, if any.
    Stop(Option<Reply>),
}

/// The AI's seat when the game of `r` is in play and the AI is to move.
pub(super) fn ai_to_move(r: &Record) -> Option<AiSeat> {
    let seat = r.ai?;
    let play = r.play()?;
    (r.status() == Status::Playing
        && !play.is_over()
        && play.game().position().to_move() == seat.side)
        .then_some(seat)
}

/// The seed of a search: the game id and the number of moves played so far, so that a
/// replayed game (and a test under a node budget) gets the same moves.
fn search_seed(r: &Record) -> u64 {
    let plies: usize = r.earlier_games().iter().map(Vec::len).sum::<usize>()
        + r.play().map_or(0, |p| p.game().moves().len());
    // FNV-1a over the id and the ply count: stable across builds and restarts.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in r.id.bytes().chain((plies as u64).to_le_bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The AI as a player ([`AiSeat::user`]), named in the current language (the channel's,
/// where the game is made): `mancala-bot (level 3, club)`, `mancala-bot (niveau 3, club)`.
fn ai_player(seat: AiSeat) -> crate::model::User {
    crate::model::User {
        name: tr!(
            "ai-player",
            level = seat.level,
            name = tr!("ai-level-name", level = seat.level)
        ),
        ..seat.user()
    }
}

/// The refusal of a command that would make the AI search while its pool is full.
pub(super) fn busy_reply(busy: Busy) -> Reply {
    super::error_reply(tr!("ai-busy", count = busy.ahead))
}

/// `1 s`, `250 ms`.
fn ms_text(ms: u64) -> String {
    if ms >= 1000 && ms.is_multiple_of(1000) {
        tr!("clock-seconds", count = ms / 1000)
    } else {
        tr!("clock-milliseconds", count = ms)
    }
}
