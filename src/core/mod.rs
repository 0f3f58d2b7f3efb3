//! The transport-agnostic core: parses commands, keeps one game per channel in the
//! [`Store`], referees moves with `mancala-rules`, and answers with [`Reply`]s whose
//! pictures come from the injected [`Painter`].
//!
//! One read, one write: for every channel command the dispatcher (`dispatch`) loads the
//! channel's state once, a pure handler decides over it (`games`, `views`,
//! `correspondence`, `vs_ai`; the shapes are in `decision`), and the dispatcher writes
//! the new record with one compare-and-swap; when another write came first, the command
//! is decided again on the reloaded state, so two `!sow` racing on one channel can never
//! both apply. Pictures are painted only after the write succeeded. Every refusal is one
//! short error reply (`is_error`) naming what was wrong and the accepted form, and
//! changes nothing.
//!
//! Games against the AI (`!new GAME ai [level N]`) start at once; after every command
//! the core plays the AI's moves while it is the AI's turn, through the same move
//! decision and compare-and-swap write as a human move (see the `vs_ai` module).

mod aftermath;
pub mod ai_pool;
mod alerts;
pub(crate) mod analyses;
mod analysis;
pub mod api;
mod archive;
mod archive_views;
pub mod backup;
pub mod command;
mod correspondence;
mod deadlines;
mod decision;
mod digest;
mod dispatch;
pub(crate) mod draw_pool;
mod game_rooms;
mod games;
mod hint;
pub mod input;
pub(crate) mod intake;
mod limiter;
pub(crate) mod limits;
mod listing;
#[cfg(test)]
mod load_tests;
mod matches;
pub(crate) mod needs;
pub mod painter;
pub(crate) mod pictures;
mod play;
mod prefs;
pub mod puzzle;
mod puzzler;
mod rating_views;
pub mod ratings;
pub(crate) mod reply;
pub(crate) mod review_store;
mod set;
pub(crate) mod shapes;
pub mod show;
mod snapshot;
mod takeback;
#[cfg(test)]
mod tests;
pub mod text;
pub mod throttle;
pub mod tournament;
pub(crate) mod vacation;
mod views;
mod vs_ai;

pub use analyses::NODE_CAP as ANALYSIS_NODES;
use decision::ChannelState;
pub use prefs::{ChannelSettings, Notify, PlayerPrefs, SiteSettings, WebMode};
// What the web pages (src/web) show as the chat replies do.
pub(crate) use analysis::{chart as review_chart, review_text};
pub(crate) use play::summary_chart;
pub(crate) use views::{board_info, result_text};

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use mancala_rules::{Position, Side, Variant};

use crate::core::api::{ChatCore, Incoming, Reply, Rooms};
use crate::core::painter::Painter;
use crate::i18n;
use crate::metrics::{Metrics, Outcome};
use crate::model::ChannelKey;
use crate::model::GameKind;
use crate::store::docs;
use crate::store::keys::DocKey;
use crate::store::{Record, Status, Store, StoreError, Stored};
use command::table::{CommandDef, Wake};
use command::Command;

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
            .map_or(0, limits::millis)
    }
}

/// The system clock moved forward by an offset that only grows: the console's `/wait`,
/// to see deadlines, reminders and expiries happen without waiting for them. Starts
/// with no offset; the offset is kept as a [`ManualClock`] from 0.
#[derive(Debug, Default)]
pub struct OffsetClock(ManualClock);

impl OffsetClock {
    /// Moves the clock forward by `d` (the offset at most to [`u64::MAX`] ms).
    pub fn advance(&self, d: Duration) {
        self.0.advance(d);
    }

    /// How far ahead of the system clock it is.
    pub fn offset(&self) -> Duration {
        Duration::from_millis(self.0.now_ms())
    }
}

impl Clock for OffsetClock {
    fn now_ms(&self) -> u64 {
        SystemClock.now_ms().saturating_add(self.0.now_ms())
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

    /// Moves the clock forward by `d` (at most to [`u64::MAX`]).
    pub fn advance(&self, d: Duration) {
        let d = limits::millis(d);
        let _ = self
            .0
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |ms| {
                Some(ms.saturating_add(d))
            });
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
    /// Most attachments in one reply, at least 2: the host's bound over the transport's
    /// own ([`api::TransportLimits::attachments_per_message`], Discord's 10). A move
    /// with more frames is sent as a contact sheet and the final board.
    pub max_attachments: usize,
    /// Longest text of one message, in characters: the host's bound over the limit of
    /// the transport the reply goes to ([`api::TransportLimits::chars_per_message`]:
    /// Discord's 2,000, Matrix's 4,000, none on the console). A longer reply (any of
    /// them: `!help`, `!history`, ...) is posted as several messages, split at line ends
    /// and never inside a code span ([`Reply::split`]); nothing is cut.
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
    /// Glicko-2's rating period: a player's deviation grows as Glickman's step 6 says
    /// for a player who did not compete, once for each whole period since his last rated
    /// game (see [`ratings::idle_deviation`]), so that one who comes back after a long
    /// time is provisional again. Each rated game is a period of its own.
    pub rating_period: Duration,
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
    /// Commands per minute per user and per channel ([`throttle`]); default: no limits
    /// (the config file sets them for a running bot).
    pub rate_limits: throttle::RateLimits,
    /// The AI's searchers and the games that may wait for one ([`ai_pool`]); default:
    /// one searcher per core, 64 waiting.
    pub ai_pool: ai_pool::PoolSize,
    /// The searchers of `!analyze` and the analyses that may wait for one, apart from
    /// the AI's moves (`analyses`, issue 33); default: one searcher, 4 waiting.
    pub analysis_pool: ai_pool::PoolSize,
    /// How long a user who started an analysis waits before starting another (a stored
    /// analysis is shown at any time); default 60 s, zero: none.
    pub analysis_cooldown: Duration,
    /// The replays' drawing pool, the picture cache and each user's budget of frames
    /// (`pictures`, issue 33).
    pub pictures: pictures::PictureLimits,
    /// Days of vacation (`!vacation`) each player may take in a calendar year (UTC);
    /// 0: none. Default 14.
    pub vacation_days_per_year: u32,
    /// The puzzles `!puzzle` gives (issue 32): the shipped sets by default; a host or a
    /// test may give others. The daily puzzle is drawn from those of the default
    /// game's board ([`Settings::default_game`]).
    pub puzzles: puzzle::PuzzleBook,
    /// Where the web pages are reached from outside, ending in `/`
    /// (`https://games.example.org/`, `[web] public_url`); `None` (default): replies
    /// carry no links to them. A community's replies link a game's page only once its
    /// pages are on (`!set web on`).
    pub public_url: Option<String>,
}

impl Settings {
    /// The address of the page of the game `id`, when the pages are reachable
    /// ([`Settings::public_url`]) and `site` (the community's web settings) has them on.
    pub fn game_url(&self, site: &SiteSettings, id: &str) -> Option<String> {
        let base = self.public_url.as_deref().filter(|_| site.web)?;
        (!id.is_empty()).then(|| format!("{base}g/{id}"))
    }

    /// The line that links the page of the game `id` (see [`Settings::game_url`]).
    pub(crate) fn game_link(&self, site: &SiteSettings, id: &str) -> Option<String> {
        let url = self.game_url(site, id)?;
        Some(api::link_token(&url, &tr!("web-link-label")))
    }
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
            rating_period: Duration::from_secs(7 * 24 * 3600),
            ai_level: 3,
            ai_ms_per_move: 1000,
            ai_tt_mb: 16,
            rate_limits: throttle::RateLimits::default(),
            ai_pool: ai_pool::PoolSize::default(),
            ai_max_nodes: None,
            analysis_pool: ai_pool::PoolSize {
                searchers: 1,
                queue: 4,
            },
            analysis_cooldown: Duration::from_secs(60),
            pictures: pictures::PictureLimits::default(),
            vacation_days_per_year: 14,
            puzzles: puzzle::PuzzleBook::shipped(),
            public_url: None,
        }
    }
}

/// Why a command gave no success reply.
enum Fail {
    /// Refused: the text of the error reply.
    Refuse(String),
    /// The record or document changed under us: decide again.
    Conflict,
    /// Decided again too often: other writes kept coming first.
    Busy,
    /// The store failed.
    Store(StoreError),
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        Fail::Store(e)
    }
}

impl From<decision::Refusal> for Fail {
    fn from(r: decision::Refusal) -> Fail {
        Fail::Refuse(r.0)
    }
}

type Answer = Result<Vec<Reply>, Fail>;

/// What a chat sees of a store failure. An unreadable record is named (the players can
/// tell the operator which); a failure of the store itself (a database that does not
/// answer) is not detailed: its text names the database's user, host and name, which
/// belong in the log, not in a public channel.
fn store_failure_text(e: &StoreError) -> String {
    match e {
        StoreError::Read { .. } | StoreError::Clash { .. } => {
            tr!("store-failed", error = e.to_string())
        }
        StoreError::Io { .. } | StoreError::Open { .. } if e.is_disk_full() => {
            tr!("store-disk-full")
        }
        StoreError::Io { .. } | StoreError::Open { .. } => tr!("store-not-answering"),
    }
}

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

use views::players_text;

/// The core: implements [`ChatCore`] over a [`Store`], a [`Painter`] and a [`Clock`].
pub struct Core {
    store: Arc<dyn Store>,
    painter: Arc<dyn Painter>,
    clock: Arc<dyn Clock>,
    settings: Settings,
    rooms: RwLock<Option<Arc<dyn Rooms>>>,
    /// What each transport's platform takes in one message ([`ChatCore::declare_limits`]).
    transports: reply::Declared,
    /// Held while a tournament's games are being opened, so that a command and the
    /// periodic driver never open two rooms for one pairing (opening a room is a slow
    /// call to the platform, and its key is saved only after it).
    opening: Mutex<()>,
    /// The channels where an AI search runs now (at most one search per channel).
    thinking: Mutex<HashSet<ChannelKey>>,
    /// Command rate limits per user and per channel.
    throttle: throttle::Throttle,
    /// The AI's searchers, shared by every game against the AI.
    ai_pool: ai_pool::AiPool,
    /// The searchers of `!analyze`, apart from the AI's, with their gates.
    analyses: analyses::Analyses,
    /// The replays' drawing pool, the picture cache and the users' budgets of frames.
    pictures: pictures::Pictures,
    /// The coin tossed for a side nobody named (a fair one; tests may replace it).
    coin: Box<dyn Fn() -> Side + Send + Sync>,
    /// The work in flight, and whether new work is taken (closed at shutdown).
    intake: Arc<intake::Intake>,
    /// Messages addressed to the bot since start (commands, also those refused).
    commands: AtomicU64,
    /// When the driver last looked for daily digests due (`!notify digest`), in
    /// milliseconds since the Unix epoch (0: not yet).
    digests_ms: AtomicU64,
    /// Where commands, AI searches and pictures are counted and timed.
    metrics: Arc<Metrics>,
}

impl Core {
    /// A core over `store`, drawing with `painter`, timed by `clock`, recording into the
    /// process's metrics ([`Metrics::global`]).
    pub fn new(
        store: Arc<dyn Store>,
        painter: Arc<dyn Painter>,
        clock: Arc<dyn Clock>,
        settings: Settings,
    ) -> Core {
        Core::with_metrics(store, painter, clock, settings, Metrics::global())
    }

    /// As [`Core::new`], recording into `metrics`: each command handled with its outcome
    /// and time, the AI's queue and searches, the time of each painter call. The store's
    /// reads and writes are counted by the store given (a
    /// [`crate::store::CountedStore`]), labelled by the command handled.
    pub fn with_metrics(
        store: Arc<dyn Store>,
        painter: Arc<dyn Painter>,
        clock: Arc<dyn Clock>,
        settings: Settings,
        metrics: Arc<Metrics>,
    ) -> Core {
        let throttle = throttle::Throttle::new(settings.rate_limits, clock.clone());
        let ai_pool = ai_pool::AiPool::new(settings.ai_pool, metrics.clone());
        let analyses = analyses::Analyses::new(settings.analysis_pool, metrics.clone());
        let pictures = pictures::Pictures::new(&settings.pictures, clock.clone(), metrics.clone());
        let painter = Arc::new(painter::TimedPainter::new(painter, metrics.clone()));
        Core {
            store,
            painter,
            metrics,
            clock,
            opening: Mutex::new(()),
            settings,
            rooms: RwLock::new(None),
            transports: reply::Declared::default(),
            thinking: Mutex::new(HashSet::new()),
            throttle,
            ai_pool,
            analyses,
            pictures,
            coin: Box::new(dispatch::toss),
            intake: intake::Intake::new(),
            commands: AtomicU64::new(0),
            digests_ms: AtomicU64::new(0),
        }
    }

    /// Messages addressed to the bot since start (commands, also those refused).
    pub fn commands_handled(&self) -> u64 {
        self.commands.load(Ordering::SeqCst)
    }

    /// The core's intake: the work in flight (commands, ticks, the events transports
    /// hand over) and whether new work is taken.
    pub fn intake(&self) -> &Arc<intake::Intake> {
        &self.intake
    }

    /// Begins a shutdown: no new work is taken (`intake::Intake::close`; the driver's
    /// ticks do nothing more), and every AI search ends now, its move dropped and played
    /// after the restart ([`ai_pool::AiPool::stop_all`]). Wait for the work in flight
    /// with `intake::Intake::drain`.
    pub fn begin_shutdown(&self) {
        self.intake.close();
        self.ai_pool.stop_all();
        self.analyses.pool.stop_all();
    }

    /// AI searches cut short or refused by the shutdown.
    pub fn ai_cancelled(&self) -> usize {
        self.ai_pool.cancelled()
    }

    /// Replaces the fair coin that gives a side to a challenger (or a player of the AI)
    /// who named none, for tests that must replay a run exactly (the fuzz test of the
    /// core, `tests/fuzz.rs`). Everything else the core decides is already a function
    /// of its inputs, its store and its clock.
    pub fn set_coin(&mut self, coin: impl Fn() -> Side + Send + Sync + 'static) {
        self.coin = Box::new(coin);
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

    /// The store, shared (for the live snapshots the running bot takes).
    pub fn shared_store(&self) -> Arc<dyn Store> {
        self.store.clone()
    }

    /// The painter the core draws with, shared (the web pages draw with it too).
    pub fn shared_painter(&self) -> Arc<dyn Painter> {
        self.painter.clone()
    }

    /// Games against the AI searching or waiting for a searcher now ([`ai_pool`]).
    pub fn ai_in_use(&self) -> usize {
        self.ai_pool.in_use()
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The board to show for the channel `at`: the game in play, else the final position
    /// of the last game finished there. For text transports (the console's ASCII board).
    pub fn board(&self, at: &ChannelKey) -> Option<Position> {
        Some(self.shown_game(at)?.play()?.game().position())
    }

    /// [`Core::board`] with its status line: whose move, or how the game ended (also an
    /// end off the board: resignation, time, agreement); in a match (M1-M4), then where
    /// the match stands: games won and reserves, which the board does not show.
    pub fn board_status(&self, at: &ChannelKey) -> Option<(Position, String)> {
        let r = self.shown_game(at)?;
        let game = r.play()?.game();
        let pos = game.position();
        let info = views::board_info(&r, game, Side::South);
        let mut status = crate::core::painter::status_text(&pos, info.ended);
        if let Some(m) = info.match_info {
            status = crate::i18n::join_semicolons(&[status, m.text()]);
        }
        Some((pos, status))
    }

    /// The record whose board the channel shows: its game in play, else its last
    /// finished game; `None` on a store failure.
    fn shown_game(&self, at: &ChannelKey) -> Option<Record> {
        match self.store.load(at) {
            Ok(Some(Stored { record, .. })) if record.play().is_some() => Some(record),
            Ok(_) => self.store.last_finished(at).ok().flatten(),
            Err(_) => None,
        }
    }

    fn p(&self) -> &str {
        &self.settings.prefix
    }

    /// Runs `cmd`, read in `state` as `reads` says: through the dispatcher
    /// ([`Core::commit_from`]), or a search over the state (`!hint`, `!analyze`); with
    /// the channel's record after it.
    fn run(
        &self,
        cmd: &Command,
        reads: needs::Needs,
        msg: &Incoming,
        state: ChannelState,
    ) -> Result<Ran, Fail> {
        // The two that search rather than decide: over the state as read, no write
        // (`!analyze` stores its review under the game's own key).
        match cmd {
            Command::Hint => return self.hint(msg, &state).map(Ran::looked(&state)),
            Command::Analyze(id) => {
                return self
                    .analyze(msg, &state, id.as_deref())
                    .map(Ran::looked(&state))
            }
            _ => {}
        }
        // Whether the transport can open rooms here: asked before deciding, since
        // `!tournament new` is refused without them.
        let rooms_refused = match cmd {
            Command::Tournament(command::TourneyCommand::New { .. }) => {
                self.rooms().and_then(|r| r.can_open(&msg.at).err())
            }
            _ => None,
        };
        let done = self.commit_from(state, msg, reads, &mut |state, ctx| {
            let ctx = decision::Ctx {
                rooms_refused: rooms_refused.as_deref(),
                ..*ctx
            };
            let mut decision = dispatch::decide(state, cmd, &ctx)?;
            self.admit_pictures(msg, &mut decision, state.channel.theme)?;
            Ok(decision)
        })?;
        Ok(Ran {
            replies: done.replies,
            record: done.record,
        })
    }

    /// Runs `cmd` over `state` with how it ended; a command that keeps meeting
    /// conflicts is refused as busy.
    fn run_command(
        &self,
        cmd: &Command,
        reads: needs::Needs,
        msg: &Incoming,
        state: ChannelState,
    ) -> (Ran, Outcome) {
        // A refused or failed command changed nothing: the record is as read, for a
        // command of the dispatcher (the AI need not look in the store).
        let before = state.record().cloned();
        let failed = |replies, outcome| {
            let ran = Ran {
                replies,
                record: before,
            };
            (ran, outcome)
        };
        match self.run(cmd, reads, msg, state) {
            Ok(ran) => (ran, Outcome::Ok),
            Err(Fail::Refuse(text)) => failed(vec![error_reply(text)], Outcome::Refused),
            Err(Fail::Conflict | Fail::Busy) => {
                failed(vec![error_reply(tr!("busy-retry"))], Outcome::Busy)
            }
            Err(Fail::Store(e)) => {
                tracing::error!(error = %e, "store failure");
                failed(vec![error_reply(store_failure_text(&e))], Outcome::Error)
            }
        }
    }
}

/// What running a command gave.
struct Ran {
    /// The replies.
    replies: Vec<Reply>,
    /// The channel's record after the command (`None`: the channel holds none).
    record: Option<Record>,
}

impl Ran {
    /// The answer of a command that only looked at `state`: `replies`, the record as
    /// read.
    fn looked(state: &ChannelState) -> impl FnOnce(Vec<Reply>) -> Ran + '_ {
        move |replies| Ran {
            replies,
            record: state.record().cloned(),
        }
    }
}

impl Core {
    /// The language of replies in `at` ([`i18n::Lang::choose`]): the channel's `!set
    /// language`, else `locale` (the platform's, for the message answered), else
    /// English. A store failure reads as no choice.
    pub fn channel_lang(&self, at: &ChannelKey, locale: Option<&str>) -> i18n::Lang {
        let chosen = docs::load::<ChannelSettings>(&*self.store, &DocKey::chan(at))
            .ok()
            .and_then(|d| d.value.language);
        i18n::Lang::choose(chosen, locale)
    }

    /// [`ChatCore::handle`] once the channel is read: one batched read ([`Core::plan`])
    /// gives the language and everything a channel command decides from.
    fn handle_read(&self, msg: &Incoming, def: Option<&CommandDef>) -> (Vec<Reply>, Outcome) {
        // An unknown command reads the settings alone (for its refusal's language).
        let needs = def.map(|d| d.reads).unwrap_or_default();
        let prefix = input::command_text(&self.settings.prefix);
        let id = snapshot::id_argument(&msg.text, &prefix).filter(|_| needs.by_id);
        let now = self.clock.now_ms();
        match self.load_state_with(&msg.at, msg.reader(), (needs, id.as_deref()), now) {
            Ok(state) => {
                let lang = i18n::Lang::choose(state.channel.language, msg.locale.as_deref());
                i18n::with_lang(lang, || self.handle_in_lang(msg, def, state))
            }
            Err(e) => {
                tracing::error!(error = %e, "store failure");
                let lang = i18n::Lang::choose(None, msg.locale.as_deref());
                let text = i18n::with_lang(lang, || store_failure_text(&e));
                (vec![error_reply(text)], Outcome::Error)
            }
        }
    }

    /// The refusal of `msg` before its command runs, if any: too long, in a place a
    /// backup could not restore, or rate limited (the throttle counts it).
    fn refused_before(&self, msg: &Incoming) -> Option<(Vec<Reply>, Outcome)> {
        let len = msg.text.chars().count();
        if len > self.settings.max_command_chars {
            let text = tr!(
                "limit-command-too-long",
                len = len,
                max = self.settings.max_command_chars
            );
            return Some((
                self.split_long(&msg.at, vec![error_reply(text)]),
                Outcome::Refused,
            ));
        }
        // A place a backup could not restore is no place for a game (issue 33): only a
        // transport that passes an id through unchecked gets here.
        if let Some((part, id, fault)) = shapes::place_fault(&msg.at) {
            let fault = format!(
                "its {part} id {} {fault} (a platform id is {})",
                input::code(id),
                input::PLATFORM_ID_RULE
            );
            let text = tr!("channel-id-refused", fault = fault);
            return Some((vec![error_reply(text)], Outcome::Refused));
        }
        match self.throttle.check(msg) {
            throttle::Verdict::Go => None,
            throttle::Verdict::Refuse(r) => Some((vec![r], Outcome::Refused)),
            throttle::Verdict::Silent => Some((Vec::new(), Outcome::Refused)),
        }
    }

    /// [`ChatCore::handle`] in the language chosen for the message, over `state` read
    /// for the command `def` names; with how the command ended (refused before it ran:
    /// too long, rate limited, bad usage; busy: the AI's pool is full).
    fn handle_in_lang(
        &self,
        msg: &Incoming,
        def: Option<&CommandDef>,
        state: ChannelState,
    ) -> (Vec<Reply>, Outcome) {
        let prefix = input::command_text(&self.settings.prefix);
        let Some(parsed) = command::parse(&msg.text, &prefix, &msg.mentions) else {
            return (Vec::new(), Outcome::Ok);
        };
        if let Some(refused) = self.refused_before(msg) {
            return refused;
        }
        let cmd = match parsed {
            Ok(cmd) => cmd,
            // A usage error is a reply like any other: split when long (`!new as` with
            // its usage is longer than the smallest `max_reply_chars`, 200).
            Err(e) => {
                return (
                    self.split_long(&msg.at, vec![error_reply(e)]),
                    Outcome::Refused,
                )
            }
        };
        // A command that makes the AI search takes its place in the AI's pool first: when
        // the pool is full it is refused before anything changes.
        let wake = def.map_or(Wake::Never, |d| d.wakes_ai);
        let ticket = if vs_ai::may_wake_ai(wake, &cmd, state.record()) {
            match self.ai_pool.admit() {
                Ok(t) => Some(t),
                Err(busy) => return (vec![vs_ai::busy_reply(busy)], Outcome::Busy),
            }
        } else {
            None
        };
        let reads = def.map(|d| d.reads).unwrap_or_default();
        let before = alerts::Turn::of(state.record());
        let (ran, outcome) = self.run_command(&cmd, reads, msg, state);
        let mut out = ran.replies;
        self.alert_turn(&msg.author, &before, ran.record.as_ref(), &mut out);
        // The AI answers a move at once (and plays first as South); after a restart its
        // owed move is played at the first command in the channel. The record after
        // the command says whether it is to move, without a read.
        let owed = ran.record.as_ref().and_then(vs_ai::ai_to_move).is_some();
        if owed {
            out.extend(self.ai_turns(&msg.at, ticket.as_ref()));
        }
        vs_ai::drop_ai_mentions(&mut out);
        (self.split_long(&msg.at, out), outcome)
    }
}

impl ChatCore for Core {
    /// Answers `msg` in its language ([`Core::channel_lang`]), every word of the
    /// replies chosen inside [`i18n::with_lang`].
    fn handle(&self, msg: &Incoming) -> Vec<Reply> {
        // Counted in flight even after the intake closed: a transport that took the
        // event before then has it finished.
        let _pass = self.intake.track();
        let msg = &msg.sanitized();
        // Chat that is not a command costs no read of the channel's language. The
        // prefix is read as the text is ([`input::command_text`]): a fullwidth `！`
        // typed stands for `!`.
        let prefix = input::command_text(&self.settings.prefix);
        let Some(rest) = command::addressed(&msg.text, &prefix) else {
            return Vec::new();
        };
        self.commands.fetch_add(1, Ordering::Relaxed);
        // Counted and timed under the table's name of the command (bounded labels),
        // every store call in it (the language's read included) labelled so.
        let def = command::find_def(rest);
        let name = def.map_or(crate::metrics::UNKNOWN, |d| d.name);
        let started = std::time::Instant::now();
        let (replies, outcome) = crate::metrics::in_command(name, || self.handle_read(msg, def));
        self.metrics.command_done(name, outcome, started.elapsed());
        replies
    }

    fn legal_moves(&self, at: &ChannelKey) -> Vec<String> {
        match self.store.load(at) {
            Ok(Some(st)) if st.record.status() == Status::Playing => st
                .record
                .play()
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

    fn command_help(&self, name: &str) -> Vec<String> {
        command::table::find(name).map_or_else(Vec::new, |def| {
            let game = self.settings.default_game.to_string();
            text::command_help(def, &self.settings.prefix, self.settings.ai_level, &game)
        })
    }

    fn declare_limits(&self, owns: reply::Owns, limits: api::TransportLimits) {
        self.transports.declare(owns, limits);
    }

    fn tick_where(&self, owns: &(dyn Fn(&str) -> bool + Sync)) -> Vec<(ChannelKey, Reply)> {
        // Shutting down: deadlines and owed AI moves wait for the restart's first tick.
        let Some(_pass) = self.intake.enter() else {
            return Vec::new();
        };
        self.throttle.forget_idle();
        self.pictures.forget_idle();
        crate::metrics::in_command(crate::metrics::TICK, || self.run_tick(owns))
    }

    fn enter(&self) -> Option<intake::Pass> {
        self.intake.enter()
    }

    fn ai_waiting(&self) -> usize {
        self.ai_pool.waiting()
    }
}
