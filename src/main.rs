//! The `mancala-bot` binary: a thin command line over the library.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use mancala_bot::{replay, selfplay};

/// A chat bot that referees and plays the mancala games Katro and Hoyito I.
#[derive(Parser)]
#[command(name = "mancala-bot", version, about)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Replay a game record and print every ply (RULES.md section 6).
    Replay(replay::ReplayArgs),
    /// Play AI levels and random players against each other and report the results.
    Selfplay(selfplay::SelfplayArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.cmd {
        Cmd::Replay(a) => replay::main(a),
        Cmd::Selfplay(a) => selfplay::main(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
