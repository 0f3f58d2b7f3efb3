//! The `mancala-bot` binary: a thin command line over the library.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
mod cli;

use cli::{
    analyze, backup, config, console, engine, invite, puzzles, render, replay, run, selfplay,
};

/// A chat bot that referees and plays the mancala games Katro and Hoyito I.
#[derive(Parser)]
#[command(name = "mancala-bot", version = cli::VERSION, about)]
struct Cli {
    /// The log lines' format on standard error: text, or json (one object a line, for log
    /// collectors). RUST_LOG filters them (default `warn,mancala_bot=info`).
    #[arg(
        long,
        global = true,
        value_enum,
        env = "MANCALA_LOG_FORMAT",
        default_value = "text"
    )]
    log_format: cli::logging::LogFormat,
    /// Without a subcommand: `run` with the defaults.
    #[command(subcommand)]
    cmd: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Replay a game record and print every ply (RULES.md section 6).
    Replay(replay::ReplayArgs),
    /// Start the bot: Discord when a token is configured, else the console.
    Run(run::RunArgs),
    /// Play through standard input and output (each line a chat message).
    Console(console::ConsoleArgs),
    /// Print every stored game and document (ratings, tournaments, settings) as JSON lines.
    Export(backup::ExportArgs),
    /// Load the JSON lines of `export` into a store: a data directory, or PostgreSQL.
    Import(backup::ImportArgs),
    /// Draw a move's frames (or a position) as PNG files, with GIF and contact sheet.
    Render(render::RenderArgs),
    /// Play AI levels and random players against each other and report the results.
    Selfplay(selfplay::SelfplayArgs),
    /// Serve the AI over a UCI-like protocol on standard input and output (README,
    /// "Engine protocol"): position, go, stop, isready, quit.
    Engine(engine::EngineArgs),
    /// Review a game record with the AI: each move's seeds lost against the best move,
    /// inaccuracies, mistakes and blunders, each player's accuracy, and a chart.
    Analyze(analyze::AnalyzeArgs),
    /// Print the URL that adds the bot to a Discord server, with the permissions it
    /// uses (the token from the config or $DISCORD_TOKEN; no network).
    Invite(invite::InviteArgs),
    /// Show or check the effective settings: defaults, the config file, the MANCALA_*
    /// environment variables and --data, in that order of strength.
    Config(config::ConfigArgs),
    /// Puzzles (issue 32): `generate` finds positions where exactly one move wins
    /// clearly, in self-play and played games, and writes them as a puzzle set.
    Puzzles(puzzles::PuzzlesArgs),
}

fn main() -> ExitCode {
    mancala_bot::sys::limit_malloc_arenas();
    let cli = Cli::parse();
    cli::logging::init_tracing(cli.log_format);
    let result = match cli.cmd {
        Some(Cmd::Replay(a)) => replay::main(a),
        Some(Cmd::Run(a)) => run::run(a),
        Some(Cmd::Console(a)) => console::main(a),
        Some(Cmd::Export(a)) => backup::export(a),
        Some(Cmd::Import(a)) => backup::import(a),
        Some(Cmd::Render(a)) => render::main(a),
        Some(Cmd::Selfplay(a)) => selfplay::main(a),
        Some(Cmd::Engine(a)) => engine::main(a),
        Some(Cmd::Analyze(a)) => analyze::main(a),
        Some(Cmd::Invite(a)) => invite::main(a),
        Some(Cmd::Config(a)) => config::main(a),
        Some(Cmd::Puzzles(a)) => puzzles::main(a),
        // The plain command tries the bot: the console when no transport is configured,
        // even from a pipe (`run` refuses that, for services).
        None => run::run(run::RunArgs {
            console_without_terminal: true,
            ..run::RunArgs::default()
        }),
    };
    match result {
        Ok(code) => code,
        // The reader went away (`... | head`): nothing is left to say, and no one to say
        // it to.
        Err(e) if broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether `e` comes of writing to a closed pipe.
fn broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
