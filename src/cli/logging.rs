//! The logs (issue "Ready to host"): standard error as text or JSON lines, the default
//! filter, and the start line.

use mancala_bot::config::{Backend, Config};

/// The format of the log lines (`--log-format`, or `$MANCALA_LOG_FORMAT`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Lines for people, in colour on a terminal without `NO_COLOR`.
    #[default]
    Text,
    /// One JSON object a line, for log collectors: `timestamp`, `level`, `target`,
    /// `message` and the event's fields at the top level.
    Json,
}

/// The log filter without `RUST_LOG`: warnings and errors, and the bot's own info lines
/// (start, snapshots, stop, transports connecting), not its libraries'.
pub const DEFAULT_LOG_FILTER: &str = "warn,mancala_bot=info";

/// Logs to standard error in `format`, filtered by `RUST_LOG` (default
/// [`DEFAULT_LOG_FILTER`]); text is in colour only on a terminal without `NO_COLOR`
/// (issue 18). The Discord gateway's frames (which carry the token) are never logged.
pub fn init_tracing(format: LogFormat) {
    use std::io::IsTerminal;
    let filter = mancala_bot::transport::discord::log_filter(
        tracing_subscriber::EnvFilter::try_from_default_env()
            .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(DEFAULT_LOG_FILTER)),
    );
    let builder = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(filter);
    let _ = match format {
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .with_span_list(false)
            .try_init(),
        LogFormat::Text => {
            // Colour only on a terminal, and never with NO_COLOR set (https://no-color.org):
            // escape codes in a log file or a journal are noise.
            let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            builder.with_ansi(colour).try_init()
        }
    };
}

/// Logs the start line: version and git hash, the transports started (`discord`,
/// `matrix`, `console`), the store (sled's path, or PostgreSQL's host and database,
/// never its user or password), the data directory and the web listen address (`none`
/// without one).
pub fn log_start(cfg: &Config, transports: &[&str], listen: Option<&str>) {
    tracing::info!(
        version = env!("CARGO_PKG_VERSION"),
        git = env!("MANCALA_GIT_HASH"),
        transports = %transports.join(","),
        store = %store_text(cfg),
        data_dir = %cfg.data_dir.display(),
        listen = listen.unwrap_or("none"),
        "mancala-bot starting"
    );
}

/// The store of `cfg` for the start line: `sled PATH`, or `postgres HOST:PORT/DB`.
pub fn store_text(cfg: &Config) -> String {
    match cfg.store.backend {
        Backend::Sled => format!("sled {}", cfg.data_dir.join("store").display()),
        Backend::Postgres => format!("postgres {}", postgres_place(cfg)),
    }
}

/// Where the PostgreSQL store of `cfg` is: hosts, port and database, never the user or
/// password.
#[cfg(feature = "postgres")]
fn postgres_place(cfg: &Config) -> String {
    let var = &cfg.store.postgres_url_env;
    let Ok(url) = cfg.store.postgres_url() else {
        return format!("(${var} not set)");
    };
    mancala_bot::store::PgStore::place_of(&url)
        .unwrap_or_else(|| format!("(${var} is not a connection string)"))
}

/// Without the `postgres` feature the check refuses a PostgreSQL store first.
#[cfg(not(feature = "postgres"))]
fn postgres_place(_cfg: &Config) -> String {
    "(not in this build)".into()
}
