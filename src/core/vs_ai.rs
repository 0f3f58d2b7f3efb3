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

use mancala_ai::{Ai, SearchConfig};
use mancala_rules::{Move, Side};

use super::{names, players_text, refuse, text, Answer, Core, Fail};
use crate::core::api::{Attachment, Incoming, Reply};
use crate::model::ChannelKey;
use crate::model::GameKind;
use crate::store::{
    AiSeat, Challenge, Play, Record, Status, Stored, Timing, Write, FORMAT_VERSION,
};

/// Most AI moves played in a row by one command (a human who must pass for a whole
/// game leaves the AI to move again and again, H3); the rest follow at the next command.
const MAX_AI_MOVES: usize = 400;

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

impl Core {
    /// `!new GAME ai [level N] [as south|north] [TIME]`: the game against the AI starts at
    /// once, sides drawn at random unless asked. `current` is the channel's record (an
    /// expired challenge at most; the caller refused the rest).
    pub(super) fn start_ai_game(
        &self,
        msg: &Incoming,
        current: Option<&Stored>,
        kind: Option<GameKind>,
        level: u8,
        side: Option<Side>,
        move_time: Option<Option<u64>>,
    ) -> Answer {
        let p = self.p();
        if !mancala_ai::LEVELS.contains(&level) {
            return refuse(format!(
                "AI level {level} does not exist: levels are {}",
                super::command::ai_levels_text()
            ));
        }
        let now = self.clock.now_ms();
        let kind = kind.unwrap_or(self.settings.default_game);
        let human_side = side.unwrap_or_else(|| {
            if rand::random::<bool>() {
                Side::South
            } else {
                Side::North
            }
        });
        let seat = AiSeat {
            side: human_side.other(),
            level,
        };
        let play = match Play::new(kind) {
            Ok(play) => play,
            Err(e) => return refuse(e.to_string()),
        };
        let move_time_ms = self.move_time_ms(move_time);
        let (south, north) = match human_side {
            Side::South => (msg.author.clone(), seat.user()),
            Side::North => (seat.user(), msg.author.clone()),
        };
        let mut record = Record {
            format_version: FORMAT_VERSION,
            id: self.store.new_id(now)?,
            at: msg.at.clone(),
            kind,
            status: Status::Playing,
            challenge: Some(Challenge {
                challenger: msg.author.clone(),
                opponent: Some(seat.user()),
                challenger_side: side,
                expires_ms: now,
                move_time_ms,
            }),
            south: Some(south),
            north: Some(north),
            play: Some(play),
            earlier_games: Vec::new(),
            timing: move_time_ms.map(|ms| Timing {
                move_time_ms: ms,
                deadline_ms: now + ms,
                reminded: Vec::new(),
                timed_out: false,
                wake_ms: None,
            }),
            rated: false,
            verdict: None,
            draw_offer: None,
            tournament: None,
            ai: Some(seat),
            created_ms: now,
            updated_ms: now,
        };
        self.restart_clock(&mut record, now);
        self.put(&msg.at, current, Write::Put(&record))?;
        let game = record.play.as_ref().map(Play::game).expect("just set");
        let (mut line, mention) = self.to_move_line(&record, game);
        if let Some(d) = self.deadline_line(&record) {
            line.push(' ');
            line.push_str(&d);
        }
        let budget = match (self.settings.ai_ms_per_move, self.settings.ai_max_nodes) {
            (0, Some(n)) => format!("up to {n} positions per move"),
            (ms, _) => format!("up to {} per move", ms_text(ms)),
        };
        let time = match move_time_ms {
            Some(ms) => format!(
                "{} per move for {}; a passed deadline loses the game",
                text::duration_text(ms),
                msg.author.name
            ),
            None => "no time limit".to_string(),
        };
        let attachment: Attachment = self.position_attachment(&record, game, human_side);
        Ok(vec![Reply {
            body: body!(
                "{} plays {} against the AI, unrated ({time}): {}. I play {} at level {level} \
                 ({}, thinking {budget}). {line} `{p}resign` ends the game.",
                msg.author.name,
                text::kind_name(kind),
                players_text(&record),
                seat.side,
                mancala_ai::level_name(level).unwrap_or("?"),
            ),
            attachments: vec![attachment],
            mentions: mention.into_iter().collect(),
            ..Reply::default()
        }])
    }

    /// Marks `at` as searching, unless a search runs there already (`None`).
    fn think(&self, at: &ChannelKey) -> Option<Thinking<'_>> {
        let mut set = self.thinking.lock().unwrap_or_else(|e| e.into_inner());
        set.insert(at.clone()).then(|| Thinking {
            core: self,
            at: at.clone(),
        })
    }

    /// Plays the AI's moves in `at` while it is the AI's turn in a game in play there:
    /// their replies, in order. Nothing when a search already runs in this channel.
    pub(super) fn ai_turns(&self, at: &ChannelKey) -> Vec<Reply> {
        let mut out = Vec::new();
        // Cheap look first: most commands are in channels where the AI is not to move.
        if !matches!(self.store.load(at), Ok(Some(st)) if ai_to_move(&st.record).is_some()) {
            return out;
        }
        let Some(_thinking) = self.think(at) else {
            return out;
        };
        let mut played = 0;
        let mut conflicts = 0;
        while played < MAX_AI_MOVES && conflicts < 8 {
            let st = match self.store.load(at) {
                Ok(Some(st)) => st,
                Ok(None) => break,
                Err(e) => {
                    tracing::error!(error = %e, channel = ?at, "store failure before an AI move");
                    break;
                }
            };
            let Some(seat) = ai_to_move(&st.record) else {
                break;
            };
            let Some(mv) = self.ai_move(&st.record, seat) else {
                break;
            };
            let now = self.clock.now_ms();
            match self.apply_move(at, &st, seat.side, &mv.to_string(), now) {
                Ok(replies) => {
                    out.extend(replies);
                    played += 1;
                }
                // A human command (`!resign`, `!abort`) came first: look again.
                Err(Fail::Conflict) => conflicts += 1,
                Err(Fail::Refuse(e)) => {
                    tracing::error!(channel = ?at, "the AI's move {mv} was refused: {e}");
                    break;
                }
                Err(Fail::Store(e)) => {
                    tracing::error!(error = %e, channel = ?at, "store failure on an AI move");
                    out.push(super::error_reply(format!(
                        "the game store failed, the AI's move was not played: {e}"
                    )));
                    break;
                }
            }
        }
        out
    }

    /// The AI's move in the game of `r`, searched within the configured budget; `None`
    /// when the game is over or the configuration is refused (logged).
    fn ai_move(&self, r: &Record, seat: AiSeat) -> Option<Move> {
        let play = r.play.as_ref()?;
        let config = SearchConfig {
            level: seat.level,
            ms_per_move: self.settings.ai_ms_per_move,
            tt_mb: self.settings.ai_tt_mb,
            seed: search_seed(r),
            max_nodes: self.settings.ai_max_nodes,
        };
        let mut ai = match Ai::new(config) {
            Ok(ai) => ai,
            Err(e) => {
                tracing::error!(game = %r.id, "AI refused its configuration: {e}");
                return None;
            }
        };
        let found = ai.choose_in_game(play.game())?;
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

    /// `!rematch` of a game against the AI: a new one at the same level, sides swapped,
    /// with the same time per move.
    pub(super) fn ai_rematch(
        &self,
        msg: &Incoming,
        current: Option<&Stored>,
        last: &Record,
        seat: AiSeat,
    ) -> Answer {
        let move_time = Some(last.timing.as_ref().map(|t| t.move_time_ms));
        self.start_ai_game(
            msg,
            current,
            Some(last.kind),
            seat.level,
            Some(seat.side),
            move_time,
        )
    }

    /// The refusal of `!draw` in a game against the AI.
    pub(super) fn ai_refuses_draw(&self, r: &Record, seat: AiSeat) -> Answer {
        refuse(format!(
            "{} does not agree draws; play on, or `{}resign`",
            names(r)[seat.side.index()],
            self.p()
        ))
    }
}

/// The AI's seat when the game of `r` is in play and the AI is to move.
pub(super) fn ai_to_move(r: &Record) -> Option<AiSeat> {
    let seat = r.ai?;
    let play = r.play.as_ref()?;
    (r.status == Status::Playing
        && !play.is_over()
        && play.game().position().to_move() == seat.side)
        .then_some(seat)
}

/// The seed of a search: the game id and the number of moves played so far, so that a
/// replayed game (and a test under a node budget) gets the same moves.
fn search_seed(r: &Record) -> u64 {
    let plies: usize = r.earlier_games.iter().map(Vec::len).sum::<usize>()
        + r.play.as_ref().map_or(0, |p| p.game().moves().len());
    // FNV-1a over the id and the ply count: stable across builds and restarts.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in r.id.bytes().chain((plies as u64).to_le_bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// `1 s`, `250 ms`.
fn ms_text(ms: u64) -> String {
    if ms >= 1000 && ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}
