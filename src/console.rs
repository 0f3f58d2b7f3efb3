//! The console transport: the core over standard input and output, to try the bot
//! without any chat account.
//!
//! Each input line is a chat message in the current channel from the current user.
//! `/as NAME` switches the user, `/channel NAME` the channel, `/organizer on|off` whether
//! the user counts as an organizer (on by default: tournaments, `!set`), `/tick` runs the
//! periodic driver, `/quit` ends; `@NAME` in a message mentions the user NAME. The
//! driver (reminders, deadlines, tournaments) also runs at start and after every line.
//! Replies meant for another channel (a tournament game's room, which the console opens
//! simply by naming a channel after the pairing) are printed with that channel's name;
//! `/channel NAME` goes there. Timestamps are printed as UTC dates. Replies are printed as text; their images are written
//! under `DATA_DIR/images/CHANNEL/` with their paths printed, followed by the ASCII board
//! of the channel. Games live in the store of the data directory, so they persist across
//! runs.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;

use crate::bot::Core;
use crate::chat::{ChannelKey, ChatCore, Incoming, Reply, User};
use crate::config::Config;

/// The community of every console channel.
pub const COMMUNITY: &str = "console";

/// Arguments of `mancala-bot console`.
#[derive(clap::Args, Debug)]
pub struct ConsoleArgs {
    /// The data directory (default: the config's, else ./data).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// The TOML config file (prefix, limits, ...).
    #[arg(long)]
    pub config: Option<PathBuf>,
}

/// `mancala-bot console`.
///
/// # Errors
/// As [`run_console`].
pub fn main(args: ConsoleArgs) -> anyhow::Result<ExitCode> {
    crate::app::init_tracing();
    let cfg = crate::app::load_config(args.config.as_deref(), args.data.as_deref())?;
    run_console(&cfg)
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

/// Runs the console transport on the store of `cfg.data_dir` until the end of input or
/// `/quit`.
///
/// # Errors
/// A bad config, a store that cannot be opened, standard output or the image directory
/// not writable.
pub fn run_console(cfg: &Config) -> anyhow::Result<ExitCode> {
    let core = crate::app::build_core(cfg)?;
    let stdin = std::io::stdin();
    let tty = stdin.is_terminal();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut me = user("alice");
    let mut channel = "general".to_string();
    let mut seq = 0u64;
    let mut organizer = true;
    let p = core.prefix().to_string();
    writeln!(
        out,
        "mancala-bot console; data in {}. You are {} in #{channel}. Type `{p}help` for the \
         commands; /as NAME switches the user, /channel NAME the channel, /organizer on|off \
         (on: every user may run tournaments and `{p}set`), /tick, /quit ends.",
        cfg.data_dir.display(),
        me.name
    )?;
    print_ticks(&mut out, &core, &cfg.data_dir, &channel, &mut seq)?;
    // Lines as bytes: a line that is not UTF-8 is read with replacement characters
    // (and then refused like any bad command) instead of ending the session.
    let mut lines = stdin.lock().split(b'\n');
    loop {
        if tty {
            write!(out, "[{} #{channel}] ", me.name)?;
            out.flush()?;
        }
        let Some(line) = lines.next() else { break };
        let line = line.context("reading standard input")?;
        let line = String::from_utf8_lossy(&line);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix('/') {
            let mut words = rest.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some("as"), Some(name), None) => {
                    me = user(name.trim_start_matches('@'));
                    writeln!(out, "(you are now {})", me.name)?;
                }
                (Some("channel"), Some(name), None) => {
                    channel = name.trim_start_matches('#').to_string();
                    writeln!(out, "(you are now in #{channel})")?;
                }
                (Some("organizer"), Some(v @ ("on" | "off")), None) => {
                    organizer = v == "on";
                    writeln!(out, "(organizer {v})")?;
                }
                (Some("tick"), None, None) => {}
                (Some("quit"), None, None) => break,
                _ => writeln!(
                    out,
                    "(console commands: /as NAME, /channel NAME, /organizer on|off, /tick, \
                     /quit; bot commands start with `{p}`)"
                )?,
            }
            print_ticks(&mut out, &core, &cfg.data_dir, &channel, &mut seq)?;
            continue;
        }
        let at = ChannelKey {
            community: COMMUNITY.into(),
            channel: channel.clone(),
        };
        let msg = Incoming {
            at: at.clone(),
            author: me.clone(),
            text: line.to_string(),
            mentions: mentions(line),
            is_organizer: organizer,
        };
        let replies = core.handle(&msg);
        let target = |r: &crate::chat::Reply| r.to.clone().unwrap_or_else(|| at.clone());
        for (i, reply) in replies.iter().enumerate() {
            let to = target(reply);
            print_reply(
                &mut out,
                reply,
                &cfg.data_dir,
                &to.channel,
                Some(&channel),
                &mut seq,
            )?;
            // The text board shows the channel's current position, so only after the
            // last pictured reply there (an AI's answer may follow a human's move).
            let later = replies[i + 1..]
                .iter()
                .any(|r| !r.attachments.is_empty() && target(r) == to);
            if !reply.attachments.is_empty() && !later {
                if let Some((pos, status)) = core.board_status(&to) {
                    writeln!(out, "{}{status}", crate::ascii::diagram(&pos))?;
                }
            }
        }
        print_ticks(&mut out, &core, &cfg.data_dir, &channel, &mut seq)?;
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs the core's periodic driver (deadlines, reminders, tournament rounds) and prints
/// what it says, each reply in its channel.
fn print_ticks(
    out: &mut impl Write,
    core: &Core,
    data_dir: &Path,
    current: &str,
    seq: &mut u64,
) -> anyhow::Result<()> {
    for (at, reply) in core.tick() {
        print_reply(out, &reply, data_dir, &at.channel, Some(current), seq)?;
    }
    Ok(())
}

/// Prints `reply`, posted in `channel`; the channel is named when it is not `current`.
fn print_reply(
    out: &mut impl Write,
    reply: &Reply,
    data_dir: &Path,
    channel: &str,
    current: Option<&str>,
    seq: &mut u64,
) -> anyhow::Result<()> {
    let mut tag = if reply.is_error {
        "bot (refused)".to_string()
    } else {
        "bot".to_string()
    };
    if current != Some(channel) {
        tag = format!("[#{channel}] {tag}");
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let text = crate::chat::plain_times(&reply.text, now);
    for (i, line) in text.lines().enumerate() {
        if i == 0 {
            writeln!(out, "{tag}: {line}")?;
        } else {
            writeln!(out, "     {line}")?;
        }
    }
    for b in &reply.buttons {
        let only = b
            .only
            .as_ref()
            .map_or(String::new(), |u| format!(", only {}", u.name));
        writeln!(out, "     [{}: type {}{only}]", b.label, b.command)?;
    }
    if reply.attachments.is_empty() {
        return Ok(());
    }
    let dir = data_dir.join("images").join(safe_name(channel, false));
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("cannot create the image directory {}", dir.display()))?;
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    for a in &reply.attachments {
        *seq += 1;
        let path = dir.join(format!(
            "{stamp}-{:03}-{}",
            seq,
            safe_name(&a.filename, true)
        ));
        std::fs::write(&path, &a.bytes)
            .with_context(|| format!("cannot write {}", path.display()))?;
        let alt = a.alt.lines().next().unwrap_or("");
        writeln!(out, "     image: {} ({alt})", path.display())?;
    }
    Ok(())
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
