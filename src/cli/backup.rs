//! `mancala-bot export` and `import`: every record and document of a data directory as
//! JSON lines, and back.

use std::io::{BufRead, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use mancala_bot::core::text::count;
use mancala_bot::store::keys::{DocKey, DocPrefix};
use mancala_bot::store::{Imported, Record, Status, Store};

use crate::cli::run::open_store;

/// Arguments of `mancala-bot export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The data directory (the store is DIR/store).
    #[arg(long)]
    pub data: PathBuf,
}

/// `mancala-bot export --data DIR`: every record (channels' games and challenges, then
/// the finished games), then every document (ratings and their history, tournaments,
/// channel settings, players' preferences) as `{"doc": KEY, "value": JSON}`, one JSON
/// object per line on standard output.
///
/// # Errors
/// The store cannot be opened or a record or document cannot be read (naming its key).
pub fn export(args: ExportArgs) -> anyhow::Result<ExitCode> {
    // Opening would create an empty store: a mistyped directory must be an error.
    let path = args.data.join("store");
    if !path.is_dir() {
        anyhow::bail!(
            "no store at {}: is --data the bot's data directory?",
            path.display()
        );
    }
    let store = open_store(&args.data, 32)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed: Option<std::io::Error> = None;
    store.for_each(&mut |r: &Record| {
        if failed.is_none() {
            let line = serde_json::to_string(r).expect("a record always serializes");
            if let Err(e) = writeln!(out, "{line}") {
                failed = Some(e);
            }
        }
        Ok(())
    })?;
    if let Some(e) = failed {
        return Err(e).context("writing to standard output");
    }
    for (key, bytes) in store.docs(&DocPrefix::All)? {
        let value: serde_json::Value = serde_json::from_slice(&bytes)
            .with_context(|| format!("document {key} is not JSON"))?;
        let line = serde_json::json!({ "doc": key.to_string(), "value": value });
        writeln!(out, "{line}").context("writing to standard output")?;
    }
    out.flush().context("writing to standard output")?;
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `mancala-bot import`.
#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// The data directory (the store is DIR/store; created if missing).
    #[arg(long)]
    pub data: PathBuf,
    /// The JSON lines of `export`; `-` reads standard input.
    pub file: PathBuf,
}

/// `mancala-bot import --data DIR FILE`: checks every line first (each game is replayed
/// by the rules), then writes them: records, and the documents of `export`. Records and
/// documents already present unchanged are skipped; a different one on the same key is
/// an error naming it, and nothing is written.
///
/// # Errors
/// An unreadable file, a bad line (naming its number), a store failure or a clash.
pub fn import(args: ImportArgs) -> anyhow::Result<ExitCode> {
    let backup = read_backup(&args.file)?;
    backup.check_keys(&args.file)?;
    let store = open_store(&args.data, 32)?;
    let new_docs = backup.check_against(&store, &args.file)?;
    backup.write(&store, new_docs)?;
    Ok(ExitCode::SUCCESS)
}

/// The checked lines of a backup file, each with its line number (from 1).
struct Backup {
    records: Vec<(usize, Record)>,
    documents: Vec<(usize, DocKey, serde_json::Value)>,
}

/// One line of a backup file.
enum Line {
    Record(Box<Record>),
    Document(DocKey, serde_json::Value),
}

/// Step 1 of `import`: reads `file` (`-`: standard input) and checks each line on its
/// own; blank lines are skipped.
fn read_backup(file: &Path) -> anyhow::Result<Backup> {
    let reader: Box<dyn BufRead> = if file.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::io::BufReader::new(
            std::fs::File::open(file).with_context(|| format!("cannot read {}", file.display()))?,
        ))
    };
    let mut backup = Backup {
        records: Vec::new(),
        documents: Vec::new(),
    };
    for (i, line) in reader.lines().enumerate() {
        let line = line.with_context(|| format!("reading {}", file.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        match parse_line(&line)
            .map_err(|why| anyhow::anyhow!("{} line {}: {why:#}", file.display(), i + 1))?
        {
            Line::Record(r) => backup.records.push((i + 1, *r)),
            Line::Document(key, value) => backup.documents.push((i + 1, key, value)),
        }
    }
    Ok(backup)
}

/// One line: a document (`{"doc": KEY, "value": JSON}`, checked by the core) or a game
/// record (replayed by the rules when it deserializes, its status checked against its
/// game, its format version no newer than this build's).
fn parse_line(line: &str) -> anyhow::Result<Line> {
    if let Ok(serde_json::Value::Object(mut doc)) = serde_json::from_str(line) {
        if let Some(serde_json::Value::String(key)) = doc.remove("doc") {
            let value = doc
                .remove("value")
                .filter(|_| doc.is_empty())
                .ok_or_else(|| {
                    anyhow::anyhow!("a document line holds exactly `doc` and `value`")
                })?;
            let key = mancala_bot::core::check_document(&key, &value)
                .map_err(|why| anyhow::anyhow!("document {key}: {why}"))?;
            return Ok(Line::Document(key, value));
        }
    }
    let r: Record = serde_json::from_str(line).context("not a game record")?;
    if r.format_version > mancala_bot::store::FORMAT_VERSION {
        anyhow::bail!(
            "format version {} is newer than this build's {}",
            r.format_version,
            mancala_bot::store::FORMAT_VERSION
        );
    }
    consistent(&r).map_err(|why| anyhow::anyhow!("{why}"))?;
    Ok(Line::Record(Box::new(r)))
}

impl Backup {
    /// Step 2 of `import`: no two lines for one key.
    fn check_keys(&self, file: &Path) -> anyhow::Result<()> {
        let mut keys = std::collections::HashMap::new();
        let doc_keys = self
            .documents
            .iter()
            .map(|(line, key, _)| (*line, format!("document {key}")));
        for (line, key) in self
            .records
            .iter()
            .map(|(l, r)| (*l, import_key(r)))
            .chain(doc_keys)
        {
            if let Some(first) = keys.insert(key.clone(), line) {
                anyhow::bail!(
                    "{} lines {first} and {line} are both for {key}; nothing was imported",
                    file.display()
                );
            }
        }
        Ok(())
    }

    /// Step 3 of `import`: nothing different is already stored under a line's key.
    /// Returns the documents not yet stored, serialized, to write.
    fn check_against<'a>(
        &'a self,
        store: &impl Store,
        file: &Path,
    ) -> anyhow::Result<Vec<(&'a DocKey, Vec<u8>)>> {
        for (line, r) in &self.records {
            let stored = if r.status == Status::Finished {
                store.finished(&r.id)?
            } else {
                store.load(&r.at)?.map(|s| s.record)
            };
            if let Some(old) = stored {
                if serde_json::to_value(&old)? != serde_json::to_value(r)? {
                    anyhow::bail!(
                        "{} line {line}: the store already holds a different record for {}; \
                         nothing was imported",
                        file.display(),
                        import_key(r)
                    );
                }
            }
        }
        let mut new_docs = Vec::new();
        for (line, key, value) in &self.documents {
            match store.doc(key)? {
                None => new_docs.push((key, serde_json::to_vec(value)?)),
                Some(old)
                    if serde_json::from_slice::<serde_json::Value>(&old)
                        .ok()
                        .as_ref()
                        == Some(value) => {}
                Some(_) => anyhow::bail!(
                    "{} line {line}: the store already holds a different document {key}; \
                     nothing was imported",
                    file.display()
                ),
            }
        }
        Ok(new_docs)
    }

    /// Step 4 of `import`: writes the records (those already present unchanged are
    /// skipped) and `new_docs`, and says on standard error what was imported.
    fn write(&self, store: &impl Store, new_docs: Vec<(&DocKey, Vec<u8>)>) -> anyhow::Result<()> {
        let (mut added, mut same) = (0, 0);
        for (_, r) in &self.records {
            match store.import(r)? {
                Imported::Added => added += 1,
                Imported::Unchanged => same += 1,
            }
        }
        let docs_added = new_docs.len();
        for (key, bytes) in new_docs {
            if !store.write_doc(key, None, Some(&bytes))? {
                anyhow::bail!("document {key} was written by someone else during the import");
            }
        }
        eprintln!(
            "imported {} ({same} already present) and {} ({} already present)",
            count(added, "record", "records"),
            count(docs_added, "document", "documents"),
            self.documents.len() - docs_added
        );
        Ok(())
    }
}

/// The key a record is imported under: its game id once finished, else its channel.
fn import_key(r: &Record) -> String {
    if r.status == Status::Finished {
        format!("game {}", r.id)
    } else {
        format!("channel {}/{}", r.at.community, r.at.channel)
    }
}

/// Whether a record's status agrees with its game: a challenge has no game yet, a game
/// in play has no result, a finished one has one.
fn consistent(r: &Record) -> Result<(), String> {
    match (r.status, &r.play, r.result()) {
        (Status::Challenge, None, _) => Ok(()),
        (Status::Challenge, Some(_), _) => Err("a challenge record holds a game".into()),
        (_, None, _) => Err(format!("status {:?} but no game", r.status)),
        (Status::Playing, Some(_), None) | (Status::Finished, Some(_), Some(_)) => Ok(()),
        (Status::Playing, Some(_), Some(_)) => Err("status playing but the game is over".into()),
        (Status::Finished, Some(_), None) => Err("status finished but the game goes on".into()),
    }
}
