//! The texts of `!help` and `!rules`: each command's help from the command table, the
//! rule summaries of both games.

use crate::core::command::table::{join_words, CommandDef};

/// `!help`, with the prefix and the AI's default level: the lines of
/// [`command_help`] for every command of the table
/// ([`crate::core::command::table::COMMANDS`]), between an introduction and the rule of
/// turns.
pub fn help(p: &str, default_level: u8) -> String {
    let mut lines = vec!["Mancala referee: Katro and Hoyito I, one game per channel.".to_string()];
    for def in crate::core::command::table::COMMANDS {
        lines.extend(command_help(def, p, default_level));
    }
    lines.push("Only the two players move, each on his turn; anyone may look.".to_string());
    lines.join("\n")
}

/// The lines of `!help` for one command: one for each way to call it, with its aliases,
/// whether it is for organizers, and what it does; then one listing its subcommands.
pub fn command_help(def: &CommandDef, p: &str, default_level: u8) -> Vec<String> {
    let levels = crate::core::command::ai_levels_text();
    let fill = |text: &str| {
        text.replace("{p}", p)
            .replace("{levels}", &levels)
            .replace("{default}", &default_level.to_string())
    };
    let mut lines = Vec::new();
    for (i, form) in def.help.iter().enumerate() {
        let mut line = format!("`{p}{}`", join_words(def.name, form.args));
        if i == 0 && !def.aliases.is_empty() {
            let aliases: Vec<String> = def.aliases.iter().map(|a| format!("`{p}{a}`")).collect();
            line.push_str(&format!(" (or {})", aliases.join(", ")));
        }
        if def.organizers_only {
            line.push_str(" (organizers)");
        }
        lines.push(format!("{line}: {}.", fill(form.text)));
    }
    let subs: Vec<String> = def
        .subs
        .iter()
        .filter(|s| !s.bare)
        .map(|s| {
            let mut sub = format!("`{}`", join_words(s.name, s.args));
            if s.organizers_only {
                sub.push_str(" (organizers)");
            }
            if !s.help.is_empty() {
                sub.push(' ');
                sub.push_str(&fill(s.help));
            }
            sub
        })
        .collect();
    if !subs.is_empty() {
        lines.push(format!("`{p}{} ...`: {}.", def.name, subs.join("; ")));
    }
    lines
}

/// The line `!rules` ends with: how to practise the rules against the AI.
pub fn rules_ai_line(p: &str, game: &str) -> String {
    format!(
        "Practise against the AI: `{p}new {game} ai level N` (1 beginner to 5 master, unrated; \
         it answers each move at once)."
    )
}

/// `!rules katro`.
pub const KATRO_RULES: &str = "Katro (Madagascar): 6x6 board (also 4x6, 4x4), 2 seeds per hole; \
each player owns his half (South rows 1-3). You sow only on your half, serpentine: along your \
outer row, back along the next, round to the start (K2). Start from your outermost row with \
seeds (K3), in either direction, `+` to your right or `-` to your left (K4). If the last seed \
falls in an occupied hole you lift it all and sow on (relay, K6c). If that hole is in your \
front row and the opponent's front-row hole in the same column has seeds, you capture them and \
sow them on with your hole's seeds (K6b, K7). A player with no move loses (K9); a third \
repetition draws (K10).";

/// The line of `!rules katro` on the K11 house rule, with the prefix `p`.
pub fn katro_house_rule(p: &str) -> String {
    format!(
        "House rule, chosen when the game is created (`{p}new katro lone`): a player with one \
         seed left may step it one row inward, straight or diagonally (`{p}sow b1^b2`), \
         capturing as a sowing would (K11)."
    )
}

/// `!rules hoyito`.
pub const HOYITO_RULES: &str = "Hoyito I (Dominican Republic): 2 rows of 6 (up to 12) holes, 4 \
seeds each; South owns row 1. Lift any hole of your row and sow anticlockwise round the whole \
board (H2, H3). Any hole a dropped seed makes exactly four is a casa: you capture those four at \
once (H5, H6a). A last seed in an occupied hole relays (H6c); in an empty one the move ends \
(H6b). When four seeds are left in play the capturer takes them (H7); more captured seeds wins \
(H8). A match (M1-M4) refills each row from the captures, closes the holes left unfilled, and \
ends when a player has fewer than four seeds.";
