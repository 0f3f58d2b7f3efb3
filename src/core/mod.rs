//! The transport-agnostic core: parses commands, keeps one game per channel in the
//! [`Store`], referees moves with `mancala-rules`, and answers with [`Reply`]s whose
//! pictures come from the injected [`Painter`].
//!
//! Every command reads the channel's record, decides, and writes the new record with
//! compare-and-swap; when another write came first, the command is decided again on the
//! new record, so two `!sow` racing on one channel can never both apply. Every refusal
//! is one short error reply (`is_error`) naming what was wrong and the accepted form,
//! and changes nothing.
//!
//! Games against the AI (`!new GAME ai [level N]`) start at once; after every command
//! the core plays the AI's moves while it is the AI's turn, through the same move code
//! and compare-and-swap write as a human move (see the `ai` module).

/// `body!("...", args)`: a [`api::Body`] from the core's text, as `format!` takes it.
macro_rules! body {
    ($($arg:tt)*) => {
        $crate::core::api::Body::from(format!($($arg)*))
    };
}

pub mod api;
pub mod command;
mod correspondence;
pub mod painter;
pub mod ratings;
pub mod text;
pub mod tournament;
mod vs_ai;

pub use correspondence::{ChannelSettings, PlayerPrefs};

/// Checks a document before it is imported: its key is one the core writes
/// ([`DocKey`]) and its value decodes as that document.
///
/// # Errors
/// What is wrong: an unknown kind of key, a key of the wrong shape, or the value's
/// decoding error.
pub fn check_document(key: &str, value: &serde_json::Value) -> Result<DocKey, String> {
    fn decodes<T: serde::de::DeserializeOwned>(v: &serde_json::Value) -> Result<(), String> {
        T::deserialize(v).map(|_| ()).map_err(|e| e.to_string())
    }
    let key = DocKey::parse(key)?;
    match key {
        DocKey::Rating { .. } => decodes::<ratings::RatingTable>(value),
        DocKey::RatingLog { .. } => decodes::<ratings::RatingChange>(value),
        DocKey::Tour { .. } => decodes::<Option<tournament::Tournament>>(value),
        DocKey::Chan(_) => decodes::<ChannelSettings>(value),
        DocKey::Player { .. } => decodes::<PlayerPrefs>(value),
    }?;
    Ok(key)
}

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use mancala_rules::{EndReason, Game, Outcome, PlayError, Position, Side, Trace, Variant};

use crate::core::api::{Attachment, Button, ChatCore, Incoming, Reply, Rooms};
use crate::core::painter::{BoardInfo, Ended, Frame, MovePictures, Painter};
use crate::model::GameKind;
use crate::model::{ChannelKey, User};
use crate::store::keys::DocKey;
use crate::store::{
    Challenge, Play, Record, Status, Store, StoreError, Stored, Timing, Verdict, Write,
    FORMAT_VERSION,
};
use command::{Command, Opponent, RulesTopic};

/// The time source of the core (challenge expiry, timestamps); tests drive it.
pub trait Clock: Send + Sync {
    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> u64;
}

/// The system clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    }
}

/// A clock that moves only when told: for tests.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicU64);

impl ManualClock {
    /// A clock showing `ms` milliseconds since the Unix epoch.
    pub fn new(ms: u64) -> ManualClock {
        ManualClock(AtomicU64::new(ms))
    }

    /// Moves the clock forward by `d`.
    pub fn advance(&self, d: Duration) {
        self.0.fetch_add(d.as_millis() as u64, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The core's settings (see `config.example.toml`).
#[derive(Clone, Debug)]
pub struct Settings {
    /// Prefix of text commands, e.g. `!`.
    pub prefix: String,
    /// The game `!new` starts when none is named.
    pub default_game: GameKind,
    /// How long a challenge stays open.
    pub challenge_expiry: Duration,
    /// Most attachments in one reply (Discord allows 10); at least 2. A move with more
    /// frames is sent as a contact sheet and the final board.
    pub max_attachments: usize,
    /// Longest reply text, in characters (Discord allows 2000); `!history` is cut to it.
    pub max_reply_chars: usize,
    /// Longest command accepted, in characters; longer ones are refused unread.
    pub max_command_chars: usize,
    /// Time per move of a game whose challenge names none; `None`: no deadlines.
    pub default_move_time: Option<Duration>,
    /// When to remind the player to move, before his deadline (each point at most once
    /// per move; points earlier than the move's start are skipped).
    pub reminders: Vec<Duration>,
    /// A rating deviation above this marks the rating provisional.
    pub provisional_rd: f64,
    /// Glicko-2's system constant tau (0.3 to 1.2; Glickman suggests 0.5).
    pub glicko_tau: f64,
    /// The AI's level when `!new GAME ai` names none, 1-5.
    pub ai_level: u8,
    /// The AI's time budget per move, milliseconds; 0: no time limit (then
    /// [`Settings::ai_max_nodes`] or the level's depth cap bounds the search).
    pub ai_ms_per_move: u64,
    /// The AI's transposition table, MiB (1-4096), allocated for each search.
    pub ai_tt_mb: usize,
    /// The AI's node budget per move (positions searched); `None`: none. With
    /// `ai_ms_per_move` 0 it makes the AI's moves reproducible (tests).
    pub ai_max_nodes: Option<u64>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            prefix: "!".into(),
            default_game: GameKind::single(Variant::KATRO),
            challenge_expiry: Duration::from_secs(24 * 3600),
            max_attachments: 10,
            max_reply_chars: 1900,
            max_command_chars: 300,
            default_move_time: Some(Duration::from_secs(3 * 24 * 3600)),
            reminders: vec![Duration::from_secs(24 * 3600), Duration::from_secs(3600)],
            provisional_rd: 110.0,
            glicko_tau: 0.5,
            ai_level: 3,
            ai_ms_per_move: 1000,
            ai_tt_mb: 16,
            ai_max_nodes: None,
        }
    }
}

/// Why a command gave no success reply.
enum Fail {
    /// Refused: the text of the error reply.
    Refuse(String),
    /// The channel's record changed under us: decide again.
    Conflict,
    /// The store failed.
    Store(StoreError),
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        Fail::Store(e)
    }
}

type Answer = Result<Vec<Reply>, Fail>;

fn refuse<T>(text: impl Into<String>) -> Result<T, Fail> {
    Err(Fail::Refuse(text.into()))
}

fn error_reply(text: String) -> Reply {
    Reply {
        body: text.into(),
        is_error: true,
        ..Reply::default()
    }
}

fn text_reply(text: String) -> Reply {
    Reply {
        body: text.into(),
        ..Reply::default()
    }
}

/// `Alice (South) vs Bob (North)`.
fn players_text(r: &Record) -> String {
    let name = |s: Side| r.player(s).map_or("?", |u| u.name.as_str()).to_string();
    format!(
        "{} ({}) vs {} ({})",
        name(Side::South),
        Side::South,
        name(Side::North),
        Side::North
    )
}

fn names(r: &Record) -> [&str; 2] {
    Side::ALL.map(|s| r.player(s).map_or("?", |u| u.name.as_str()))
}

/// The core: implements [`ChatCore`] over a [`Store`], a [`Painter`] and a [`Clock`].
pub struct Core {
    store: Arc<dyn Store>,
    painter: Arc<dyn Painter>,
    clock: Arc<dyn Clock>,
    settings: Settings,
    rooms: RwLock<Option<Arc<dyn Rooms>>>,
    /// The channels where an AI search runs now (at most one search per channel).
    thinking: Mutex<HashSet<ChannelKey>>,
}

impl Core {
    /// A core over `store`, drawing with `painter`, timed by `clock`.
    pub fn new(
        store: Arc<dyn Store>,
        painter: Arc<dyn Painter>,
        clock: Arc<dyn Clock>,
        settings: Settings,
    ) -> Core {
        Core {
            store,
            painter,
            clock,
            settings,
            rooms: RwLock::new(None),
            thinking: Mutex::new(HashSet::new()),
        }
    }

    /// Hands the core the transport's way of opening rooms for tournament games (see
    /// [`Rooms`]). Without it, a tournament game is played in the channel named after
    /// the pairing in the home channel's community (the console's behaviour).
    pub fn set_rooms(&self, rooms: Arc<dyn Rooms>) {
        *self.rooms.write().unwrap_or_else(|e| e.into_inner()) = Some(rooms);
    }

    fn rooms(&self) -> Option<Arc<dyn Rooms>> {
        self.rooms.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The store (for tools and tests that read documents such as tournaments).
    pub fn store(&self) -> &dyn Store {
        &*self.store
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The board to show for the channel `at`: the game in play, else the final position
    /// of the last game finished there. For text transports (the console's ASCII board).
    pub fn board(&self, at: &ChannelKey) -> Option<Position> {
        Some(self.shown_game(at)?.play?.game().position())
    }

    /// [`Core::board`] with its status line: whose move, or how the game ended (also an
    /// end off the board: resignation, time, agreement).
    pub fn board_status(&self, at: &ChannelKey) -> Option<(Position, String)> {
        let r = self.shown_game(at)?;
        let game = r.play.as_ref()?.game();
        let pos = game.position();
        let ended = self.info(&r, game, Side::South).ended;
        Some((pos, crate::core::painter::status_text(&pos, ended)))
    }

    /// The record whose board the channel shows: its game in play, else its last
    /// finished game; `None` on a store failure.
    fn shown_game(&self, at: &ChannelKey) -> Option<Record> {
        match self.store.load(at) {
            Ok(Some(Stored { record, .. })) if record.play.is_some() => Some(record),
            Ok(_) => self.store.last_finished(at).ok().flatten(),
            Err(_) => None,
        }
    }

    fn p(&self) -> &str {
        &self.settings.prefix
    }

    fn run(&self, cmd: &Command, msg: &Incoming) -> Answer {
        match cmd {
            Command::New {
                kind,
                opponent,
                side,
                move_time,
            } => self.new_challenge(msg, *kind, opponent, *side, *move_time),
            Command::Accept => self.accept(msg),
            Command::Decline => self.decline(msg),
            Command::Sow(mv) => self.sow(msg, mv),
            Command::Board => self.show_board(msg),
            Command::Moves => self.moves(msg),
            Command::Resign => self.resign(msg),
            Command::History => self.history(msg),
            Command::Replay => self.replay(msg),
            Command::Rules(topic) => self.rules(msg, *topic),
            Command::Help => Ok(vec![text_reply(text::help(
                self.p(),
                self.settings.ai_level,
            ))]),
            Command::Claim => self.claim(msg),
            Command::Abort => self.abort(msg),
            Command::Draw => self.draw(msg),
            Command::Rematch => self.rematch(msg),
            Command::Mute(on) => self.mute(msg, *on),
            Command::SetAutoForfeit(on) => self.set_autoforfeit(msg, *on),
            Command::Rating(who) => self.rating_cmd(msg, who.as_ref()),
            Command::Leaderboard(only) => self.leaderboard(msg, *only),
            Command::Tournament(t) => self.tournament(msg, t),
        }
    }

    fn expired(&self, r: &Record, now: u64) -> bool {
        r.challenge.as_ref().is_some_and(|c| now >= c.expires_ms)
    }

    fn put(&self, at: &ChannelKey, old: Option<&Stored>, change: Write<'_>) -> Result<(), Fail> {
        if self.store.write(at, old.map(|s| &s.version), change)? {
            Ok(())
        } else {
            Err(Fail::Conflict)
        }
    }

    fn no_game(&self) -> String {
        format!(
            "there is no game in play here; start one with `{}new GAME [@opponent]`",
            self.p()
        )
    }

    /// The channel's record when a game is in play, else the refusal.
    fn playing(&self, at: &ChannelKey) -> Result<Stored, Fail> {
        match self.store.load(at)? {
            Some(st) if st.record.status == Status::Playing && st.record.play.is_some() => Ok(st),
            Some(st) if st.record.status == Status::Challenge => refuse(format!(
                "the game has not started: the challenge is waiting for `{}accept`",
                self.p()
            )),
            _ => refuse(self.no_game()),
        }
    }

    fn info(&self, r: &Record, game: &Game, view: Side) -> BoardInfo {
        let [south, north] = names(r).map(str::to_string);
        // An end the position does not show: the record's verdict, or a resignation.
        let ended = match (r.verdict, game.outcome()) {
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
            ended,
        }
    }

    /// The pictures of a move as attachments, within the attachment limit: every frame,
    /// or the contact sheet and the final board; `extra` pictures follow.
    fn attach(
        &self,
        trace: &Trace,
        info: &BoardInfo,
        extra: Vec<(String, Frame)>,
    ) -> Vec<Attachment> {
        let max = self.settings.max_attachments.max(2 + extra.len()) - extra.len();
        let named: Vec<(String, Frame)> = match self.painter.move_pictures(trace, info, max) {
            MovePictures::Frames(frames) => {
                let n = frames.len();
                frames
                    .into_iter()
                    .enumerate()
                    .map(|(i, f)| {
                        let name = if i + 1 == n {
                            "board.png".to_string()
                        } else {
                            format!("frame-{:02}.png", i + 1)
                        };
                        (name, f)
                    })
                    .collect()
            }
            MovePictures::Sheet { sheet, board } => vec![
                ("frames.png".to_string(), sheet),
                ("board.png".to_string(), board),
            ],
        };
        named
            .into_iter()
            .chain(extra)
            .map(|(filename, f)| Attachment {
                filename,
                bytes: f.png,
                alt: f.alt,
            })
            .collect()
    }

    fn position_attachment(&self, r: &Record, game: &Game, view: Side) -> Attachment {
        let f = self
            .painter
            .position(&game.position(), &self.info(r, game, view));
        Attachment {
            filename: "board.png".into(),
            bytes: f.png,
            alt: f.alt,
        }
    }

    /// `@Bob (North) to move: `!sow HOLE`.` and the user to mention.
    fn to_move_line(&self, r: &Record, game: &Game) -> (String, Option<User>) {
        let side = game.position().to_move();
        match r.player(side) {
            Some(u) if r.is_ai(side) => (format!("{} ({side}) to move.", u.name), None),
            Some(u) => (
                format!(
                    "@{} ({side}) to move: {}.",
                    u.name,
                    text::move_form(game.variant(), self.p())
                ),
                Some(u.clone()),
            ),
            None => (format!("{side} to move."), None),
        }
    }

    fn result_text(&self, r: &Record) -> String {
        let Some(play) = &r.play else {
            return String::new();
        };
        match r.verdict {
            Some(Verdict::Timeout { winner }) => {
                return format!(
                    "Game over. {} ({winner}) wins on time.",
                    names(r)[winner.index()]
                )
            }
            Some(Verdict::DrawAgreed) => return "Game over. Draw by agreement.".to_string(),
            Some(Verdict::Aborted) => return "Game aborted: no result, unrated.".to_string(),
            None => {}
        }
        match play {
            Play::Game(g) => format!(
                "Game over. {} {}",
                text::outcome_text(g.outcome(), names(r)),
                text::captured_text(Side::ALL.map(|s| g.captured(s)))
            ),
            Play::Match(m) => {
                let w = m.winner().unwrap_or(Side::South);
                format!(
                    "Match over after {} game{}: {} ({w}) wins the match{}. Games won: {} {}, {} {}.",
                    m.games_played(),
                    if m.games_played() == 1 { "" } else { "s" },
                    names(r)[w.index()],
                    match m.game().outcome() {
                        Outcome::Win { reason: mancala_rules::EndReason::Resignation, .. } =>
                            " by resignation",
                        _ => " (M4)",
                    },
                    names(r)[0],
                    m.wins(Side::South),
                    names(r)[1],
                    m.wins(Side::North),
                )
            }
        }
    }

    /// The time per move asked for (`Some(None)`: no deadlines), else the configured
    /// default, in milliseconds.
    fn move_time_ms(&self, move_time: Option<Option<u64>>) -> Option<u64> {
        match move_time {
            Some(t) => t,
            None => self
                .settings
                .default_move_time
                .map(|d| d.as_millis() as u64),
        }
    }

    fn new_challenge(
        &self,
        msg: &Incoming,
        kind: Option<GameKind>,
        opponent: &Opponent,
        side: Option<Side>,
        move_time: Option<Option<u64>>,
    ) -> Answer {
        let p = self.p();
        let now = self.clock.now_ms();
        let current = self.store.load(&msg.at)?;
        if let Some(st) = &current {
            let r = &st.record;
            match r.status {
                Status::Challenge if !self.expired(r, now) => {
                    let who = r
                        .challenge
                        .as_ref()
                        .map_or("someone".to_string(), |c| c.challenger.name.clone());
                    return refuse(format!(
                        "{who}'s challenge to {} is open here; one game per channel: \
                         `{p}accept` or `{p}decline` it first",
                        text::kind_name(r.kind)
                    ));
                }
                Status::Challenge => {}
                _ => {
                    return refuse(format!(
                        "a {} game is in play here ({}); one game per channel: finish it or \
                         `{p}resign`, or play in another channel",
                        text::kind_name(r.kind),
                        players_text(r)
                    ))
                }
            }
        }
        let opponent = match opponent {
            Opponent::Ai { level } => {
                let level = level.unwrap_or(self.settings.ai_level);
                return self.start_ai_game(msg, current.as_ref(), kind, level, side, move_time);
            }
            Opponent::User(u) if u.id == msg.author.id => {
                return refuse(format!(
                    "you cannot challenge yourself; mention another player, or leave the \
                     opponent out so that anyone may `{p}accept`"
                ))
            }
            Opponent::User(u) => Some(u.clone()),
            Opponent::Anyone => None,
        };
        let kind = kind.unwrap_or(self.settings.default_game);
        let expiry = self.settings.challenge_expiry.as_millis() as u64;
        let move_time_ms = self.move_time_ms(move_time);
        let record = Record {
            format_version: FORMAT_VERSION,
            id: self.store.new_id(now)?,
            at: msg.at.clone(),
            kind,
            status: Status::Challenge,
            challenge: Some(Challenge {
                challenger: msg.author.clone(),
                opponent: opponent.clone(),
                challenger_side: side,
                expires_ms: now + expiry,
                move_time_ms,
            }),
            south: None,
            north: None,
            play: None,
            earlier_games: Vec::new(),
            timing: None,
            rated: true,
            verdict: None,
            draw_offer: None,
            tournament: None,
            ai: None,
            created_ms: now,
            updated_ms: now,
        };
        self.put(&msg.at, current.as_ref(), Write::Put(&record))?;
        let mut sides = match side {
            Some(s) => format!("{} plays {s}", msg.author.name),
            None => "sides drawn at random".to_string(),
        };
        sides.push_str(&match move_time_ms {
            Some(ms) => format!(", {} per move", text::duration_text(ms)),
            None => ", no time limit".to_string(),
        });
        let expires = text::duration_text(expiry);
        let button = |id: &str, label: &str, only: Option<User>| Button {
            id: id.into(),
            label: label.into(),
            command: format!("{p}{id}"),
            only,
        };
        let reply = match opponent {
            Some(op) => Reply {
                body: body!(
                    "{} challenges @{} to {} ({sides}). @{}: `{p}accept` or `{p}decline` \
                     (expires in {expires}).",
                    msg.author.name,
                    op.name,
                    text::kind_name(kind),
                    op.name
                ),
                buttons: vec![
                    button("accept", "Accept", Some(op.clone())),
                    button("decline", "Decline", Some(op.clone())),
                ],
                mentions: vec![op],
                ..Reply::default()
            },
            None => Reply {
                body: body!(
                    "{} offers a game of {} ({sides}): anyone may `{p}accept` (expires in \
                     {expires}); `{p}decline` withdraws it.",
                    msg.author.name,
                    text::kind_name(kind)
                ),
                buttons: vec![
                    button("accept", "Accept", None),
                    button("decline", "Withdraw", Some(msg.author.clone())),
                ],
                ..Reply::default()
            },
        };
        Ok(vec![reply])
    }

    fn accept(&self, msg: &Incoming) -> Answer {
        let p = self.p();
        let now = self.clock.now_ms();
        let no_challenge = format!(
            "there is no challenge to accept here; start one with `{p}new GAME [@opponent]`"
        );
        let Some(st) = self.store.load(&msg.at)? else {
            return refuse(no_challenge);
        };
        let r = &st.record;
        if r.status == Status::Playing {
            return refuse(format!(
                "the game here has already started ({}); `{p}board` shows it",
                players_text(r)
            ));
        }
        let Some(ch) = r
            .challenge
            .as_ref()
            .filter(|_| r.status == Status::Challenge)
        else {
            return refuse(no_challenge);
        };
        if self.expired(r, now) {
            self.put(&msg.at, Some(&st), Write::Remove)?;
            return refuse(format!(
                "{}'s challenge expired at {}; start a new one with `{p}new GAME [@opponent]`",
                ch.challenger.name,
                text::date_text(ch.expires_ms)
            ));
        }
        if ch.challenger.id == msg.author.id {
            return refuse(format!(
                "you cannot accept your own challenge; wait for an opponent, or `{p}decline` \
                 to withdraw it"
            ));
        }
        if let Some(op) = ch.opponent.as_ref().filter(|op| op.id != msg.author.id) {
            return refuse(format!(
                "only {} can accept {}'s challenge; anyone may watch with `{p}board`",
                op.name, ch.challenger.name
            ));
        }
        let side = ch.challenger_side.unwrap_or_else(|| {
            if rand::random::<bool>() {
                Side::South
            } else {
                Side::North
            }
        });
        let play = match Play::new(r.kind) {
            Ok(play) => play,
            Err(e) => return refuse(e.to_string()),
        };
        let mut next = r.clone();
        let (south, north) = match side {
            Side::South => (ch.challenger.clone(), msg.author.clone()),
            Side::North => (msg.author.clone(), ch.challenger.clone()),
        };
        next.south = Some(south);
        next.north = Some(north);
        next.status = Status::Playing;
        next.play = Some(play);
        next.updated_ms = now;
        next.timing = ch.move_time_ms.map(|ms| Timing {
            move_time_ms: ms,
            deadline_ms: now + ms,
            reminded: Vec::new(),
            timed_out: false,
            wake_ms: None,
        });
        self.restart_clock(&mut next, now);
        self.put(&msg.at, Some(&st), Write::Put(&next))?;
        let game = next.play.as_ref().map(Play::game).expect("just set");
        let (mut line, mention) = self.to_move_line(&next, game);
        if let Some(d) = self.deadline_line(&next) {
            line.push(' ');
            line.push_str(&d);
        }
        Ok(vec![Reply {
            body: body!(
                "{} accepts {}'s challenge: {}, {}. {line}",
                msg.author.name,
                ch.challenger.name,
                text::kind_name(r.kind),
                players_text(&next)
            ),
            attachments: vec![self.position_attachment(&next, game, Side::South)],
            mentions: mention.into_iter().collect(),
            ..Reply::default()
        }])
    }

    fn decline(&self, msg: &Incoming) -> Answer {
        let p = self.p();
        let now = self.clock.now_ms();
        let none = "there is no open challenge to decline here".to_string();
        let Some(st) = self.store.load(&msg.at)? else {
            return refuse(none);
        };
        let r = &st.record;
        let Some(ch) = r
            .challenge
            .as_ref()
            .filter(|_| r.status == Status::Challenge)
        else {
            return refuse(format!(
                "{none}; the game in play ({}) ends by `{p}resign`",
                players_text(r)
            ));
        };
        let text = if self.expired(r, now) {
            format!(
                "{}'s challenge had already expired; it is removed.",
                ch.challenger.name
            )
        } else if ch.challenger.id == msg.author.id {
            format!("{} withdraws the challenge.", msg.author.name)
        } else if ch.opponent.as_ref().is_some_and(|o| o.id == msg.author.id) {
            format!(
                "{} declines {}'s challenge.",
                msg.author.name, ch.challenger.name
            )
        } else {
            return refuse(match &ch.opponent {
                Some(op) => format!(
                    "only {} (challenged) or {} (challenger) can decline this challenge",
                    op.name, ch.challenger.name
                ),
                None => format!(
                    "only {} can withdraw this open challenge; to play, `{p}accept` it",
                    ch.challenger.name
                ),
            });
        };
        self.put(&msg.at, Some(&st), Write::Remove)?;
        Ok(vec![text_reply(text)])
    }

    fn move_error(&self, e: PlayError, typed: &str, game: &Game) -> String {
        let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        let legal = format!("legal moves: {}", legal.join(" "));
        match e {
            PlayError::Malformed(pe) => format!("{pe}; {legal}"),
            other => format!("`{typed}` is not a legal move: {other}; {legal}"),
        }
    }

    fn sow(&self, msg: &Incoming, typed: &str) -> Answer {
        let p = self.p();
        let st = self.playing(&msg.at)?;
        let r = &st.record;
        let Some(side) = r.side_of(&msg.author) else {
            return refuse(format!(
                "you are not playing this game ({}); only the two players move, anyone may \
                 look with `{p}board`",
                players_text(r)
            ));
        };
        let play = r.play.as_ref().expect("playing() checked");
        let mover = play.game().position().to_move();
        if side != mover && r.is_ai(mover) {
            return refuse(format!(
                "it is the AI's turn ({mover}), not yours: {} plays it; wait for its move",
                names(r)[mover.index()]
            ));
        }
        if side != mover {
            let name = r.player(mover).map_or("?", |u| u.name.as_str());
            return refuse(format!(
                "it is {name}'s turn ({mover}), not yours; wait for the move"
            ));
        }
        let now = self.clock.now_ms();
        if let Some(t) = &r.timing {
            if now >= t.deadline_ms && self.autoforfeit(r)? {
                let (reply, mut extra) = self.timeout_forfeit(&st, now)?;
                let mut out = vec![reply];
                out.append(&mut extra);
                return Ok(out);
            }
        }
        self.apply_move(&msg.at, &st, side, typed, now)
    }

    /// Plays `typed` for `side` (the player to move) in the game of `st`, stores the new
    /// record with compare-and-swap, and returns the move's reply (summary, frames, the
    /// player to move or the result) and what follows a finished game. Human moves
    /// (`!sow`) and the AI's moves go through here alike.
    fn apply_move(
        &self,
        at: &ChannelKey,
        st: &Stored,
        side: Side,
        typed: &str,
        now: u64,
    ) -> Answer {
        let r = &st.record;
        let play = r
            .play
            .as_ref()
            .ok_or_else(|| Fail::Refuse(self.no_game()))?;
        let mut next = r.clone();
        let mut new_play = play.clone();
        let before_moves: Vec<String> = play.game().moves().iter().map(|m| m.to_string()).collect();
        let (trace, game_over): (Trace, Option<Outcome>) = match &mut new_play {
            Play::Game(g) => match g.play_text(typed) {
                Ok(t) => (t, None),
                Err(e) => return refuse(self.move_error(e, typed, play.game())),
            },
            Play::Match(m) => match m.play_text(typed) {
                Ok(mm) => (mm.trace, mm.game_over),
                Err(e) => return refuse(self.move_error(e, typed, play.game())),
            },
        };
        if game_over.is_some() {
            let mut moves = before_moves;
            moves.push(trace.mv.to_string());
            next.earlier_games.push(moves);
        }
        let over = new_play.is_over();
        next.play = Some(new_play);
        next.updated_ms = now;
        // A move declines the opponent's draw offer; the mover's own offer stands.
        if next.draw_offer == Some(side.other()) {
            next.draw_offer = None;
        }
        if over {
            next.status = Status::Finished;
            if let Some(t) = next.timing.as_mut() {
                t.wake_ms = None;
            }
            self.put(at, Some(st), Write::Finish(&next))?;
            let mut reply = self.move_reply(&next, side, &trace, game_over);
            let (lines, extra) = self.after_finish(&next);
            for l in lines {
                reply.body.push_str("\n");
                reply.body.push_str(&l);
            }
            let mut out = vec![reply];
            out.extend(extra);
            Ok(out)
        } else {
            self.restart_clock(&mut next, now);
            self.put(at, Some(st), Write::Put(&next))?;
            Ok(vec![self.move_reply(&next, side, &trace, game_over)])
        }
    }

    fn move_reply(
        &self,
        r: &Record,
        mover: Side,
        trace: &Trace,
        game_over: Option<Outcome>,
    ) -> Reply {
        let play = r.play.as_ref().expect("a game in play");
        let game = play.game();
        // Drawn from the mover's side; against the AI always from the human's side, so
        // that his board does not turn round with every answer.
        let view = r.ai.map_or(mover, |ai| ai.side.other());
        let mut info = self.info(r, game, view);
        if !trace.before.variant().is_katro() || game_over.is_some() {
            info.captured = Side::ALL.map(|s| trace.after.store(s) as u32);
        }
        let mut lines = vec![text::move_summary(names(r)[mover.index()], trace)];
        let mut extra = Vec::new();
        if let (Some(outcome), Play::Match(m)) = (game_over, play) {
            lines.push(format!(
                "Game {} of the match is over. {} {}",
                m.games_played(),
                text::outcome_text(outcome, names(r)),
                text::captured_text(Side::ALL.map(|s| trace.after.store(s) as u32)),
            ));
            if m.winner().is_none() {
                let closed: Vec<String> = (0..game.variant().holes())
                    .map(|i| game.variant().hole(i))
                    .filter(|&h| game.position().is_closed(h))
                    .map(|h| h.to_string())
                    .collect();
                lines.push(format!(
                    "Game {} starts (M1-M3): games won {} {}, {} {}; reserves {} {}, {} {}; \
                     closed holes: {}.",
                    m.games_played() + 1,
                    names(r)[0],
                    m.wins(Side::South),
                    names(r)[1],
                    m.wins(Side::North),
                    Side::South,
                    m.reserve(Side::South),
                    Side::North,
                    m.reserve(Side::North),
                    if closed.is_empty() {
                        "none".to_string()
                    } else {
                        closed.join(" ")
                    }
                ));
                let start = self
                    .painter
                    .position(&game.position(), &self.info(r, game, Side::South));
                extra.push(("next-game.png".to_string(), start));
            }
        }
        let mut mentions = Vec::new();
        if play.is_over() {
            lines.push(self.result_text(r));
            mentions.extend(r.south.clone());
            mentions.extend(r.north.clone());
        } else {
            let (mut line, who) = self.to_move_line(r, game);
            if let Some(d) = self.deadline_line(r) {
                line.push(' ');
                line.push_str(&d);
            }
            lines.push(line);
            mentions.extend(who);
        }
        Reply {
            body: lines.join("\n").into(),
            attachments: self.attach(trace, &info, extra),
            mentions,
            ..Reply::default()
        }
    }

    fn show_board(&self, msg: &Incoming) -> Answer {
        let p = self.p();
        match self.store.load(&msg.at)? {
            Some(st) if st.record.status == Status::Playing => {
                let r = &st.record;
                let play = r
                    .play
                    .as_ref()
                    .ok_or_else(|| Fail::Refuse(self.no_game()))?;
                let game = play.game();
                let pos = game.position();
                let view = r.side_of(&msg.author).unwrap_or(Side::South);
                let side = pos.to_move();
                let name = r.player(side).map_or("?", |u| u.name.as_str());
                let mut head = format!(
                    "{}: {}, move {}",
                    text::kind_name(r.kind),
                    players_text(r),
                    game.moves().len() + 1
                );
                if let Play::Match(m) = play {
                    head.push_str(&format!(
                        " of game {} (games won {} {}, {} {})",
                        m.games_played() + 1,
                        names(r)[0],
                        m.wins(Side::South),
                        names(r)[1],
                        m.wins(Side::North)
                    ));
                }
                let mut text = format!("{head}. Position: `{pos}`. {name} ({side}) to move.");
                if pos.variant().is_katro() {
                    text.push(' ');
                    text.push_str(&text::captured_text(Side::ALL.map(|s| game.captured(s))));
                }
                Ok(vec![Reply {
                    body: text.into(),
                    attachments: vec![self.position_attachment(r, game, view)],
                    ..Reply::default()
                }])
            }
            Some(st) => {
                let r = &st.record;
                let ch = r.challenge.as_ref();
                let challenger = ch.map_or("someone", |c| c.challenger.name.as_str());
                let kind = text::kind_name(r.kind);
                Ok(vec![text_reply(
                    match ch.and_then(|c| c.opponent.as_ref()) {
                        _ if self.expired(r, self.clock.now_ms()) => format!(
                            "No game here: {challenger}'s challenge to {kind} expired; start one \
                             with `{p}new GAME [@opponent]`."
                        ),
                        Some(op) => format!(
                            "No game yet: {challenger} challenged {} to {kind}; waiting for {} \
                         to `{p}accept`.",
                            op.name, op.name
                        ),
                        None => format!(
                            "No game yet: {challenger} offers a game of {kind} to anyone; \
                         `{p}accept` to play."
                        ),
                    },
                )])
            }
            None => match self.store.last_finished(&msg.at)? {
                Some(r) => {
                    let game = r
                        .play
                        .as_ref()
                        .map(Play::game)
                        .ok_or_else(|| Fail::Refuse(self.no_game()))?;
                    Ok(vec![Reply {
                        body: body!(
                            "No game in play here. The last one ({}, {}): {} Position: `{}`. \
                             Start a new one with `{p}new GAME [@opponent]`.",
                            text::kind_name(r.kind),
                            players_text(&r),
                            self.result_text(&r),
                            game.position()
                        ),
                        attachments: vec![self.position_attachment(&r, game, Side::South)],
                        ..Reply::default()
                    }])
                }
                None => refuse(self.no_game()),
            },
        }
    }

    fn moves(&self, msg: &Incoming) -> Answer {
        let st = self.playing(&msg.at)?;
        let r = &st.record;
        let game = r.play.as_ref().expect("playing() checked").game();
        let side = game.position().to_move();
        let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        Ok(vec![text_reply(format!(
            "Legal moves for {} ({side}): {}",
            r.player(side).map_or("?", |u| u.name.as_str()),
            legal.join(" ")
        ))])
    }

    fn resign(&self, msg: &Incoming) -> Answer {
        let p = self.p();
        let st = match self.playing(&msg.at) {
            Err(Fail::Refuse(_)) if self.store.load(&msg.at)?.is_some() => {
                return refuse(format!(
                    "there is nothing to resign: the challenge is not accepted yet; \
                     `{p}decline` withdraws or declines it"
                ))
            }
            other => other?,
        };
        let r = &st.record;
        let Some(side) = r.side_of(&msg.author) else {
            return refuse(format!(
                "you are not playing this game ({}); only a player can resign",
                players_text(r)
            ));
        };
        let mut next = r.clone();
        match next.play.as_mut().expect("playing() checked") {
            Play::Game(g) => g.resign(side),
            Play::Match(m) => m.resign(side),
        }
        next.status = Status::Finished;
        next.draw_offer = None;
        next.updated_ms = self.clock.now_ms();
        if let Some(t) = next.timing.as_mut() {
            t.wake_ms = None;
        }
        self.put(&msg.at, Some(&st), Write::Finish(&next))?;
        let game = next.play.as_ref().map(Play::game).expect("set");
        let (lines, extra) = self.after_finish(&next);
        let mut out = vec![Reply {
            body: body!(
                "{} ({side}) resigns.\n{}{}",
                msg.author.name,
                self.result_text(&next),
                lines.iter().map(|l| format!("\n{l}")).collect::<String>()
            ),
            attachments: vec![self.position_attachment(&next, game, Side::South)],
            mentions: next.player(side.other()).cloned().into_iter().collect(),
            ..Reply::default()
        }];
        out.extend(extra);
        Ok(out)
    }

    fn history(&self, msg: &Incoming) -> Answer {
        let r = self.shown_record(msg)?;
        Ok(vec![text_reply(self.record_text(&r))])
    }

    /// `!replay`: the last move of the game here (in a match, of its current game; with no
    /// game in play, of the last finished one) as an animated GIF of its frames, drawn
    /// from the mover's side.
    fn replay(&self, msg: &Incoming) -> Answer {
        let r = self.shown_record(msg)?;
        let game = r.play.as_ref().map(Play::game);
        let Some((game, (&last, earlier))) = game.and_then(|g| Some((g, g.moves().split_last()?)))
        else {
            return refuse("no move has been played in this game yet: nothing to replay");
        };
        let mut replayed = Game::from_position(game.start());
        for &m in earlier {
            replayed
                .play(m)
                .map_err(|e| Fail::Refuse(format!("the stored game does not replay: {e}")))?;
        }
        let trace = replayed
            .play(last)
            .map_err(|e| Fail::Refuse(format!("the stored game does not replay: {e}")))?;
        let mover = trace.before.to_move();
        let info = self.info(&r, &replayed, mover);
        let frames = self.painter.move_frames(&trace, &info);
        let gif = self.painter.gif(&frames);
        let alt = frames.last().map(|f| f.alt.clone()).unwrap_or_default();
        Ok(vec![Reply {
            body: body!(
                "Replay of move {}: {}, in {} frames.",
                game.moves().len(),
                text::move_summary(names(&r)[mover.index()], &trace).trim_end_matches('.'),
                frames.len()
            ),
            attachments: vec![Attachment {
                filename: "move.gif".into(),
                bytes: gif,
                alt: format!("Animated replay, ending: {alt}"),
            }],
            ..Reply::default()
        }])
    }

    /// The record `!history` and `!replay` show: the game here, else the last finished
    /// one.
    fn shown_record(&self, msg: &Incoming) -> Result<Record, Fail> {
        Ok(match self.store.load(&msg.at)? {
            Some(st) if st.record.status == Status::Playing => st.record,
            Some(_) => {
                return refuse(format!(
                    "the game has not started: the challenge is waiting for `{}accept`",
                    self.p()
                ))
            }
            None => match self.store.last_finished(&msg.at)? {
                Some(r) => r,
                None => return refuse(self.no_game()),
            },
        })
    }

    /// `!history`: headers, then the numbered moves of each game, cut from the front to
    /// the reply length limit.
    fn record_text(&self, r: &Record) -> String {
        let Some(play) = &r.play else {
            return String::new();
        };
        let mut head = vec![
            format!("Game {}: {}", r.id, text::kind_name(r.kind)),
            format!("{}", players_text(r)),
            format!("Started {}", text::date_text(r.created_ms)),
        ];
        head.push(if play.is_over() || r.verdict.is_some() {
            self.result_text(r)
        } else {
            let side = play.game().position().to_move();
            format!("In play: {} ({side}) to move", names(r)[side.index()])
        });
        let mut body = Vec::new();
        let numbered = |start: Position, moves: &[String]| -> String {
            let mut g = Game::from_position(start);
            let mut out = Vec::new();
            for (i, m) in moves.iter().enumerate() {
                let side = g.position().to_move();
                let _ = g.play_text(m);
                out.push(format!(
                    "{}.{} {m}",
                    i + 1,
                    side.letter().to_ascii_uppercase()
                ));
            }
            if out.is_empty() {
                "(no moves yet)".to_string()
            } else {
                out.join("  ")
            }
        };
        if let Play::Match(m) = play {
            let result = |k: usize| {
                m.results()
                    .get(k)
                    .map(|o| format!(" {}", text::outcome_text(*o, names(r))))
                    .unwrap_or_default()
            };
            for (k, moves) in r.earlier_games.iter().enumerate() {
                // Earlier games' start positions (closed holes, M2) are not kept: their
                // moves are listed with their numbers only.
                let list: Vec<String> = moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| format!("{}. {m}", i + 1))
                    .collect();
                body.push(format!("Game {}: {}{}", k + 1, list.join("  "), result(k)));
            }
            // The current game, unless the match ended with it (then it is listed).
            let k = r.earlier_games.len();
            if m.winner().is_none() || k < m.games_played() {
                let moves: Vec<String> =
                    play.game().moves().iter().map(|m| m.to_string()).collect();
                body.push(format!(
                    "Game {}: {}{}",
                    k + 1,
                    numbered(play.game().start(), &moves),
                    result(k)
                ));
            }
        } else {
            let moves: Vec<String> = play.game().moves().iter().map(|m| m.to_string()).collect();
            body.push(numbered(play.game().start(), &moves));
        }
        let head = head.join("\n");
        let mut body = body.join("\n");
        let room = self
            .settings
            .max_reply_chars
            .saturating_sub(head.len() + 80);
        if body.len() > room {
            // Cut before a game's line or a numbered move (` 12.S c1+`), never inside
            // a result.
            let move_starts = |i: usize| {
                let rest = body[i..].trim_start_matches(' ');
                let digits =
                    rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                body[i..].starts_with(' ')
                    && digits > 0
                    && (rest[digits..].starts_with(".S ") || rest[digits..].starts_with(".N "))
            };
            let from = body.len() - room;
            let cut = (from..body.len())
                .find(|&i| {
                    body.is_char_boundary(i) && (body[i..].starts_with('\n') || move_starts(i))
                })
                .unwrap_or(body.len());
            body = format!(
                "… (earlier moves left out; `mancala-bot export` has the full record)\n{}",
                body[cut..].trim_start()
            );
        }
        format!("{head}\n{body}")
    }

    fn rules(&self, msg: &Incoming, topic: Option<RulesTopic>) -> Answer {
        let topic = topic.or_else(|| {
            let r = self.store.load(&msg.at).ok()??.record;
            Some(if r.kind.variant.is_katro() {
                RulesTopic::Katro
            } else {
                RulesTopic::Hoyito
            })
        });
        let p = self.p();
        let text = match topic {
            Some(RulesTopic::Katro) => format!(
                "{}\n{}",
                text::KATRO_RULES,
                text::rules_ai_line(p, "katro:4x4")
            ),
            Some(RulesTopic::Hoyito) => format!(
                "{}\n{}",
                text::HOYITO_RULES,
                text::rules_ai_line(p, "hoyito")
            ),
            None => format!(
                "{}\n\n{}\n{}",
                text::KATRO_RULES,
                text::HOYITO_RULES,
                text::rules_ai_line(p, "GAME")
            ),
        };
        Ok(vec![text_reply(text)])
    }
}

impl Core {
    /// Runs `cmd`, deciding again on a compare-and-swap conflict.
    fn run_command(&self, cmd: &Command, msg: &Incoming) -> Vec<Reply> {
        for _ in 0..8 {
            match self.run(cmd, msg) {
                Ok(replies) => return replies,
                Err(Fail::Refuse(text)) => return vec![error_reply(text)],
                Err(Fail::Conflict) => continue,
                Err(Fail::Store(e)) => {
                    tracing::error!(error = %e, "store failure");
                    return vec![error_reply(format!(
                        "the game store failed, nothing was changed: {e}"
                    ))];
                }
            }
        }
        vec![error_reply(
            "too many commands at once in this channel; nothing was changed, try again".into(),
        )]
    }
}

impl ChatCore for Core {
    fn handle(&self, msg: &Incoming) -> Vec<Reply> {
        let msg = &msg.sanitized();
        let prefix = self.settings.prefix.clone();
        let Some(parsed) = command::parse(&msg.text, &prefix, &msg.mentions) else {
            return Vec::new();
        };
        let len = msg.text.chars().count();
        if len > self.settings.max_command_chars {
            return vec![error_reply(format!(
                "that command is {len} characters long; commands are at most {}",
                self.settings.max_command_chars
            ))];
        }
        let cmd = match parsed {
            Ok(cmd) => cmd,
            Err(e) => return vec![error_reply(e)],
        };
        let mut out = self.run_command(&cmd, msg);
        // The AI answers a move at once (and plays first as South); after a restart its
        // owed move is played at the first command in the channel.
        out.extend(self.ai_turns(&msg.at));
        vs_ai::drop_ai_mentions(&mut out);
        out
    }

    fn legal_moves(&self, at: &ChannelKey) -> Vec<String> {
        match self.store.load(at) {
            Ok(Some(st)) if st.record.status == Status::Playing => st
                .record
                .play
                .map(|p| {
                    p.game()
                        .legal_moves()
                        .iter()
                        .map(|m| m.to_string())
                        .collect()
                })
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    fn prefix(&self) -> &str {
        &self.settings.prefix
    }

    fn tick_where(&self, owns: &(dyn Fn(&str) -> bool + Sync)) -> Vec<(ChannelKey, Reply)> {
        self.run_tick(owns)
    }
}
