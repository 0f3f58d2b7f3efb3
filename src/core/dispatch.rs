//! The dispatcher of channel commands: load the channel's state once, decide purely
//! ([`decide`]), write the decision with one compare-and-swap, decide again on a
//! conflict (a bounded number of times), then run what follows a finished game and
//! paint the pictures. Only here does a channel command touch the store or the painter.

use mancala_rules::{Side, Trace};

use super::api::{Attachment, Incoming, Reply};
use super::command::Command;
use super::deadlines::needs_channel_settings;
use super::decision::{Change, ChannelState, Ctx, Decision, Draft, Picture, Refusal};
use super::needs::Needs;
use super::painter::{BoardInfo, Frame, MovePictures};
use super::show::{PictureStyle, Theme};
use super::views::expired;
use super::{correspondence, games, views, ChannelSettings, Core, Fail, PlayerPrefs};
use crate::model::ChannelKey;
use crate::store::keys::DocKey;
use crate::store::{docs, Record, Status, StoreError, Write};

/// Attempts of one command before giving up ("too many commands at once").
const MAX_ATTEMPTS: usize = 8;

/// Decides the channel command `cmd` over `state`: pure, no store, no painter.
/// Commands that are not channel commands ([`Needs::of`] is `None`) decide nothing.
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
        } => games::new_game(state, ctx, *kind, opponent, *side, *move_time, *rated),
        Command::Accept => games::accept(state, ctx),
        Command::Decline => games::decline(state, ctx),
        Command::Sow(mv) => games::sow(state, ctx, mv),
        Command::Resign => games::resign(state, ctx),
        Command::Board => views::board(state, ctx),
        Command::Moves => views::moves(state, ctx),
        Command::History => views::history(state, ctx),
        Command::Replay => views::replay(state, ctx),
        Command::Claim => correspondence::claim(state, ctx),
        Command::Abort => correspondence::abort(state, ctx),
        Command::Draw => correspondence::draw(state, ctx),
        Command::Rematch => correspondence::rematch(state, ctx),
        _ => Ok(Decision::default()),
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
    /// Loads what a command in `at` decides from at `now`, as `needs` says.
    pub(super) fn load_state(
        &self,
        at: &ChannelKey,
        needs: Needs,
        now: u64,
    ) -> Result<ChannelState, StoreError> {
        let stored = self.store.load(at)?;
        let record = stored.as_ref().map(|s| &s.record);
        let last_finished = if needs.last_finished
            && record.is_none_or(|r| r.status == Status::Challenge && expired(r, now))
        {
            self.store.last_finished(at)?
        } else {
            None
        };
        let channel = match record {
            Some(r) if needs.shown || (needs.channel && needs_channel_settings(r, now)) => {
                docs::load::<ChannelSettings>(&*self.store, &DocKey::chan(&r.at))?.value
            }
            _ => ChannelSettings::default(),
        };
        let to_move = record.and_then(|r| {
            let side = r.play.as_ref()?.game().position().to_move();
            r.player(side)
        });
        let muted = match to_move {
            Some(player) if needs.muted => {
                docs::load::<PlayerPrefs>(&*self.store, &DocKey::player(&at.community, player))?
                    .value
                    .muted
            }
            _ => false,
        };
        Ok(ChannelState {
            stored,
            last_finished,
            channel,
            muted,
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
        for _ in 0..MAX_ATTEMPTS {
            let now = self.clock.now_ms();
            let state = self.load_state(at, needs, now)?;
            let ctx = Ctx {
                at,
                author: &msg.author,
                now,
                settings: &self.settings,
                coin: (self.coin)(),
            };
            let decision = decide(&state, &ctx)?;
            if let Some(replies) = self.apply(at, &state, decision)? {
                return Ok(replies);
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
    ) -> Result<Option<Vec<Reply>>, StoreError> {
        let expected = state.stored.as_ref().map(|s| &s.version);
        let written = match &mut decision.change {
            None => true,
            Some(Change::Create(r)) => {
                r.id = self.store.new_id(r.created_ms)?;
                self.store.write(at, expected, Write::Put(r))?
            }
            Some(Change::Put(r)) => self.store.write(at, expected, Write::Put(r))?,
            Some(Change::Finish(r)) => self.store.write(at, expected, Write::Finish(r))?,
            Some(Change::Remove) => self.store.write(at, expected, Write::Remove)?,
        };
        if !written {
            return Ok(None);
        }
        let follow = match &decision.change {
            Some(Change::Finish(r)) => self.finished(r, &mut decision.replies),
            _ => Vec::new(),
        };
        let mut out: Vec<Reply> = decision
            .replies
            .into_iter()
            .map(|d| self.paint(d, state.channel.theme, at))
            .collect();
        out.extend(follow);
        Ok(Some(out))
    }

    /// What follows the game `r` just finished (see the `aftermath` module): its rating
    /// line, appended to the first of `replies`, and the replies of its tournament
    /// (returned).
    fn finished(&self, r: &Record, replies: &mut [Draft]) -> Vec<Reply> {
        let after = self.after_finish(r);
        if let Some(first) = replies.first_mut() {
            for l in after.lines() {
                first.reply.body.push_str("\n");
                first.reply.body.push_str(l);
            }
        }
        after.replies
    }

    /// The reply of `draft` with its pictures painted, boards in the colours of `theme`
    /// (the channel's `!set theme`), as many as the channel `at` takes
    /// ([`Core::limits_at`]).
    pub(super) fn paint(&self, draft: Draft, theme: Theme, at: &ChannelKey) -> Reply {
        let mut reply = draft.reply;
        for mut picture in draft.pictures {
            picture.set_theme(theme);
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
                Picture::Summary(chart) => {
                    if let Some(f) = self.painter.line_chart(&chart) {
                        reply.attachments.push(attachment("summary.png".into(), f));
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
