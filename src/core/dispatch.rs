//! The dispatcher of every command: read what it declared in one batch
//! ([`Core::load_state`], the plan in `snapshot`), decide purely ([`decide`]), write
//! every record the decision changes with one compare-and-swap (a finished game's
//! rating and tournament result in the same one), decide again on a conflict (at most
//! [`MAX_ATTEMPTS`] times), then paint the pictures and run what follows in other
//! channels. Only here does a command touch the store or the painter.

use mancala_rules::{Side, Trace};

use super::api::{Attachment, Incoming, Reply};
use super::command::Command;
use super::decision::{Change, ChannelState, Ctx, Decision, DocWrite, Draft, Picture, Refusal};
use super::needs::Needs;
use super::painter::{BoardInfo, Frame, MovePictures};
use super::set::{self, Setting};
use super::show::{PictureStyle, Theme};
use super::snapshot;
use super::{
    archive, archive_views, correspondence, games, puzzler, rating_views, takeback, text,
    tournament, vacation, views, Core, Fail, PlayerPrefs,
};
use crate::model::{ChannelKey, User};
use crate::store::keys::{DocKey, DocPrefix};
use crate::store::{docs, GameOp, Op, Record, StoreError, MAX_ATTEMPTS};

/// Decides the command `cmd` over `state`: pure, no store, no painter. `!hint` and
/// `!analyze`, which search rather than decide, decide nothing here (see
/// `Core::run`).
pub(super) fn decide(
    state: &ChannelState,
    cmd: &Command,
    ctx: &Ctx<'_>,
) -> Result<Decision, Refusal> {
    match cmd {
        Command::New {
            kind,
            opponent,
            side,
            move_time,
            rated,
            live,
        } => games::new_game(
            state,
            ctx,
            (*kind, opponent, *side),
            (*move_time, *live),
            *rated,
        ),
        Command::Accept => games::accept(state, ctx),
        Command::Decline => games::decline(state, ctx),
        // A move of one who plays no game here answers his open puzzle (issue 32).
        Command::Sow(mv) if puzzler::takes_move(state, ctx) => puzzler::answer(state, ctx, mv),
        Command::Sow(mv) => games::sow(state, ctx, mv),
        Command::Resign(what) => games::resign(state, ctx, *what),
        Command::Board => views::board(state, ctx),
        Command::Moves => views::moves(state, ctx),
        Command::History => archive_views::history(state, ctx),
        Command::Games => archive_views::games(state, ctx),
        Command::Game(id) => archive_views::game(state, ctx, id),
        Command::Record(id) => archive_views::record(state, ctx, id.as_deref()),
        Command::Replay => views::replay(state, ctx),
        Command::Claim => correspondence::claim(state, ctx),
        Command::Abort => correspondence::abort(state, ctx),
        Command::Draw => correspondence::draw(state, ctx),
        Command::Rematch => correspondence::rematch(state, ctx),
        Command::Takeback => takeback::takeback(state, ctx),
        Command::Vacation(arg) => vacation::vacation(state, ctx, *arg),
        Command::Puzzle(arg) => puzzler::puzzle(state, ctx, arg),
        Command::Rating(who) => Ok(rating_views::rating(state, ctx, who.as_ref())),
        Command::Leaderboard(only) => Ok(rating_views::leaderboard(state, ctx, *only)),
        Command::Tournament(t) => tournament::decide_subcommand(state, ctx, t),
        Command::Rules(topic) => {
            let kind = state.record().map(|r| r.kind);
            let reply = views::rules(*topic, kind, ctx.p());
            Ok(Decision::look(vec![Draft {
                reply,
                pictures: Vec::new(),
            }]))
        }
        Command::Help(name) => Ok(Decision::look(vec![Draft::text(help(
            name.as_deref(),
            ctx,
        )?)])),
        Command::Mute(on) => Ok(set::mute(state, ctx, *on)),
        Command::Notify(mode) => Ok(set::notify(state, ctx, *mode)),
        Command::SetAutoForfeit(on) => set::set(state, ctx, Setting::AutoForfeit(*on)),
        Command::SetHints(on) => set::set(state, ctx, Setting::Hints(*on)),
        Command::SetPictures(style) => set::set(state, ctx, Setting::Pictures(*style)),
        Command::SetView(view) => set::set(state, ctx, Setting::View(*view)),
        Command::SetTheme(theme) => set::set(state, ctx, Setting::Theme(*theme)),
        Command::SetLanguage(lang) => set::set(state, ctx, Setting::Language(*lang)),
        Command::SetThreads(on) => set::set(state, ctx, Setting::Threads(*on)),
        Command::SetWeb(mode) => set::set(state, ctx, Setting::Web(*mode)),
        _ => Ok(Decision::default()),
    }
}

/// `!help`: every command, or the lines of the one named, as the running settings
/// say (the prefix, the AI's default level, the default game).
///
/// # Errors
/// A refusal naming the unknown command, with the list of commands.
fn help(name: Option<&str>, ctx: &Ctx<'_>) -> Result<String, Refusal> {
    use crate::core::command::{table, unknown_command};
    let (level, game) = (ctx.settings.ai_level, ctx.settings.default_game.to_string());
    let Some(name) = name else {
        return Ok(text::help(ctx.p(), level, &game));
    };
    match table::find(name) {
        Some(def) => Ok(text::command_help(def, ctx.p(), level, &game).join("\n")),
        None => Err(Refusal(unknown_command(name, ctx.p()))),
    }
}

/// A fair coin (see [`Ctx::coin`]): the core's coin unless replaced with
/// [`Core::set_coin`].
pub(super) fn toss() -> Side {
    if rand::random::<bool>() {
        Side::South
    } else {
        Side::North
    }
}

impl Core {
    /// Reads what a command of `author` in `at` (about `subject`: the user it
    /// mentions first, else the author) decides from at `now`, as `needs` says: the
    /// channel's record and settings, and what `needs` adds, in one batched read
    /// ([`crate::store::Store::read`], see [`snapshot`]). Two reads depend on the
    /// record and come after it, where they are needed only: the tournaments of
    /// another community (a Matrix tournament room), and the muted flag of the player
    /// to move (the driver's reminders).
    pub(super) fn load_state(
        &self,
        at: &ChannelKey,
        reader: (&User, &User),
        needs: Needs,
        now: u64,
    ) -> Result<ChannelState, StoreError> {
        self.load_state_with(at, reader, (needs, None), now)
    }

    /// [`Core::load_state`] for a command whose argument names the game `id`
    /// ([`snapshot::id_argument`]), read in the same batch when `needs` asks for it.
    pub(super) fn load_state_with(
        &self,
        at: &ChannelKey,
        reader: (&User, &User),
        (needs, id): (Needs, Option<&str>),
        now: u64,
    ) -> Result<ChannelState, StoreError> {
        let got = self.store.read(&snapshot::keys(at, reader, needs, id))?;
        let mut state = snapshot::state(at, reader, (needs, id), now, got)?;
        if needs.tournaments {
            if let Some(community) = snapshot::tournament_elsewhere(&state, at) {
                state.tournaments = self.store.docs(&DocPrefix::Tours(community.clone()))?;
                state.tournament_community = community;
            }
        }
        state.muted = needs.muted && self.to_move_muted(at, state.record())?;
        Ok(state)
    }

    /// Whether the player to move in `record` (in `at`) muted his reminders.
    fn to_move_muted(&self, at: &ChannelKey, record: Option<&Record>) -> Result<bool, StoreError> {
        let to_move = record.and_then(|r| {
            let side = r.play()?.game().position().to_move();
            r.player(side)
        });
        Ok(match to_move {
            Some(player) => {
                docs::load::<PlayerPrefs>(&*self.store, &DocKey::player(&at.community, player))?
                    .value
                    .muted
            }
            None => false,
        })
    }

    /// The dispatcher: load the state of `at`, `decide`, write once, and on a conflict
    /// start again (at most [`MAX_ATTEMPTS`] times); then the replies, painted. `msg`
    /// says who sent the command (the driver sends an empty one).
    pub(super) fn commit(
        &self,
        at: &ChannelKey,
        msg: &Incoming,
        needs: Needs,
        decide: &mut dyn FnMut(&ChannelState, &Ctx<'_>) -> Result<Decision, Refusal>,
    ) -> Result<Vec<Reply>, Fail> {
        let state = self.load_state(at, msg.reader(), needs, self.clock.now_ms())?;
        Ok(self.commit_from(state, msg, needs, decide)?.replies)
    }

    /// [`Core::commit`] from `state`, already read for `msg` (the first attempt's:
    /// the chat's commands read it before they are parsed, for the channel's
    /// language); with the channel's record as it is after the command.
    pub(super) fn commit_from(
        &self,
        mut state: ChannelState,
        msg: &Incoming,
        needs: Needs,
        decide: &mut dyn FnMut(&ChannelState, &Ctx<'_>) -> Result<Decision, Refusal>,
    ) -> Result<Committed, Fail> {
        let at = &msg.at;
        for attempt in 0..MAX_ATTEMPTS {
            let now = self.clock.now_ms();
            if attempt > 0 {
                state = self.load_state(at, msg.reader(), needs, now)?;
            }
            let ctx = Ctx {
                at,
                author: &msg.author,
                organizer: msg.is_organizer,
                locale: msg.locale.as_deref(),
                rooms_refused: None,
                now,
                settings: &self.settings,
                coin: (self.coin)(),
            };
            let decision = decide(&state, &ctx)?;
            if let Some(done) = self.apply(at, &state, decision)? {
                return Ok(done);
            }
        }
        Err(Fail::Busy)
    }

    /// Writes `decision`'s change to `at` if the channel still holds what `state` read,
    /// then runs what follows a finished game and paints the replies; `None` when
    /// another write came first (nothing was changed, nothing painted).
    pub(super) fn apply(
        &self,
        at: &ChannelKey,
        state: &ChannelState,
        mut decision: Decision,
    ) -> Result<Option<Committed>, StoreError> {
        // The documents the command writes, for a finished game's aftermath to build on.
        let own = decision.docs.clone();
        let mut ops = write_ops(at, state, &mut decision);
        let started = self.start_ops(state, &mut ops)?;
        // A finished game's rating, history entries and tournament result are written
        // with it, and the game settled, in the same transaction (see `aftermath`).
        let after = match ops.first() {
            Some(Op::Game {
                change: GameOp::Finish(r),
                ..
            }) => {
                let after = self.aftermath(r, &state.indexes, &own)?;
                Some((r.id.clone(), after))
            }
            _ => None,
        };
        if let Some((id, after)) = &after {
            // A document the aftermath writes over the command's own write of it.
            ops.retain(|op| !matches!(op, Op::Doc { key, .. } if after.replaces(key)));
            ops.extend(after.docs.iter().cloned().map(DocWrite::into_op));
            ops.push(Op::Settle(id.clone()));
        }
        // A command that only looks writes nothing: no call to the store.
        let written = ops.is_empty() || self.store.commit(&mut ops)?;
        if !written {
            return Ok(None);
        }
        let record = match ops.into_iter().next() {
            Some(Op::Game { change, .. }) => match change {
                GameOp::Create(r) | GameOp::Put(r) => Some(r),
                GameOp::Finish(_) | GameOp::Remove => None,
            },
            _ => state.record().cloned(),
        };
        if let (Some((_, after)), Some(first)) = (&after, decision.replies.first_mut()) {
            for l in after.lines() {
                first.reply.body.push_str("\n");
                first.reply.body.push_str(l);
            }
        }
        let ended = after.as_ref().map(|(id, _)| id.as_str());
        if let (Some(line), Some(first)) = (
            self.id_line(started.as_deref(), ended),
            decision.replies.first_mut(),
        ) {
            first.reply.body.push_str("\n");
            first.reply.body.push_str(&line);
            // And the game's page, where the community's pages are on.
            let id = started.as_deref().or(ended).unwrap_or_default();
            if let Some(link) = self.settings.game_link(&state.site.value, id) {
                first.reply.body.push_str("\n");
                first.reply.body.push_str(&link);
            }
        }
        let mut out: Vec<Reply> = decision
            .replies
            .into_iter()
            .map(|d| self.paint(d, state.channel.theme, at))
            .collect();
        // What follows, in other channels and documents, is counted apart.
        crate::metrics::in_command(crate::metrics::FOLLOW_UP, || {
            if let Some((_, after)) = after {
                out.extend(self.after_commit(after));
            }
            for f in decision.follow {
                out.extend(self.follow_up(f));
            }
        });
        Ok(Some(Committed {
            replies: out,
            record,
        }))
    }

    /// Draws the id of a record `ops` creates (so that its players' indexes can name it
    /// in the same commit; the store refuses an id it has, a conflict decided again),
    /// and adds the writes of a game entering play into its players' indexes (see
    /// `archive`), read with the command (`state`) or now. The id of the game started.
    ///
    /// # Errors
    /// A store failure, or an index that cannot be decoded.
    fn start_ops(
        &self,
        state: &ChannelState,
        ops: &mut Vec<Op>,
    ) -> Result<Option<String>, StoreError> {
        let Some(Op::Game {
            change: GameOp::Create(r) | GameOp::Put(r),
            ..
        }) = ops.first_mut()
        else {
            return Ok(None);
        };
        if r.id.is_empty() {
            r.id = crate::store::gameid::draw();
        }
        if !archive::starts(state.record(), r) {
            let writes = archive::catch_up(r, &state.indexes)?;
            ops.extend(writes.into_iter().map(DocWrite::into_op));
            return Ok(None);
        }
        let id = r.id.clone();
        let writes = self.archive_start(r, &state.indexes)?;
        ops.extend(writes.into_iter().map(DocWrite::into_op));
        Ok(Some(id))
    }

    /// The line that gives a game's id where it starts (`started`) or ends (`ended`),
    /// to find it again.
    fn id_line(&self, started: Option<&str>, ended: Option<&str>) -> Option<String> {
        match (started, ended) {
            (Some(id), _) => Some(tr!(
                "archive-game-started",
                id = archive_views::id_code(id),
                p = self.p()
            )),
            (None, Some(id)) => Some(tr!(
                "archive-game-ended",
                id = archive_views::id_code(id),
                p = self.p()
            )),
            _ => None,
        }
    }

    /// The reply of `draft` with its pictures painted, boards in the colours of `theme`
    /// (the channel's `!set theme`), as many as the channel `at` takes
    /// ([`Core::limits_at`]).
    pub(super) fn paint(&self, draft: Draft, theme: Theme, at: &ChannelKey) -> Reply {
        let mut reply = draft.reply;
        for mut picture in draft.pictures {
            picture.set_theme(theme);
            let picture_is_rating = matches!(picture, Picture::Rating(_));
            match picture {
                Picture::Board { pos, info } => {
                    let f = self.painter.position(&pos, &info);
                    reply.attachments.push(attachment("board.png".into(), f));
                }
                Picture::Move {
                    trace,
                    info,
                    extra,
                    style,
                } => {
                    let extra = extra
                        .into_iter()
                        .map(|(name, pos, info)| (name, self.painter.position(&pos, &info)))
                        .collect();
                    reply
                        .attachments
                        .extend(self.attach(&trace, &info, extra, style, at));
                }
                Picture::Table { table, name } => {
                    if let Some(f) = self.painter.table(&table) {
                        reply.attachments.push(attachment(name.into(), f));
                    }
                }
                Picture::Summary(chart) | Picture::Rating(chart) => {
                    let name = match picture_is_rating {
                        true => "rating.png",
                        false => "summary.png",
                    };
                    if let Some(f) = self.painter.line_chart(&chart) {
                        reply.attachments.push(attachment(name.into(), f));
                    }
                }
                Picture::Replay { trace, info } => match self.move_gif(&trace, &info, true) {
                    Ok(drawn) => {
                        reply
                            .body
                            .push_str(&tr!("picture-replay-frames", count = drawn.frames));
                        reply.attachments.push(Attachment {
                            filename: "move.gif".into(),
                            bytes: drawn.gif.clone(),
                            alt: tr!("picture-replay-alt", alt = drawn.alt.as_str()),
                        });
                    }
                    // A look: nothing changed; the reply says to try again.
                    Err(busy) => return super::error_reply(busy),
                },
            }
        }
        reply
    }

    /// The pictures of a move in `style` as attachments, within the attachment limit of
    /// the channel `at` ([`Core::limits_at`]):
    /// every frame, or the contact sheet and the final board; the final board with the
    /// path; or the GIF. `extra` pictures follow.
    fn attach(
        &self,
        trace: &Trace,
        info: &BoardInfo,
        extra: Vec<(String, Frame)>,
        style: PictureStyle,
        at: &ChannelKey,
    ) -> Vec<Attachment> {
        let max = match style {
            PictureStyle::Frames => {
                let most = self.limits_at(at).attachments_per_message;
                most.max(2 + extra.len()) - extra.len()
            }
            PictureStyle::Sheet => 2,
            PictureStyle::Final => {
                let board = self.painter.move_path(trace, info);
                return with_extra(vec![("board.png".to_string(), board)], extra);
            }
            PictureStyle::Gif => {
                // Drawn on this thread (never refused), and cached for `!replay`.
                let gif = match self.move_gif(trace, info, false) {
                    Ok(drawn) => Attachment {
                        filename: "move.gif".into(),
                        bytes: drawn.gif.clone(),
                        alt: tr!("picture-move-alt", alt = drawn.alt.as_str()),
                    },
                    Err(_) => return with_extra(Vec::new(), extra),
                };
                return std::iter::once(gif)
                    .chain(with_extra(Vec::new(), extra))
                    .collect();
            }
        };
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
        with_extra(named, extra)
    }
}

/// The pictures `named`, then `extra`, as attachments.
fn with_extra(named: Vec<(String, Frame)>, extra: Vec<(String, Frame)>) -> Vec<Attachment> {
    named
        .into_iter()
        .chain(extra)
        .map(|(filename, f)| attachment(filename, f))
        .collect()
}

/// A painted frame as the attachment `filename`.
fn attachment(filename: String, f: Frame) -> Attachment {
    Attachment {
        filename,
        bytes: f.png,
        alt: f.alt,
    }
}

/// What a command wrote, as the dispatcher answers it.
pub(super) struct Committed {
    /// The replies, painted.
    pub replies: Vec<Reply>,
    /// The channel's record after the write (`None`: the channel holds none).
    pub record: Option<Record>,
}

/// The store's writes of `decision` over `state` (read in `at`): the channel's record
/// first (compared with the version read), then its documents; the decision keeps its
/// replies.
fn write_ops(at: &ChannelKey, state: &ChannelState, decision: &mut Decision) -> Vec<Op> {
    let mut ops = Vec::new();
    if let Some(change) = decision.change.take() {
        ops.push(Op::Game {
            at: at.clone(),
            expected: state.stored.as_ref().map(|s| s.version.clone()),
            change: match change {
                Change::Create(r) => GameOp::Create(r),
                Change::Put(r) => GameOp::Put(r),
                Change::Finish(r) => GameOp::Finish(r),
                Change::Remove => GameOp::Remove,
            },
        });
    }
    ops.extend(decision.docs.drain(..).map(DocWrite::into_op));
    ops
}
