//! `mancala-bot config show` and `config check`: the effective settings (defaults, file,
//! environment, flags) as the bot would run with them ([`mancala_bot::config`]).

use std::path::PathBuf;
use std::process::ExitCode;

use mancala_bot::config::{load_settings, show, Source};

/// Arguments of `mancala-bot config`.
#[derive(clap::Args, Debug)]
pub struct ConfigArgs {
    /// What to do with the settings.
    #[command(subcommand)]
    pub cmd: ConfigCmd,
}

/// The `config` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum ConfigCmd {
    /// Print the effective settings as TOML that --config reads back, each value followed
    /// by where it came from (default, file, env VAR, --data); secrets hidden.
    Show(Sources),
    /// Check the effective settings: exit 1 naming the first bad one, as `run` would.
    Check(Sources),
}

/// Where the settings come from, besides the defaults and the environment.
#[derive(clap::Args, Debug)]
pub struct Sources {
    /// The TOML config file (see config.example.toml); without it, the defaults.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Override the data directory.
    #[arg(long)]
    pub data: Option<PathBuf>,
}

/// `mancala-bot config`.
///
/// # Errors
/// A bad setting (naming it, and its variable when it came from the environment), or
/// standard output closed.
pub fn main(args: ConfigArgs) -> anyhow::Result<ExitCode> {
    use std::io::Write as _;
    let (show, src) = match &args.cmd {
        ConfigCmd::Show(s) => (true, s),
        ConfigCmd::Check(s) => (false, s),
    };
    let loaded = load_settings(src.config.as_deref(), src.data.as_deref())?;
    let mut out = std::io::stdout().lock();
    if show {
        let is_set = |var: &str| std::env::var_os(var).is_some_and(|v| !v.is_empty());
        let text = show::render(&loaded, crate::cli::VERSION, &is_set)?;
        out.write_all(text.as_bytes())?;
    } else {
        let from_env = loaded
            .sources
            .values()
            .filter(|s| matches!(s, Source::Env(_)))
            .count();
        writeln!(
            out,
            "the settings are valid ({}, {from_env} from the environment)",
            match &loaded.file {
                Some(p) => format!("file {}", p.display()),
                None => "no file".into(),
            }
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
