//! Wiring: `mancala-bot run`, `export` and `import`, and the one place where the
//! production painter and the Discord transport are plugged in.

use std::io::{BufRead, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;

use crate::bot::{Core, SystemClock};
use crate::chat::{ChannelKey, Rooms};
use crate::config::Config;
use crate::picture::Painter;
use crate::store::{Imported, Record, SledStore, Status, Store};

/// The board painter of the running bot (console, run): the renderer (fonts parsed and
/// empty boards cached once), its one-time preparation started on a background thread
/// so that neither start-up nor the first move waits for it.
pub fn default_painter() -> Arc<dyn Painter> {
    let renderer = Arc::new(crate::render::Renderer::new());
    let warm = Arc::clone(&renderer);
    std::thread::spawn(move || warm.prepare());
    renderer
}

/// Opens the store of the data directory `data_dir` (the sled database is in
/// `DATA_DIR/store`).
///
/// # Errors
/// Naming the path, when the store cannot be opened (see [`SledStore::open`]).
pub fn open_store(data_dir: &Path, cache_mb: u64) -> anyhow::Result<SledStore> {
    Ok(SledStore::open(&data_dir.join("store"), cache_mb << 20)?)
}

/// The core of `cfg`: its store, [`default_painter`], the system clock.
///
/// # Errors
/// A bad setting, or a store that cannot be opened.
pub fn build_core(cfg: &Config) -> anyhow::Result<Core> {
    let settings = cfg.settings()?;
    let store = open_store(&cfg.data_dir, cfg.limits.store_cache_mb)?;
    Ok(Core::new(
        Arc::new(store),
        default_painter(),
        Arc::new(SystemClock),
        settings,
    ))
}

/// Logs to standard error, filtered by `RUST_LOG` (default `warn`).
pub fn init_tracing() {
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(crate::discord::redact_log_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        ))
        .try_init();
}

/// Arguments of `mancala-bot run` (also what `mancala-bot` with no subcommand does).
#[derive(clap::Args, Debug, Default)]
pub struct RunArgs {
    /// The TOML config file (see config.example.toml); without it, the defaults.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Override the config's data directory.
    #[arg(long)]
    pub data: Option<PathBuf>,
}

/// Loads the config at `path` (defaults without one) and applies a `--data` override.
///
/// # Errors
/// As [`Config::load`].
pub fn load_config(path: Option<&Path>, data: Option<&Path>) -> anyhow::Result<Config> {
    let mut cfg = match path {
        Some(p) => Config::load(p)?,
        None => Config::default(),
    };
    if let Some(d) = data {
        cfg.data_dir = d.to_path_buf();
    }
    Ok(cfg)
}

/// `mancala-bot run`: starts the transports configured: Discord when a token is
/// configured, Matrix when a homeserver is (both share one core and store), else the
/// console transport. Runs until a transport fails or Ctrl-C.
///
/// # Errors
/// A bad config, a store that cannot be opened, a transport that fails, or a Matrix
/// homeserver configured in a build without the `matrix` feature.
pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    init_tracing();
    let cfg = load_config(args.config.as_deref(), args.data.as_deref())?;
    let discord = cfg.discord_token();
    let matrix = cfg.matrix.homeserver_url().is_some();
    if discord.is_none() && !matrix {
        return crate::console::run_console(&cfg);
    }
    if matrix {
        if !cfg!(feature = "matrix") {
            anyhow::bail!(
                "a Matrix homeserver is configured (matrix.homeserver or ${}), but this build has \
                 no Matrix transport: build with `cargo build --release --features matrix`, or \
                 unset it",
                cfg.matrix.homeserver_env
            );
        }
        cfg.matrix.login()?;
    }
    let core = Arc::new(build_core(&cfg)?);
    let discord_rooms = discord
        .as_ref()
        .map(|_| Arc::new(crate::discord::rooms::DiscordRooms::new()));
    core.set_rooms(Arc::new(TransportRooms {
        discord: discord_rooms.clone(),
    }));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let mut transports = tokio::task::JoinSet::new();
        if let (Some(token), Some(rooms)) = (discord, discord_rooms) {
            let (cfg, core) = (cfg.clone(), core.clone());
            transports.spawn(async move { start_discord(&cfg, core, rooms, token).await });
        }
        if matrix {
            let (cfg, core) = (cfg.clone(), core.clone());
            transports.spawn(async move { start_matrix(&cfg, core).await });
        }
        tokio::select! {
            done = transports.join_next() => match done {
                Some(Ok(Err(e))) => Err(e),
                Some(Err(e)) => Err(anyhow::Error::new(e).context("a transport panicked")),
                Some(Ok(Ok(()))) | None => Ok(ExitCode::SUCCESS),
            },
            _ = tokio::signal::ctrl_c() => {
                eprintln!("stopping");
                Ok(ExitCode::SUCCESS)
            }
        }
    })
}

/// Runs the Discord transport over `core` with `token`, running `cfg.discord.shards`
/// (one shard when `None`), until it stops. `core` is shared with the Matrix transport
/// when both are configured (one store per process). Tournament games get a thread each
/// (`rooms`, which [`crate::discord::run`] attaches to the client).
async fn start_discord(
    cfg: &Config,
    core: Arc<Core>,
    rooms: Arc<crate::discord::rooms::DiscordRooms>,
    token: String,
) -> anyhow::Result<()> {
    use crate::discord::{CommandRegistration, DiscordOptions, Sharding};
    let core: Arc<dyn crate::chat::ChatCore> = core;
    let mut opts = DiscordOptions::new(token);
    opts.rooms = Some(rooms);
    opts.organizer_role = cfg.discord.organizer_role;
    opts.sharding = match cfg.discord.shards {
        Some(s) => Sharding::Range {
            first: s.first,
            last: s.last,
            total: s.total,
        },
        None => Sharding::Single,
    };
    opts.message_content = cfg.discord.message_content;
    opts.register = cfg
        .discord
        .register_guild
        .map_or(CommandRegistration::Global, CommandRegistration::Guild);
    opts.api_base = cfg.discord.api_base.clone();
    crate::discord::run(opts, core).await.context("Discord")
}

/// The rooms of tournament games in `run`: a Discord thread for a guild's tournament; a
/// Matrix room cannot be opened for a game yet, so a tournament created in a Matrix room
/// is refused, saying why ([`Rooms::can_open`]).
struct TransportRooms {
    discord: Option<Arc<crate::discord::rooms::DiscordRooms>>,
}

/// Why a tournament cannot be created where it was asked for.
const NO_ROOMS: &str = "tournaments cannot run on Matrix yet: each game needs a room of \
     its own, which the bot cannot open there; run it on Discord, or play its games as \
     ordinary challenges";

impl TransportRooms {
    /// Discord's rooms when `home` is a Discord channel of this process.
    fn discord_for(
        &self,
        home: &ChannelKey,
    ) -> Result<&Arc<crate::discord::rooms::DiscordRooms>, String> {
        self.discord
            .as_ref()
            .filter(|_| crate::discord::adapter::is_discord(&home.community))
            .ok_or_else(|| NO_ROOMS.to_string())
    }
}

impl Rooms for TransportRooms {
    fn open(&self, home: &ChannelKey, name: &str) -> Result<ChannelKey, String> {
        self.discord_for(home)?.open(home, name)
    }

    fn can_open(&self, home: &ChannelKey) -> Result<(), String> {
        self.discord_for(home).map(|_| ())
    }
}

/// Runs the Matrix transport over `core` until it fails.
#[cfg(feature = "matrix")]
async fn start_matrix(cfg: &Config, core: Arc<Core>) -> anyhow::Result<()> {
    crate::matrix::run(cfg, core).await.context("Matrix")
}

/// Without the `matrix` feature: unreachable, [`run`] refuses a Matrix config first.
#[cfg(not(feature = "matrix"))]
async fn start_matrix(cfg: &Config, core: Arc<Core>) -> anyhow::Result<()> {
    let _ = (cfg, core);
    anyhow::bail!("this build has no Matrix transport: build with `--features matrix`")
}

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
    for (key, bytes) in store.docs("")? {
        let value: serde_json::Value = serde_json::from_slice(&bytes)
            .with_context(|| format!("document {key} is not JSON"))?;
        let line = serde_json::json!({ "doc": key, "value": value });
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
    let reader: Box<dyn BufRead> = if args.file.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::io::BufReader::new(
            std::fs::File::open(&args.file)
                .with_context(|| format!("cannot read {}", args.file.display()))?,
        ))
    };
    let mut records = Vec::new();
    let mut documents: Vec<(usize, String, serde_json::Value)> = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line.with_context(|| format!("reading {}", args.file.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        if let Ok(serde_json::Value::Object(mut doc)) = serde_json::from_str(&line) {
            if let Some(serde_json::Value::String(key)) = doc.remove("doc") {
                let value = doc
                    .remove("value")
                    .filter(|_| doc.is_empty())
                    .ok_or_else(|| {
                        anyhow::anyhow!(
                            "{} line {}: a document line holds exactly `doc` and `value`",
                            args.file.display(),
                            i + 1
                        )
                    })?;
                crate::bot::check_document(&key, &value).map_err(|why| {
                    anyhow::anyhow!(
                        "{} line {}: document {key}: {why}",
                        args.file.display(),
                        i + 1
                    )
                })?;
                documents.push((i + 1, key, value));
                continue;
            }
        }
        let r: Record = serde_json::from_str(&line).with_context(|| {
            format!("{} line {}: not a game record", args.file.display(), i + 1)
        })?;
        if r.format_version > crate::store::FORMAT_VERSION {
            anyhow::bail!(
                "{} line {}: format version {} is newer than this build's {}",
                args.file.display(),
                i + 1,
                r.format_version,
                crate::store::FORMAT_VERSION
            );
        }
        consistent(&r)
            .map_err(|why| anyhow::anyhow!("{} line {}: {why}", args.file.display(), i + 1))?;
        records.push((i + 1, r));
    }
    // Nothing is written unless every line can be: no two lines for one key, and no
    // different record already stored under a line's key.
    let mut keys = std::collections::HashMap::new();
    let doc_keys = documents
        .iter()
        .map(|(line, key, _)| (*line, format!("document {key}")));
    for (line, key) in records
        .iter()
        .map(|(l, r)| (*l, import_key(r)))
        .chain(doc_keys)
    {
        if let Some(first) = keys.insert(key.clone(), line) {
            anyhow::bail!(
                "{} lines {first} and {line} are both for {key}; nothing was imported",
                args.file.display()
            );
        }
    }
    let store = open_store(&args.data, 32)?;
    for (line, r) in &records {
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
                    args.file.display(),
                    import_key(r)
                );
            }
        }
    }
    let mut new_docs = Vec::new();
    for (line, key, value) in &documents {
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
                args.file.display()
            ),
        }
    }
    let records: Vec<Record> = records.into_iter().map(|(_, r)| r).collect();
    let (mut added, mut same) = (0, 0);
    for r in &records {
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
        "imported {added} records ({same} already present) and {docs_added} documents ({} already present)",
        documents.len() - docs_added
    );
    Ok(ExitCode::SUCCESS)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn key(community: &str) -> ChannelKey {
        ChannelKey {
            community: community.into(),
            channel: "c".into(),
        }
    }

    #[test]
    fn tournaments_get_discord_threads_and_are_refused_on_matrix() {
        let both = TransportRooms {
            discord: Some(Arc::new(crate::discord::rooms::DiscordRooms::new())),
        };
        assert_eq!(both.can_open(&key("900000000000000001")), Ok(()));
        assert_eq!(
            both.can_open(&key("!room:example.org")),
            Err(NO_ROOMS.into())
        );
        assert_eq!(
            both.open(&key("!room:example.org"), "tourney-x-r1-b1"),
            Err(NO_ROOMS.into())
        );
        let matrix_only = TransportRooms { discord: None };
        assert_eq!(
            matrix_only.can_open(&key("!room:example.org")),
            Err(NO_ROOMS.into())
        );
    }
}
