//! Reading a backup: line by line from any reader, each line at most
//! [`MAX_LINE_BYTES`] (a longer one is refused by number before it is held whole), each
//! checked ([`super::check_line`]) and then dropped unless it is kept: every line
//! without a community filter, else only the lines of that community
//! ([`super::Community`]).

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, Read};

use super::json;
use super::{check_line, Backup, Community, Entry, ImportError};
use crate::store::keys::DocKey;

/// The longest line `import` reads, in bytes (64 MiB). The longest the bot writes is far
/// shorter: a round robin of 128 players (8,128 pairings, each under 1 KB with the
/// longest Matrix room ids) is under 10 MB, a game's record a few KB per 100 moves.
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// How [`read_with`] reads.
#[derive(Clone, Copy, Debug)]
pub struct ReadOptions<'a> {
    /// Keep only this community's lines ([`Community`]); every line is still checked.
    pub community: Option<&'a str>,
    /// The longest line read, in bytes ([`MAX_LINE_BYTES`]).
    pub max_line: usize,
}

impl Default for ReadOptions<'_> {
    fn default() -> Self {
        ReadOptions {
            community: None,
            max_line: MAX_LINE_BYTES,
        }
    }
}

/// Reads and checks a backup as [`super::read`] does, keeping the lines `opts` asks for.
///
/// # Errors
/// The first line that cannot be read, is longer than `opts.max_line` bytes, is bad,
/// or repeats a key or game id of an earlier line (kept or not).
pub fn read_with(mut input: impl BufRead, opts: ReadOptions<'_>) -> Result<Backup, ImportError> {
    let mut backup = Backup::default();
    let mut keys: HashMap<String, usize> = HashMap::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut filter = opts.community.map(Filter::new);
    let mut buf = Vec::new();
    for line in 1.. {
        let Some(text) = next_line(&mut input, &mut buf, line, opts.max_line)? else {
            break;
        };
        if text.trim().is_empty() {
            continue;
        }
        let entry = check_line(text).map_err(|fault| ImportError::BadLine {
            line,
            fault: json::plain(&fault),
        })?;
        unique(&entry, line, &mut keys, &mut ids)?;
        match &mut filter {
            None => backup.entries.push((line, entry)),
            Some(f) => f.take(line, entry, &mut backup.entries),
        }
    }
    if let Some(f) = filter {
        f.finish(&mut backup.entries);
    }
    Ok(backup)
}

/// The lines of one community ([`Community`]) as they are read.
struct Filter<'a> {
    community: Community<'a>,
    /// Lines that may belong to a room of the community not known yet (a Matrix room's
    /// line before its tournament game's record).
    held: Vec<(usize, Entry)>,
    /// The communities of rooms of their own (community id = channel id) seen so far.
    own_rooms: HashSet<String>,
}

impl<'a> Filter<'a> {
    fn new(id: &'a str) -> Filter<'a> {
        Filter {
            community: Community::new(id),
            held: Vec::new(),
            own_rooms: HashSet::new(),
        }
    }

    /// Keeps `entry` (line `line`) in `kept` when it belongs, holds it back when it may
    /// belong to a room not known yet, drops it otherwise.
    fn take(&mut self, line: usize, entry: Entry, kept: &mut Vec<(usize, Entry)>) {
        let c = &mut self.community;
        let (keep, room) = match &entry {
            Entry::Record(r) => {
                c.learn(r);
                let own = r.at.community == r.at.channel;
                if own {
                    self.own_rooms.insert(r.at.community.clone());
                }
                (c.has_record(r), own)
            }
            Entry::Document { key, .. } => {
                let own = self.own_rooms.contains(key.community())
                    || matches!(key, DocKey::Chan(at) if at.community == at.channel);
                (c.has_doc(key), own)
            }
        };
        if keep {
            kept.push((line, entry));
        } else if room {
            self.held.push((line, entry));
        }
    }

    /// Adds the held lines that belong after all, in line order.
    fn finish(self, kept: &mut Vec<(usize, Entry)>) {
        let c = &self.community;
        let belongs = |e: &Entry| match e {
            Entry::Record(r) => c.has_record(r),
            Entry::Document { key, .. } => c.has_doc(key),
        };
        kept.extend(self.held.into_iter().filter(|(_, e)| belongs(e)));
        kept.sort_by_key(|(line, _)| *line);
    }
}

/// The next line of `input` (line number `line`) in `buf`, without its line break;
/// `None` at the end. At most `max` bytes are read past the line's start.
fn next_line<'b>(
    input: &mut impl BufRead,
    buf: &'b mut Vec<u8>,
    line: usize,
    max: usize,
) -> Result<Option<&'b str>, ImportError> {
    buf.clear();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(2);
    let n = input
        .by_ref()
        .take(limit)
        .read_until(b'\n', buf)
        .map_err(|e| ImportError::Read {
            line,
            reason: e.to_string(),
        })?;
    if n == 0 {
        return Ok(None);
    }
    let mut end = buf.len();
    for b in [b'\n', b'\r'] {
        if end > 0 && buf[end - 1] == b {
            end -= 1;
        }
    }
    if end > max {
        return Err(ImportError::TooLong { line, max });
    }
    let text = std::str::from_utf8(&buf[..end]).map_err(|e| ImportError::Read {
        line,
        reason: format!("not UTF-8 text (byte {})", e.valid_up_to() + 1),
    })?;
    Ok(Some(text))
}

/// Refuses `entry` (line `line`) when an earlier line had its key, or its game id.
fn unique(
    entry: &Entry,
    line: usize,
    keys: &mut HashMap<String, usize>,
    ids: &mut HashMap<String, usize>,
) -> Result<(), ImportError> {
    if let Some(first) = keys.insert(entry.key(), line) {
        return Err(ImportError::Twice {
            first,
            second: line,
            key: entry.key(),
        });
    }
    if let Entry::Record(r) = entry {
        if let Some(first) = ids.insert(r.id.clone(), line) {
            return Err(ImportError::SameId {
                first,
                second: line,
                id: r.id.clone(),
            });
        }
    }
    Ok(())
}
