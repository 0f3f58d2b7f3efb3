//! The `mancala-bot` binary: a thin command line over the library.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use mancala_bot::{render, replay};

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
    /// Draw a move's frames (or a position) as PNG files, with GIF and contact sheet.
    Render(render::cli::RenderArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.cmd {
        Cmd::Replay(a) => replay::main(a),
        Cmd::Render(a) => render::cli::main(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
