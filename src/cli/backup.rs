//! `mancala-bot export` and `import`: every record and document of a data directory as
//! JSON lines, and back (the checks and the format are the core's
//! [`mancala_bot::core::backup`]).

use std::io::{BufRead, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use std::sync::Arc;

use anyhow::Context;
use mancala_bot::core::backup;
use mancala_bot::core::text::count;
use mancala_bot::store::Store;

use crate::cli::setup::open_store;

/// Which store `export` and `import` use: exactly one of a sled data directory, the
/// PostgreSQL database in `$MANCALA_POSTGRES_URL`, or the store a config file names.
#[derive(clap::Args, Debug)]
#[group(required = true, multiple = false)]
pub struct StoreArgs {
    /// The data directory of a sled store (the store is DIR/store).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// The PostgreSQL database whose connection string is in $MANCALA_POSTGRES_URL.
    #[arg(long)]
    pub postgres: bool,
    /// The store the config file names ([store] backend, data_dir).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// Where the store of `args` is, as [`StoreArgs`] names it.
enum Target {
    /// A sled store in this data directory, with the running bot's snapshots in the
    /// second.
    Sled(PathBuf, PathBuf),
    /// PostgreSQL at this connection string, with this many connections.
    Postgres(String, u32),
}

impl StoreArgs {
    fn target(&self) -> anyhow::Result<Target> {
        use mancala_bot::config::{self, Backend, Config};
        if self.postgres {
            let url = config::postgres_url_from(config::POSTGRES_URL_VAR)?;
            return Ok(Target::Postgres(url, 4));
        }
        if let Some(dir) = &self.data {
            config::check_data_dir(dir)?;
            return Ok(Target::Sled(
                dir.clone(),
                Config::default().backup.dir_in(dir),
            ));
        }
        let path = self.config.as_deref().unwrap_or(Path::new("config.toml"));
        let cfg = crate::cli::setup::load_config(Some(path), None)?;
        Ok(match cfg.store.backend {
            Backend::Sled => Target::Sled(cfg.data_dir.clone(), cfg.backup_dir()),
            Backend::Postgres => Target::Postgres(cfg.store.postgres_url()?, 4),
        })
    }
}

/// Opens the store of `target`; `existing`: a sled directory must already hold one.
fn open_target(target: &Target, existing: bool) -> anyhow::Result<Arc<dyn Store>> {
    match target {
        Target::Postgres(url, pool) => crate::cli::setup::open_postgres(url, *pool),
        Target::Sled(dir, _) => {
            // Opening would create an empty store: a mistyped directory must be an error.
            let path = dir.join("store");
            if existing && !path.is_dir() {
                anyhow::bail!(
                    "no store at {}: is --data the bot's data directory?",
                    path.display()
                );
            }
            let store = open_store(dir, 32).map_err(|e| locked_hint(e, dir))?;
            Ok(Arc::new(store))
        }
    }
}

/// Arguments of `mancala-bot export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The store to read.
    #[command(flatten)]
    pub store: StoreArgs,
    /// Only this community's records and documents (a Discord guild id, a Matrix
    /// community, `console`): to move one community to another store.
    #[arg(long, value_name = "ID")]
    pub community: Option<String>,
}

/// `mancala-bot export --data DIR | --postgres | --config FILE`: every record (channels'
/// games and challenges, then the finished games), then every document (ratings and
/// their history, tournaments, channel settings, players' preferences) as
/// `{"doc": KEY, "value": JSON}`, one JSON object per line on standard output, as of one
/// instant ([`Store::quiesced`]: PostgreSQL's other writers go on meanwhile).
///
/// # Errors
/// The store cannot be opened or a record or document cannot be read (naming its key).
pub fn export(args: ExportArgs) -> anyhow::Result<ExitCode> {
    let target = args.store.target()?;
    if let Target::Sled(dir, backups) = &target {
        if let Some(pid) = crate::cli::snapshot::running_bot(dir) {
            return export_live(pid, backups, args.community.as_deref());
        }
    }
    let store = open_target(&target, true)?;
    let stdout = std::io::stdout();
    // On a terminal (standard error), a spinner counts the bytes written.
    let progress = crate::cli::progress::bytes(0, "exported");
    let mut out = std::io::BufWriter::new(progress.wrap_write(stdout.lock()));
    let mut result = Ok(());
    store.quiesced(&mut || {
        result = backup::export_of(&*store, args.community.as_deref(), &mut out);
        Ok(())
    })?;
    result?;
    out.flush().context("writing to standard output")?;
    progress.finish_and_clear();
    if let Some(c) = &args.community {
        if progress.position() == 0 {
            eprintln!(
                "note: the store holds no record and no document of community {c:?}: nothing \
                 was exported (communities are Discord guild ids, `console`, or Matrix ids)"
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// How long `export` waits for the running bot's fresh snapshot.
const FRESH_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

/// `export` of a data directory the running bot `pid` holds: it is asked for a fresh
/// snapshot in `backups` (SIGUSR1), which is exported; if it gives none in time, its
/// newest one is. Standard error says which. With `community`, only that community's
/// lines (the snapshot is read and checked as `import` reads it).
///
/// # Errors
/// No snapshot at all, or one that cannot be read.
fn export_live(pid: i32, backups: &Path, community: Option<&str>) -> anyhow::Result<ExitCode> {
    use crate::cli::snapshot;
    let (snap, which) = match snapshot::ask_fresh(pid, backups, FRESH_WAIT) {
        Ok(snap) => (snap, "a snapshot it took now".to_string()),
        Err(why) => match snapshot::newest(backups) {
            Some(snap) => (snap, format!("its newest snapshot, as {why}")),
            None => anyhow::bail!(
                "the store is in use by the running bot (pid {pid}), {why}, and it has no \
                 snapshot in {}",
                backups.display()
            ),
        },
    };
    let file =
        std::fs::File::open(&snap).with_context(|| format!("cannot read {}", snap.display()))?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match community {
        None => {
            std::io::copy(&mut std::io::BufReader::new(file), &mut out)
                .context("writing to standard output")?;
        }
        Some(c) => {
            let opts = backup::ReadOptions {
                community: Some(c),
                ..backup::ReadOptions::default()
            };
            let lines = backup::read_with(std::io::BufReader::new(file), opts)
                .map_err(|e| anyhow::anyhow!("{} {e}", snap.display()))?;
            for (_, entry) in &lines.entries {
                writeln!(out, "{}", entry.to_line()).context("writing to standard output")?;
            }
        }
    }
    out.flush().context("writing to standard output")?;
    eprintln!(
        "the store is in use by the running bot (pid {pid}): exported {which}, {}",
        snap.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `mancala-bot import`.
#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// The store to write (a sled data directory is created if missing).
    #[command(flatten)]
    pub store: StoreArgs,
    /// The JSON lines of `export`; `-` reads standard input.
    pub file: PathBuf,
    /// Only this community's records and documents (a Discord guild id, a Matrix
    /// community, `console`; its tournaments' games in rooms elsewhere included); every
    /// line of the file is still checked.
    #[arg(long, value_name = "ID")]
    pub community: Option<String>,
}

/// `mancala-bot import --data DIR | --postgres | --config FILE [--community ID] FILE`:
/// reads and checks every line first, one at a time and each at most
/// [`backup::MAX_LINE_BYTES`] ([`backup::read_with`]: each game replayed by the rules,
/// each document as the bot writes it, every id and time in range), before the store
/// is even opened, keeping only the community's lines with `--community`; then writes
/// them all in one transaction ([`backup::import`]). Records and documents already present
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
    let opts = backup::ReadOptions {
        community: args.community.as_deref(),
        ..backup::ReadOptions::default()
    };
    let lines = backup::read_with(input, opts).map_err(nothing);
    progress.finish_and_clear();
    let lines = lines?;
    if let (Some(c), true) = (&args.community, lines.entries.is_empty()) {
        anyhow::bail!(
            "{} holds no record and no document of community {c:?}; nothing was imported \
             (communities are Discord guild ids, `console`, or Matrix ids)",
            name(file)
        );
    }
    let store = open_target(&args.store.target()?, false)?;
    let counts = backup::import(&*store, &lines).map_err(nothing)?;
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
