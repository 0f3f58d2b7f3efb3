//! `mancala-bot export` and `import`: every record and document of a data directory as
//! JSON lines, and back (the checks and the format are the core's
//! [`mancala_bot::core::backup`]).

use std::io::{BufRead, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use mancala_bot::core::backup;
use mancala_bot::core::text::count;

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
    let store = open_store(&args.data, 32).map_err(|e| locked_hint(e, &args.data))?;
    let stdout = std::io::stdout();
    // On a terminal (standard error), a spinner counts the bytes written.
    let progress = crate::cli::progress::bytes(0, "exported");
    let mut out = std::io::BufWriter::new(progress.wrap_write(stdout.lock()));
    backup::export(&store, &mut out)?;
    out.flush().context("writing to standard output")?;
    progress.finish_and_clear();
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

/// `mancala-bot import --data DIR FILE`: reads and checks every line first
/// ([`backup::read`]: each game replayed by the rules, each document as the bot writes
/// it, every id and time in range), before the store is even opened; then writes them
/// all in one transaction ([`backup::import`]). Records and documents already present
/// unchanged are skipped; a different one on the same key refuses the whole import.
///
/// # Errors
/// An unreadable file, the first bad line (its number and fault, once), a clash or a
/// store failure; nothing is written then.
pub fn import(args: ImportArgs) -> anyhow::Result<ExitCode> {
    let file = &args.file;
    // Checking is the long part (every game replayed): on a terminal, a bar over the
    // file's bytes (a spinner for standard input).
    let (input, size): (Box<dyn std::io::Read>, u64) = if file.as_os_str() == "-" {
        (Box::new(std::io::stdin().lock()), 0)
    } else {
        let f =
            std::fs::File::open(file).with_context(|| format!("cannot read {}", file.display()))?;
        let size = f.metadata().map_or(0, |m| m.len());
        (Box::new(f), size)
    };
    let progress = crate::cli::progress::bytes(size, "checked");
    let input: Box<dyn BufRead> = Box::new(std::io::BufReader::new(progress.wrap_read(input)));
    let nothing =
        |e: backup::ImportError| anyhow::anyhow!("{} {e}; nothing was imported", name(file));
    let lines = backup::read(input).map_err(nothing);
    progress.finish_and_clear();
    let lines = lines?;
    let store = open_store(&args.data, 32)?;
    let counts = backup::import(&store, &lines).map_err(nothing)?;
    eprintln!(
        "imported {} ({} already present) and {} ({} already present)",
        count(counts.records_added, "record", "records"),
        counts.records_present,
        count(counts.docs_added, "document", "documents"),
        counts.docs_present
    );
    Ok(ExitCode::SUCCESS)
}

/// A store locked by the running bot: say where its newest snapshot is (in the default
/// `DATA_DIR/backups`) and how to take a fresh one.
fn locked_hint(e: anyhow::Error, data: &Path) -> anyhow::Error {
    use crate::cli::snapshot;
    let text = format!("{e:#}");
    if !text.contains("another mancala-bot") {
        return e;
    }
    let pid = std::fs::read_to_string(data.join(snapshot::PID_FILE))
        .map(|p| p.trim().to_string())
        .unwrap_or_else(|_| "PID".to_string());
    let dir = data.join("backups");
    let newest = match snapshot::newest(&dir) {
        Some(s) => format!("its newest snapshot is {}", s.display()),
        None => format!("it has no snapshot in {} yet", dir.display()),
    };
    anyhow::anyhow!(
        "the store is in use by the running bot (pid {pid}): {newest}; take a fresh one \
         with `kill -USR1 {pid}` (it appears in {}), and read or import that instead",
        dir.display()
    )
}

/// The file as messages name it: its path, or `standard input`.
fn name(file: &Path) -> String {
    if file.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        file.display().to_string()
    }
}
