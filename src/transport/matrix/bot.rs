//! The running Matrix transport: login, sync, rooms, replies (see the module above).

use std::io::Cursor;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context as _;
use backon::Retryable as _;
use matrix_sdk::attachment::{AttachmentConfig, AttachmentInfo, BaseImageInfo};
use matrix_sdk::config::SyncSettings;
use matrix_sdk::event_handler::EventHandlerHandle;
use matrix_sdk::room::reply::{EnforceThread, Reply as ReplyTo};
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::api::client::receipt::create_receipt::v3::ReceiptType;
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;
use matrix_sdk::ruma::events::receipt::ReceiptThread;
use matrix_sdk::ruma::events::relation::Thread;
use matrix_sdk::ruma::events::room::member::{MembershipState, StrippedRoomMemberEvent};
use matrix_sdk::ruma::events::room::message::{
    AddMentions, MessageFormat, MessageType, OriginalSyncRoomMessageEvent, Relation,
    RoomMessageEventContent, TextMessageEventContent,
};
use matrix_sdk::ruma::events::room::power_levels::UserPowerLevel;
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::{
    Int, OwnedEventId, OwnedRoomId, OwnedUserId, RoomId, TransactionId, UInt, UserId,
};
use matrix_sdk::{Client, Room, RoomState};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use super::crypto::{self, EncryptionStatus};
use super::format::{self, channel_key, is_matrix};
use super::queue::{Pushed, RoomQueues, ROOM_QUEUE};
use super::retry::{self, until_deadline};
use super::rooms::MatrixRooms;
use super::trust::MODERATOR_LEVEL;
use super::trust::{Inviters, Trust};
use super::{session, MatrixLogin, RecoveryKey};
use crate::core::api::{Attachment, ChatCore, Incoming, Reply};
use crate::model::{ChannelKey, User};

/// How often the core's periodic driver (deadlines, reminders, tournament rounds) runs.
pub const TICK_EVERY: Duration = Duration::from_secs(60);

/// The long-poll timeout of a sync request.
const SYNC_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a command may take before the bot shows it is typing (the AI thinking,
/// pictures being drawn); quicker answers send no typing notice.
pub const TYPING_AFTER: Duration = Duration::from_millis(300);

/// Everything the transport needs to start.
#[derive(Clone, Debug)]
pub struct MatrixOptions {
    /// The homeserver's base URL.
    pub homeserver: String,
    /// How to log in when there is no saved session.
    pub login: MatrixLogin,
    /// The device name of a new session.
    pub device_name: String,
    /// The directory of `session.json` and the state store (`DATA_DIR/STORE_SUBDIR`).
    pub store_dir: PathBuf,
    /// Whether GIF attachments are posted.
    pub post_gifs: bool,
    /// How often this transport runs the core's periodic driver (deadlines, reminders,
    /// tournament rounds, closing finished games' rooms) for its rooms:
    /// [`TICK_EVERY`] in a deployment; `None`: never (tests).
    pub tick_every: Option<Duration>,
    /// The recovery key or passphrase of the bot's secret storage, when the operator
    /// gives one; else the bot makes one and keeps it in `store_dir` (see [`crypto`]).
    pub recovery_key: Option<RecoveryKey>,
    /// The rooms of tournament games the core opens, to attach to the client once it
    /// is logged in (the same rooms handed to the core with `Core::set_rooms`).
    pub rooms: Option<Arc<MatrixRooms>>,
    /// `matrix.allow`: the homeservers and rooms whose invitations are accepted and whose
    /// spaces may list game rooms; empty: the bot's own homeserver (`Trust`).
    pub allow: Vec<String>,
    /// `matrix.rooms_per_inviter`: rooms one user may have the bot in at a time.
    pub rooms_per_inviter: usize,
}

/// State shared by the event handlers and the room workers.
struct Shared {
    core: Arc<dyn ChatCore>,
    /// To find the room of a reply addressed to another channel (`Reply::to`, ticks).
    client: Client,
    own_id: OwnedUserId,
    post_gifs: bool,
    /// False once the bot is stopped: nothing more is decided or posted.
    active: AtomicBool,
    /// One worker per room, fed the room's commands in order, at most [`ROOM_QUEUE`]
    /// waiting.
    workers: RoomQueues<OwnedRoomId, Command>,
    /// Whose invitations are accepted.
    trust: Arc<Trust>,
    /// Who brought the bot into which room (the cap per inviter).
    inviters: Mutex<Inviters>,
    /// Held while a direct room is looked up or created, so that two turn alerts at
    /// once open one room per player, not two.
    direct_rooms: tokio::sync::Mutex<()>,
}

/// A command to decide, with where it was said: its event (for the read receipt and
/// replies in a thread) and the thread it was in.
struct Command {
    msg: Incoming,
    event: OwnedEventId,
    thread: Option<OwnedEventId>,
}

/// Where a reply goes within its room: in reply to the command's event, inside the
/// command's thread (`None` in the main timeline).
#[derive(Clone, Copy)]
struct InThread<'a> {
    root: &'a OwnedEventId,
    command: &'a OwnedEventId,
}

/// A running Matrix transport: logged in, past its first sync, answering commands.
pub struct MatrixBot {
    client: Client,
    shared: Arc<Shared>,
    handlers: Vec<EventHandlerHandle>,
    stop: watch::Sender<bool>,
    sync_task: JoinHandle<()>,
}

impl MatrixBot {
    /// Logs in (or restores the saved session), syncs once without acting on what that
    /// sync brings (messages from before the start), sets up cross-signing, key backup
    /// and recovery ([`crypto::secure`]; a failure there is logged, and the bot plays on
    /// with an unverified device), accepts pending invitations, and starts the sync loop
    /// that answers commands with `core`.
    ///
    /// # Errors
    /// The store directory cannot be written, the login is refused, or the homeserver
    /// cannot be reached for the login.
    pub async fn start(opts: MatrixOptions, core: Arc<dyn ChatCore>) -> anyhow::Result<MatrixBot> {
        // Matrix's own limits, not Discord's: the core splits the replies to rooms with them.
        core.declare_limits(super::format::is_matrix, super::format::LIMITS);
        let client = session::connect(&opts).await?;
        let own_id = client
            .user_id()
            .context("the Matrix client has no user after logging in")?
            .to_owned();
        tracing::info!(user = %own_id, "Matrix: logged in");
        let settings = sync_settings();
        first_sync(&client, &settings).await;
        let key = opts.recovery_key.as_ref().map(|k| k.0.as_str());
        match crypto::secure(&client, &opts.store_dir, key).await {
            Ok(s) => tracing::info!(?s, "Matrix: end-to-end encryption ready"),
            Err(e) => tracing::error!(
                "Matrix: cross-signing or key backup is not set up ({e:#}); playing on with \
                 an unverified device"
            ),
        }
        let trust = Arc::new(Trust::new(
            &opts.allow,
            own_id.server_name().as_str(),
            opts.rooms_per_inviter,
        ));
        if let Some(rooms) = &opts.rooms {
            rooms.attach(
                client.clone(),
                tokio::runtime::Handle::current(),
                trust.clone(),
            );
        }
        let mut inviters = Inviters::load(&opts.store_dir);
        inviters.retain(|room| still_in(&client, room));

        let shared = Arc::new(Shared {
            core,
            client: client.clone(),
            own_id,
            post_gifs: opts.post_gifs,
            active: AtomicBool::new(true),
            workers: RoomQueues::new(ROOM_QUEUE),
            direct_rooms: tokio::sync::Mutex::new(()),
            trust,
            inviters: Mutex::new(inviters),
        });
        let handlers = register_handlers(&client, &shared);
        answer_pending_rooms(&shared);

        let (stop, stopped) = watch::channel(false);
        let sync_task = tokio::spawn(sync_loop(client.clone(), settings, stopped));
        if let Some(every) = opts.tick_every {
            tokio::spawn(tick_loop(shared.clone(), every, stop.subscribe()));
        }
        Ok(MatrixBot {
            client,
            shared,
            handlers,
            stop,
            sync_task,
        })
    }

    /// The bot's Matrix user id.
    pub fn user_id(&self) -> OwnedUserId {
        self.client
            .user_id()
            .expect("a started bot is logged in")
            .to_owned()
    }

    /// Cross-signing, key backup and recovery as they stand now.
    ///
    /// # Errors
    /// The crypto store cannot be read.
    pub async fn encryption_status(&self) -> anyhow::Result<EncryptionStatus> {
        crypto::status(&self.client).await
    }

    /// The bot's device's Ed25519 identity key (base64), which stays the same across
    /// restarts; `None` before the crypto store is open.
    pub async fn identity_key(&self) -> Option<String> {
        self.client.encryption().ed25519_key().await
    }

    /// Waits until the sync loop ends (only [`MatrixBot::stop`] ends it).
    ///
    /// # Errors
    /// The sync loop panicked.
    pub async fn wait(self) -> anyhow::Result<()> {
        self.sync_task.await.context("the Matrix sync loop failed")
    }

    /// Stops: no more syncing, and nothing more is decided or posted (a reply being
    /// posted at that moment may still go out).
    pub async fn stop(self) {
        self.shared.active.store(false, Ordering::SeqCst);
        for h in self.handlers {
            self.client.remove_event_handler(h);
        }
        let _ = self.stop.send(true);
        let _ = self.sync_task.await;
        self.shared.workers.clear();
    }
}

/// Sync settings: the stored token, a long poll, and up to 50 timeline events per room
/// (so commands sent while the bot was reconnecting are still seen).
fn sync_settings() -> SyncSettings {
    let mut filter = FilterDefinition::default();
    filter.room.timeline.limit = Some(UInt::from(50u32));
    SyncSettings::default()
        .timeout(SYNC_TIMEOUT)
        .filter(Filter::FilterDefinition(filter))
}

/// The first sync, retried by [`retry::SYNC`] until it succeeds. What it brings
/// (messages from before the start) is not acted on: no handler is registered yet.
///
/// It does not wait (timeout 0). That also keeps it out of Synapse's sync response cache
/// (keyed by token and timeout, kept two minutes): a previous run's long poll from the
/// same token may have been answered with events sent while this bot was down, and
/// those must not be acted on.
async fn first_sync(client: &Client, settings: &SyncSettings) {
    let first = settings.clone().timeout(Duration::ZERO);
    let synced = (|| client.sync_once(first.clone()))
        .retry(retry::SYNC)
        .sleep(tokio::time::sleep)
        .notify(|e, _| tracing::warn!(error = %e, "Matrix: first sync failed; retrying"))
        .await;
    // `retry::SYNC` never gives up: an error cannot come out.
    if let Ok(r) = synced {
        tracing::debug!(next_batch = %r.next_batch, joined = r.rooms.joined.len(), "Matrix: first sync (not acted on)");
    }
}

/// Whether the bot is in `room` or invited to it.
fn still_in(client: &Client, room: &str) -> bool {
    RoomId::parse(room)
        .ok()
        .and_then(|id| client.get_room(&id))
        .is_some_and(|r| matches!(r.state(), RoomState::Joined | RoomState::Invited))
}

/// Answers the invitations that came while the bot was away.
fn answer_pending_rooms(shared: &Arc<Shared>) {
    for room in shared.client.invited_rooms() {
        let s = shared.clone();
        tokio::spawn(async move {
            match room.invite_details().await {
                Ok(invite) => s.on_invite(room, invite.inviter_id).await,
                Err(e) => {
                    tracing::warn!(room = %room.room_id(), error = %e, "Matrix: cannot tell who sent an invitation; not answered");
                }
            }
        });
    }
}

/// Syncs (long polls) until `stopped` changes, each sync retried by [`retry::SYNC`]
/// whatever the error; after a successful sync the waits start again from the first.
async fn sync_loop(client: Client, settings: SyncSettings, mut stopped: watch::Receiver<bool>) {
    loop {
        let sync = (|| client.sync_once(settings.clone()))
            .retry(retry::SYNC)
            .sleep(tokio::time::sleep)
            .notify(
                |e, delay| tracing::warn!(error = %e, "Matrix: sync failed; retrying in {delay:?}"),
            );
        tokio::select! {
            _ = stopped.changed() => break,
            _ = sync => {}
        }
    }
}

/// The core's periodic driver: at start, then every `every`, until `stopped` changes.
async fn tick_loop(shared: Arc<Shared>, every: Duration, mut stopped: watch::Receiver<bool>) {
    loop {
        shared.tick().await;
        tokio::select! {
            _ = stopped.changed() => break,
            _ = tokio::time::sleep(every) => {}
        }
    }
}

fn register_handlers(client: &Client, shared: &Arc<Shared>) -> Vec<EventHandlerHandle> {
    let s = shared.clone();
    let invites = client.add_event_handler(move |ev: StrippedRoomMemberEvent, room: Room| {
        let s = s.clone();
        async move {
            if ev.state_key == s.own_id && ev.content.membership == MembershipState::Invite {
                tokio::spawn(s.on_invite(room, ev.sender));
            }
        }
    });
    let s = shared.clone();
    let messages = client.add_event_handler(move |ev: OriginalSyncRoomMessageEvent, room: Room| {
        let s = s.clone();
        async move { s.on_message(ev, room).await }
    });
    vec![invites, messages]
}

/// Joins an invited room, encrypted or not (retrying: the homeserver may not have
/// finished creating it).
async fn accept_invite(room: Room) {
    let mut attempt = 0;
    let joined = (|| room.join())
        .retry(retry::JOIN)
        .sleep(tokio::time::sleep)
        .notify(|e, _| {
            attempt += 1;
            tracing::warn!(room = %room.room_id(), attempt, error = %e, "Matrix: join failed");
        })
        .await;
    match joined {
        Ok(()) => tracing::info!(room = %room.room_id(), "Matrix: joined"),
        Err(e) => {
            // The last attempt's failure: backon notifies only before another attempt.
            tracing::warn!(room = %room.room_id(), attempt = retry::JOIN_ATTEMPTS, error = %e, "Matrix: join failed");
            tracing::error!(room = %room.room_id(), "Matrix: gave up joining");
        }
    }
}

impl Shared {
    /// Accepts `inviter`'s invitation into `room` when [`Trust`] admits it, recording
    /// who brought the bot in; else declines it, with one log line saying why.
    async fn on_invite(self: Arc<Self>, room: Room, inviter: OwnedUserId) {
        let admitted = {
            let mut inviters = self.inviters.lock().unwrap_or_else(|e| e.into_inner());
            inviters.retain(|r| still_in(&self.client, r));
            let n = inviters.count(inviter.as_str());
            let verdict = self
                .trust
                .admits_invite(inviter.as_str(), room.room_id().as_str(), n);
            if verdict.is_ok() {
                if let Err(e) = inviters.add(room.room_id().as_str(), inviter.as_str()) {
                    tracing::warn!(error = %e, "Matrix: cannot save who invited the bot");
                }
            }
            verdict
        };
        match admitted {
            Ok(()) => accept_invite(room).await,
            Err(why) => {
                tracing::info!(room = %room.room_id(), %inviter, reason = %why, "Matrix: declined an invitation");
                if let Err(e) = room.leave().await {
                    tracing::warn!(room = %room.room_id(), error = %e, "Matrix: cannot decline an invitation");
                }
            }
        }
    }

    /// The chat user of `id` in `room`: his display name there, else his localpart.
    async fn user(&self, room: &Room, id: &UserId) -> User {
        let name = match room.get_member_no_sync(id).await {
            Ok(Some(m)) => m.name().to_string(),
            _ => id.localpart().to_string(),
        };
        User {
            id: id.to_string(),
            name,
        }
    }

    /// Whether `id` moderates `room` (power level 50 or more, or a room creator): the
    /// Matrix counterpart of Discord's Manage Server, which makes a tournament organizer
    /// and may change the room's settings (`!set`). Unknown: no.
    async fn is_moderator(&self, room: &Room, id: &UserId) -> bool {
        match room.get_member_no_sync(id).await {
            // A creator's Infinite level (room version 12) orders above every number.
            Ok(Some(m)) => m.power_level() >= UserPowerLevel::Int(Int::from(MODERATOR_LEVEL)),
            _ => false,
        }
    }

    async fn on_message(self: Arc<Self>, ev: OriginalSyncRoomMessageEvent, room: Room) {
        if !self.active.load(Ordering::SeqCst)
            || room.state() != RoomState::Joined
            || ev.sender == self.own_id
        {
            return;
        }
        let MessageType::Text(text) = &ev.content.msgtype else {
            return; // m.notice (bots), emotes, images, ...
        };
        let thread = match &ev.content.relates_to {
            Some(Relation::Replacement(_)) => return, // an edit
            Some(Relation::Thread(t)) => Some(t.event_id.clone()),
            _ => None,
        };
        if !text.body.trim_start().starts_with(self.core.prefix()) {
            return;
        }
        let html = text
            .formatted
            .as_ref()
            .filter(|f| f.format == MessageFormat::Html)
            .map(|f| f.body.as_str());
        let declared: Vec<String> = ev
            .content
            .mentions
            .as_ref()
            .map(|m| m.user_ids.iter().map(|u| u.to_string()).collect())
            .unwrap_or_default();
        let (command, ids) =
            format::incoming_text(&text.body, html, &declared, self.own_id.as_str());
        let mut mentions = Vec::new();
        for id in ids {
            if let Ok(uid) = UserId::parse(&id) {
                mentions.push(self.user(&room, &uid).await);
            }
        }
        let msg = Incoming {
            at: channel_key(room.room_id().as_str()),
            author: self.user(&room, &ev.sender).await,
            text: command,
            mentions,
            is_organizer: self.is_moderator(&room, &ev.sender).await,
            // Matrix tells no language for a message: the room's `!set language`
            // chooses, else English.
            locale: None,
        };
        tracing::debug!(room = %room.room_id(), event = %ev.event_id, sender = %ev.sender, "Matrix: command");
        let msg = Command {
            msg,
            event: ev.event_id.clone(),
            thread,
        };
        let room_id = room.room_id().to_owned();
        match self.workers.push(&room_id, msg) {
            Pushed::Queued => {}
            Pushed::Start(rx) => {
                tokio::spawn(self.clone().room_worker(room, rx));
            }
            Pushed::Full { first } => {
                if first {
                    tracing::warn!(room = %room_id, waiting = ROOM_QUEUE, "Matrix: a room's queue of commands is full; dropping its new commands until it drains");
                }
            }
        }
    }

    /// Decides the room's commands one after the other and posts each one's replies
    /// before the next is decided; each command gets a read receipt, and a typing
    /// notice while it takes longer than [`TYPING_AFTER`].
    async fn room_worker(self: Arc<Self>, room: Room, mut rx: mpsc::Receiver<Command>) {
        while let Some(cmd) = rx.recv().await {
            if !self.active.load(Ordering::SeqCst) {
                return;
            }
            let receipt = room.send_single_receipt(
                ReceiptType::Read,
                ReceiptThread::Unthreaded,
                cmd.event.clone(),
            );
            if let Err(e) = receipt.await {
                tracing::debug!(room = %room.room_id(), error = %e, "Matrix: read receipt not sent");
            }
            let Some(replies) = self.decide(&room, cmd.msg).await else {
                continue;
            };
            let thread = cmd.thread.as_ref().map(|root| InThread {
                root,
                command: &cmd.event,
            });
            for reply in &replies {
                if let Some(user) = &reply.direct {
                    self.post_direct(user, reply).await;
                    continue;
                }
                let (target, thread) = match &reply.to {
                    Some(key) if key.channel != room.room_id().as_str() => {
                        match self.room_of(key) {
                            Some(r) => (r, None),
                            None => continue,
                        }
                    }
                    _ => (room.clone(), thread),
                };
                if !self.post(&target, reply, thread).await && target.room_id() == room.room_id() {
                    break;
                }
            }
        }
    }

    /// The core's replies to `msg`, decided on a blocking thread; the room sees the bot
    /// typing while that takes longer than [`TYPING_AFTER`]. `None`: the core failed.
    async fn decide(&self, room: &Room, msg: Incoming) -> Option<Vec<Reply>> {
        let core = self.core.clone();
        let mut decided = tokio::task::spawn_blocking(move || core.handle(&msg));
        let replies = tokio::select! {
            r = &mut decided => r,
            _ = tokio::time::sleep(TYPING_AFTER) => {
                let _ = room.typing_notice(true).await;
                let r = decided.await;
                let _ = room.typing_notice(false).await;
                r
            }
        };
        match replies {
            Ok(r) => Some(r),
            Err(e) => {
                tracing::error!(error = %e, "Matrix: the core failed on a command");
                None
            }
        }
    }

    /// The joined room of `key` (a Matrix room id); `None`, with a warning, for a channel
    /// of another transport or a room the bot is not in.
    fn room_of(&self, key: &ChannelKey) -> Option<Room> {
        let room = RoomId::parse(&key.channel)
            .ok()
            .and_then(|id| self.client.get_room(&id));
        if room.is_none() {
            tracing::warn!(channel = %key.channel, "Matrix: no such joined room; reply dropped");
        }
        room
    }

    /// Posts `reply` to `user` alone (a turn alert, [`Reply::direct`]) in the bot's
    /// direct room with him (`m.direct`), created (encrypted, the user invited) the first
    /// time. A user who is no Matrix user, or a room that cannot be created, is logged
    /// and skipped: the game's room still names him.
    async fn post_direct(&self, user: &User, reply: &Reply) {
        let Ok(id) = UserId::parse(&user.id) else {
            tracing::warn!("Matrix: a direct message for a user of another platform dropped");
            return;
        };
        let room = {
            let _one = self.direct_rooms.lock().await;
            match self.client.get_dm_room(&id) {
                Some(room) => Ok(room),
                None => self.client.create_dm(&id).await,
            }
        };
        match room {
            Ok(room) => {
                self.post(&room, reply, None).await;
            }
            Err(e) => tracing::warn!(error = %e, "Matrix: cannot open a direct room"),
        }
    }

    /// Runs the core's periodic driver once and posts what it says, each reply in its
    /// Matrix room (replies for channels of other transports are skipped).
    async fn tick(&self) {
        if !self.active.load(Ordering::SeqCst) {
            return;
        }
        let core = self.core.clone();
        let due = match tokio::task::spawn_blocking(move || core.tick_where(&is_matrix)).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "Matrix: the core's tick failed");
                return;
            }
        };
        for (key, reply) in due {
            if let Some(user) = &reply.direct {
                self.post_direct(user, &reply).await;
                continue;
            }
            let key = reply.to.clone().unwrap_or(key);
            if let Some(room) = self.room_of(&key) {
                self.post(&room, &reply, None).await;
            }
        }
    }

    /// Posts one reply: its text as an `m.notice`, then its attachments, in `thread`
    /// when the command was in one (encrypted in an encrypted room, by the SDK).
    /// `false`: the bot is stopped, and nothing was posted.
    async fn post(&self, room: &Room, reply: &Reply, thread: Option<InThread<'_>>) -> bool {
        if !self.active.load(Ordering::SeqCst) {
            return false;
        }
        if !reply.body.is_blank() {
            let mut content = notice(reply);
            if let Some(t) = thread {
                content.relates_to = Some(Relation::Thread(Thread::plain(
                    t.root.clone(),
                    t.command.clone(),
                )));
            }
            let txn = TransactionId::new();
            until_deadline("posting a notice", || {
                let (content, txn) = (content.clone(), txn.clone());
                async move { room.send(content).with_transaction_id(txn).await }
            })
            .await;
        }
        for a in &reply.attachments {
            let kind = format::kind(&a.filename);
            if kind == format::Kind::Gif && !self.post_gifs {
                continue;
            }
            let txn = TransactionId::new();
            until_deadline("posting an image", || {
                let (mime, config) = attachment_config(a, kind);
                let config = config.txn_id(txn.clone()).reply(thread.map(|t| ReplyTo {
                    event_id: t.command.clone(),
                    enforce_thread: EnforceThread::MaybeThreaded,
                    add_mentions: AddMentions::No,
                }));
                async move {
                    room.send_attachment(a.filename.clone(), &mime, a.bytes.clone(), config)
                        .await
                }
            })
            .await;
        }
        true
    }
}

/// The `m.notice` of `reply`: plain and HTML bodies, the mentioned users as pills and
/// as the only users in `m.mentions` (so the body cannot ping anyone else).
fn notice(reply: &Reply) -> RoomMessageEventContent {
    let users: Vec<(String, String)> = reply
        .mentions
        .iter()
        .map(|u| (u.id.clone(), u.name.clone()))
        .collect();
    // Matrix has no timestamp markup: deadlines are written out (`Body::plain`).
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let text = reply.plain(now_ms);
    // Times in the HTML body in the reply's language too.
    let html = crate::i18n::with_lang(reply.lang, || {
        format::notice_html(&reply.body, now_ms, &users)
    });
    let ids = reply
        .mentions
        .iter()
        .filter_map(|u| UserId::parse(&u.id).ok());
    RoomMessageEventContent::notice_html(text, html).add_mentions(Mentions::with_user_ids(ids))
}

/// The MIME type and upload settings of an attachment: image size and dimensions (read
/// from the file's header), its alt text as the caption.
fn attachment_config(a: &Attachment, kind: format::Kind) -> (mime::Mime, AttachmentConfig) {
    let caption =
        (!a.alt.trim().is_empty()).then(|| TextMessageEventContent::plain(format::caption(&a.alt)));
    let size = UInt::new(a.bytes.len() as u64);
    let (mime, info) = match kind {
        format::Kind::Png | format::Kind::Gif => {
            let dims = image::ImageReader::new(Cursor::new(&a.bytes))
                .with_guessed_format()
                .ok()
                .and_then(|r| r.into_dimensions().ok());
            let info = AttachmentInfo::Image(BaseImageInfo {
                width: dims.map(|(w, _)| UInt::from(w)),
                height: dims.map(|(_, h)| UInt::from(h)),
                size,
                is_animated: Some(kind == format::Kind::Gif),
                ..BaseImageInfo::default()
            });
            let mime = if kind == format::Kind::Png {
                mime::IMAGE_PNG
            } else {
                mime::IMAGE_GIF
            };
            (mime, info)
        }
        format::Kind::File => (
            mime::APPLICATION_OCTET_STREAM,
            AttachmentInfo::File(matrix_sdk::attachment::BaseFileInfo { size }),
        ),
    };
    (mime, AttachmentConfig::new().info(info).caption(caption))
}
