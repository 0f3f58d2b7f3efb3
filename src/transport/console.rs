//! The console transport: chat lines from a terminal become [`Incoming`]s, and the
//! core's [`Reply`]s become text lines, with their images written to files.
//!
//! Each input line is a chat message in the current channel from the current user.
//! `/as NAME` switches the user, `/channel NAME` the channel, `/organizer on|off` whether
//! the user counts as an organizer (on by default: tournaments, `!set`), `/tick` runs the
//! periodic driver, `/wait SPAN` (`2h`, `3d 4h`, `90m`) moves the session's clock forward
//! that far and runs the driver, so that deadlines, reminders and expiries can be seen
//! without waiting for them (the clock keeps the lead until the session ends), `/quit`
//! ends; `@NAME` in a message mentions the user NAME. The
//! driver (reminders, deadlines, tournaments) also runs at start and after every line.
//! Replies meant for another channel (a tournament game's room, which the console opens
//! simply by naming a channel after the pairing) are printed with that channel's name;
//! `/channel NAME` goes there. A direct message (a turn alert, `!notify dm`) is printed
//! with the name of the user it is for. Timestamps are printed as UTC dates. Images are written
//! under `DATA_DIR/images/CHANNEL/` with their paths printed, followed by the ASCII board
//! of the channel.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;

use crate::core::api::TransportLimits;
use crate::core::api::{ChatCore, Incoming, Reply};
use crate::core::{Clock, Core, OffsetClock, SystemClock};
use crate::i18n;
use crate::model::{ChannelKey, User};

/// What the console takes in one message: no limit of its own (a terminal prints any
/// length, pictures are files on disk), so only the host's settings bound a reply.
pub const LIMITS: TransportLimits = TransportLimits::UNBOUNDED;

/// The community of every console channel.
pub const COMMUNITY: &str = "console";

/// Whether the console goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `/quit`: stop.
    Quit,
}

/// One console session: who types, where, and the core it talks to.
pub struct Console<'a> {
    core: &'a Core,
    data_dir: PathBuf,
    me: User,
    channel: String,
    organizer: bool,
    seq: u64,
    pictures: bool,
    /// The core's clock, when `/wait` may move it.
    clock: Option<Arc<OffsetClock>>,
}

impl<'a> Console<'a> {
    /// A session over `core` whose images go under `data_dir/images`: alice in #general,
    /// an organizer.
    pub fn new(core: &'a Core, data_dir: &Path) -> Console<'a> {
        core.declare_limits(|c| c == COMMUNITY, LIMITS);
        Console {
            core,
            data_dir: data_dir.to_path_buf(),
            me: user("alice"),
            channel: "general".to_string(),
            organizer: true,
            seq: 0,
            pictures: true,
            clock: None,
        }
    }

    /// With `clock`, the core's clock, which `/wait` moves forward and the printed
    /// times are relative to.
    pub fn with_clock(mut self, clock: Arc<OffsetClock>) -> Console<'a> {
        self.clock = Some(clock);
        self
    }

    /// Now, by the core's clock: milliseconds since the Unix epoch.
    fn now_ms(&self) -> u64 {
        match &self.clock {
            Some(c) => c.now_ms(),
            None => SystemClock.now_ms(),
        }
    }

    /// Without pictures: the replies' images are neither written nor listed (for a
    /// core whose painter draws none, `mancala-bot console --no-pictures`).
    pub fn without_pictures(mut self) -> Console<'a> {
        self.pictures = false;
        self
    }

    /// The prompt shown on a terminal before each line: `[alice #general] `.
    pub fn prompt(&self) -> String {
        format!("[{} #{}] ", self.me.name, self.channel)
    }

    /// The banner printed at start.
    pub fn banner(&self) -> String {
        let p = self.core.prefix();
        format!(
            "mancala-bot console; data in {}. You are {} in #{}. Type `{p}help` for the \
             commands; /as NAME switches the user, /channel NAME the channel, /organizer on|off \
             (on: every user may run tournaments and `{p}set`), /tick, /wait SPAN (2h, 3d) moves \
             the clock forward, /quit ends. Organizer mode is {} now.",
            self.data_dir.display(),
            self.me.name,
            self.channel,
            if self.organizer { "on" } else { "off" }
        )
    }

    /// Handles one input line (already trimmed, not empty): a console command or a chat
    /// message, then the periodic driver; prints everything to `out`.
    ///
    /// # Errors
    /// `out` or the image directory not writable.
    pub fn line(&mut self, line: &str, out: &mut impl Write) -> anyhow::Result<Flow> {
        if let Some(rest) = line.strip_prefix('/') {
            if self.console_command(rest, out)? == Flow::Quit {
                return Ok(Flow::Quit);
            }
        } else {
            self.message(line, out)?;
        }
        self.print_ticks(out)?;
        Ok(Flow::Continue)
    }

    fn console_command(&mut self, rest: &str, out: &mut impl Write) -> anyhow::Result<Flow> {
        let mut words = rest.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            // Names as long as the chat platforms allow (and the backups take).
            (Some("as" | "channel"), Some(name), None)
                if name.chars().count() > crate::core::input::NAME_CHARS =>
            {
                writeln!(
                    out,
                    "(names are at most {} characters; that one has {})",
                    crate::core::input::NAME_CHARS,
                    name.chars().count()
                )?;
            }
            (Some("as"), Some(name), None) => {
                self.me = user(name.trim_start_matches('@'));
                writeln!(out, "(you are now {})", self.me.name)?;
            }
            (Some("channel"), Some(name), None) => {
                let name = name.trim_start_matches('#');
                // A channel id as the core keeps it (and a backup restores it).
                match crate::core::input::platform_id_fault(name) {
                    Some(fault) => writeln!(
                        out,
                        "(a channel's name is {}; that one {fault})",
                        crate::core::input::PLATFORM_ID_RULE
                    )?,
                    None => {
                        self.channel = name.to_string();
                        writeln!(out, "(you are now in #{})", self.channel)?;
                    }
                }
            }
            (Some("organizer"), Some(v @ ("on" | "off")), None) => {
                self.organizer = v == "on";
                writeln!(out, "(organizer {v})")?;
            }
            (Some("tick"), None, None) => {}
            (Some("wait"), Some(_), _) => {
                let span = rest["wait".len()..].trim();
                writeln!(out, "{}", self.wait(span))?;
            }
            (Some("quit"), None, None) => return Ok(Flow::Quit),
            _ => writeln!(
                out,
                "(console commands: /as NAME, /channel NAME, /organizer on|off, /tick, \
                 /wait SPAN, /quit; bot commands start with `{}`)",
                self.core.prefix()
            )?,
        }
        Ok(Flow::Continue)
    }

    /// `/wait SPAN`: moves the clock forward by `span` (a jiff "friendly" span: `2h`,
    /// `3d 4h`, `90m`; days of 24 h) and says where it stands, or why it did not move.
    fn wait(&self, span: &str) -> String {
        let Some(clock) = &self.clock else {
            return "(this session's clock cannot be moved)".to_string();
        };
        let parsed = span.parse::<jiff::Span>().ok().and_then(|s| {
            let d = s
                .to_duration(jiff::SpanRelativeTo::days_are_24_hours())
                .ok()?;
            std::time::Duration::try_from(d).ok()
        });
        match parsed {
            Some(d) if !d.is_zero() => {
                clock.advance(d);
                format!(
                    "(the clock is now {}, {} ahead of real time)",
                    crate::core::text::date_text(self.now_ms()),
                    crate::core::text::duration_text(crate::core::limits::millis(clock.offset()))
                )
            }
            _ => {
                format!("(`{span}` is not a time to wait: a span forward such as 2h, 3d 4h or 90m)")
            }
        }
    }

    fn message(&mut self, line: &str, out: &mut impl Write) -> anyhow::Result<()> {
        let at = ChannelKey {
            community: COMMUNITY.into(),
            channel: self.channel.clone(),
        };
        // A mention of the bot works as the prefix, as in chat: `@bot sow b3`.
        let text = match bot_mention(line) {
            Some(rest) => crate::core::input::after_bot_mention(rest, self.core.prefix()),
            None => line.to_string(),
        };
        let msg = Incoming {
            at: at.clone(),
            author: self.me.clone(),
            mentions: mentions(&text),
            text,
            is_organizer: self.organizer,
            locale: system_locale(),
        };
        let replies = self.core.handle(&msg);
        let target = |r: &Reply| r.to.clone().unwrap_or_else(|| at.clone());
        for (i, reply) in replies.iter().enumerate() {
            let to = target(reply);
            self.print_reply(out, reply, &to.channel)?;
            // The text board shows the channel's current position, so only after the
            // last pictured reply there (an AI's answer may follow a human's move).
            let later = replies[i + 1..]
                .iter()
                .any(|r| shows_board_of(r, &target(r)) && target(r) == to);
            if shows_board_of(reply, &to) && !later {
                // The diagram and its status line in the language of the reply they follow.
                let shown = i18n::with_lang(reply.lang, || {
                    let (pos, status) = self.core.board_status(&to)?;
                    Some((crate::render::ascii::diagram(&pos), status))
                });
                if let Some((diagram, status)) = shown {
                    writeln!(out, "{diagram}{status}")?;
                }
            }
        }
        Ok(())
    }

    /// Runs the core's periodic driver (deadlines, reminders, tournament rounds) and prints
    /// what it says, each reply in its channel.
    ///
    /// # Errors
    /// As [`Console::line`].
    pub fn print_ticks(&mut self, out: &mut impl Write) -> anyhow::Result<()> {
        for (at, reply) in self.core.tick() {
            self.print_reply(out, &reply, &at.channel)?;
        }
        Ok(())
    }
}

/// Whether `reply`, posted in `to`, pictures the board of the game `to` shows, so that
/// the console follows it with that game's text board: a board, a move's frames, sheet
/// or GIF, and no other channel named (`!game ID` of a game played elsewhere pictures
/// that game); charts (`!rating`, `!analyze`, the end of a game's summary alone) and
/// tables are not boards.
fn shows_board_of(reply: &Reply, to: &ChannelKey) -> bool {
    let board = reply.attachments.iter().any(|a| {
        let name = a.filename.as_str();
        matches!(name, "board.png" | "sheet.png" | "move.gif")
            || (name.starts_with("frame-") && name.ends_with(".png"))
    });
    let elsewhere = reply
        .body
        .segments()
        .iter()
        .any(|s| matches!(s, crate::core::api::Segment::Channel(c) if c != to));
    board && !elsewhere
}

impl Console<'_> {
    /// Prints `reply`, posted in `channel`; the channel is named when it is not the current one.
    fn print_reply(
        &mut self,
        out: &mut impl Write,
        reply: &Reply,
        channel: &str,
    ) -> anyhow::Result<()> {
        let current = Some(self.channel.as_str());
        // The console's own words in the reply's language, as the reply itself.
        let mut tag = i18n::with_lang(reply.lang, || {
            if reply.is_error {
                tr!("console-bot-refused")
            } else {
                tr!("console-bot")
            }
        });
        if let Some(user) = &reply.direct {
            // A direct message: the console shows who it is for.
            let to = i18n::with_lang(reply.lang, || {
                tr!("console-direct", user = user.name.as_str())
            });
            tag = format!("[{to}] {tag}");
        } else if current != Some(channel) {
            tag = format!("[#{channel}] {tag}");
        }
        let text = reply.plain(self.now_ms());
        for (i, line) in text.lines().enumerate() {
            if i == 0 {
                writeln!(out, "{tag} {line}")?;
            } else {
                writeln!(out, "     {line}")?;
            }
        }
        for b in &reply.buttons {
            let line = i18n::with_lang(reply.lang, || match &b.only {
                Some(u) => tr!(
                    "console-button-only",
                    label = b.label.as_str(),
                    command = b.command.as_str(),
                    user = u.name.as_str()
                ),
                None => tr!(
                    "console-button",
                    label = b.label.as_str(),
                    command = b.command.as_str()
                ),
            });
            writeln!(out, "     {line}")?;
        }
        if reply.attachments.is_empty() || !self.pictures {
            return Ok(());
        }
        // A picture that cannot be written (a full disk) must not end the session: the
        // move is stored already; the reply says the pictures failed.
        if let Err(e) = self.write_pictures(out, reply, channel) {
            let error = format!("{e:#}");
            let line = i18n::with_lang(reply.lang, || {
                tr!("console-pictures-failed", error = error.as_str())
            });
            writeln!(out, "     ({line})")?;
        }
        Ok(())
    }

    /// Writes the pictures of `reply` under `DATA_DIR/images/CHANNEL/` and prints their
    /// paths.
    ///
    /// # Errors
    /// A directory or file that cannot be written (the half-written file is removed), or
    /// standard output.
    fn write_pictures(
        &mut self,
        out: &mut impl Write,
        reply: &Reply,
        channel: &str,
    ) -> anyhow::Result<()> {
        let dir = self.data_dir.join("images").join(safe_name(channel, false));
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create the image directory {}", dir.display()))?;
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        for a in &reply.attachments {
            self.seq += 1;
            let path = dir.join(format!(
                "{stamp}-{:03}-{}",
                self.seq,
                safe_name(&a.filename, true)
            ));
            if let Err(e) = std::fs::write(&path, &a.bytes) {
                let _ = std::fs::remove_file(&path);
                return Err(
                    anyhow::Error::new(e).context(format!("cannot write {}", path.display()))
                );
            }
            let alt = a.alt.lines().next().unwrap_or("");
            writeln!(out, "     image: {} ({alt})", path.display())?;
        }
        Ok(())
    }
}

fn user(name: &str) -> User {
    User {
        id: name.to_lowercase(),
        name: name.to_string(),
    }
}

/// The users `@NAME` mentions in `line`, in order (trailing punctuation is not part of
/// the name).
pub fn mentions(line: &str) -> Vec<User> {
    line.split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .map(|n| n.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '_' && c != '-'))
        .filter(|n| !n.is_empty())
        .map(user)
        .collect()
}

/// What follows a mention of the bot (`@bot` or `@mancala-bot`, in any case) that
/// starts `line`; `None` when it starts otherwise.
fn bot_mention(line: &str) -> Option<&str> {
    let line = line.trim_start();
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let name = first.strip_prefix('@')?;
    (name.eq_ignore_ascii_case("bot") || name.eq_ignore_ascii_case("mancala-bot")).then_some(rest)
}

/// `s` with every character but ASCII letters, digits, `-`, `_` (and `.` when
/// `dots`) replaced by `_`: safe as one path component.
fn safe_name(s: &str, dots: bool) -> String {
    let out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || (dots && c == '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() {
        "_".into()
    } else {
        out
    }
}

/// The terminal's language for the console's replies: the first of `LC_ALL`,
/// `LC_MESSAGES` and `LANG` that is set (`fr_FR.UTF-8` reads `fr_FR`), as the C library
/// chooses it; `!set language` overrides it for a channel.
fn system_locale() -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(|k| std::env::var(k).ok())
        .find(|v| !v.is_empty())
        .map(|v| v.split(['.', '@']).next().unwrap_or_default().to_string())
}

#[cfg(test)]
mod tests {
    #[test]
    fn mentions_strip_punctuation() {
        let m = super::mentions("!new katro @Bob, as south @x-y!");
        let names: Vec<_> = m.iter().map(|u| (u.id.as_str(), u.name.as_str())).collect();
        assert_eq!(names, vec![("bob", "Bob"), ("x-y", "x-y")]);
    }
}
