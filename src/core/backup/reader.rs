//! Reading a backup: line by line from any reader, each line at most
//! [`MAX_LINE_BYTES`] (a longer one is refused by number before it is held whole), each
//! checked ([`super::check_line`]) and then dropped unless it is kept: every line
//! without a community filter, else only the lines of that community ([`Community`]).

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, Read};

use super::json;
use super::{check_line, Backup, Entry, ImportError};
use crate::model::ChannelKey;
use crate::store::keys::DocKey;
use crate::store::Record;

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

/// Which records and documents belong to one community, for `export --community` and
/// `import --community`:
/// - a record of a channel of the community, or a game of one of its tournaments (a
///   game in a Matrix room, a community of its own, belongs to both: its result and
///   rating are the tournament community's);
/// - a document keyed by the community (its ratings and their history, tournaments,
///   channel settings, players' preferences), and the settings of a room of one of its
///   tournaments' games that lies in a community of its own (the room's language,
///   copied from the tournament's home channel).
#[derive(Debug)]
pub struct Community<'a> {
    id: &'a str,
    /// The rooms of its tournaments' games outside the community, seen so far.
    rooms: HashSet<ChannelKey>,
}

impl<'a> Community<'a> {
    /// The community `id`.
    pub fn new(id: &'a str) -> Community<'a> {
        Community {
            id,
            rooms: HashSet::new(),
        }
    }

    /// Whether `r` belongs to the community; a tournament game of the community in a
    /// room elsewhere is remembered, for [`Community::doc`].
    pub fn record(&mut self, r: &Record) -> bool {
        let linked = r
            .tournament
            .as_ref()
            .is_some_and(|l| l.key.community() == self.id);
        if linked && r.at.community != self.id {
            self.rooms.insert(r.at.clone());
        }
        linked || r.at.community == self.id
    }

    /// Whether the document `key` belongs to the community: keyed by it, or the
    /// settings of a room remembered by [`Community::record`] (an export writes the
    /// records first).
    pub fn doc(&self, key: &DocKey) -> bool {
        match key {
            DocKey::Chan(at) if self.rooms.contains(at) => true,
            _ => key.community() == self.id,
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
    let mut community = opts.community.map(Community::new);
    // Room settings read before their room's record (not as `export` orders lines).
    let mut early: Vec<(usize, Entry)> = Vec::new();
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
        // Some(keep or not); None: a Matrix room's settings, kept if its room turns up.
        let keep = match (&mut community, &entry) {
            (None, _) => Some(true),
            (Some(c), Entry::Record(r)) => Some(c.record(r)),
            (Some(c), Entry::Document { key, .. }) if c.doc(key) => Some(true),
            (
                Some(_),
                Entry::Document {
                    key: DocKey::Chan(at),
                    ..
                },
            ) if at.community == at.channel => None,
            _ => Some(false),
        };
        match keep {
            Some(true) => backup.entries.push((line, entry)),
            Some(false) => {}
            None => early.push((line, entry)),
        }
    }
    if let Some(c) = &community {
        for (line, entry) in early {
            if matches!(&entry, Entry::Document { key, .. } if c.doc(key)) {
                backup.entries.push((line, entry));
            }
        }
        backup.entries.sort_by_key(|(line, _)| *line);
    }
    Ok(backup)
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
