//! The command table (`mancala_bot::core::command::table`) against what users read:
//! every command, alias and subcommand of the table is in `!help` (as the core answers
//! it, with any prefix) and in README.md's command table, and every command the table
//! names is one the parser takes.

use mancala_bot::core::command::table::{join_words, CommandDef, COMMANDS};
use mancala_bot::core::command::{self, Command};
use mancala_bot::core::Settings;

use crate::core_chat::{bench, bench_with, chan, say, whole};

/// The ways `!help` and README write a command: `!name args` for each help line, `!alias`
/// for each alias, `sub args` for each subcommand (README spells them out in full).
fn forms(def: &CommandDef, p: &str) -> Vec<String> {
    let mut forms: Vec<String> = def
        .help
        .iter()
        .map(|f| format!("`{p}{}`", join_words(def.name, f.args)))
        .collect();
    forms.extend(def.aliases.iter().map(|a| format!("`{p}{a}`")));
    forms
}

fn sub_forms(def: &CommandDef) -> Vec<String> {
    def.subs
        .iter()
        .filter(|s| !s.bare)
        .map(|s| join_words(s.name, s.args))
        .collect()
}

#[test]
fn every_command_of_the_table_is_in_help() {
    for (b, p) in [
        (bench(), "!"),
        (
            bench_with(Settings {
                prefix: "mb.".into(),
                ..Settings::default()
            }),
            "mb.",
        ),
    ] {
        // Split between lines when longer than a message: joined by line breaks, a
        // line cut in two would not be found whole.
        let help = whole(
            say(&b.core, &chan("help"), "alice", &format!("{p}help")),
            1900,
        );
        for def in COMMANDS {
            for form in forms(def, p) {
                assert!(help.contains(&form), "{form} is not in {p}help:\n{help}");
            }
            for sub in sub_forms(def) {
                // On the command's line of subcommands, or on a line of its own (a long
                // entry, written whole).
                assert!(
                    help.contains(&format!("`{sub}`"))
                        || help.contains(&format!("`{p}{} {sub}`", def.name)),
                    "{} {sub} is not in {p}help:\n{help}",
                    def.name
                );
            }
        }
    }
}

/// The markdown table under `## Chat commands`, with `\|` read as `|`.
fn readme_table() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let section = readme
        .split("\n## Chat commands\n")
        .nth(1)
        .expect("README has a `## Chat commands` section");
    let section = section.split("\n## ").next().unwrap();
    section
        .lines()
        .filter(|l| l.starts_with('|'))
        .collect::<Vec<_>>()
        .join("\n")
        .replace("\\|", "|")
}

#[test]
fn every_command_of_the_table_is_in_the_readme() {
    let table = readme_table();
    assert!(table.starts_with("| command | what it does |"), "{table}");
    for def in COMMANDS {
        for form in forms(def, "!") {
            assert!(table.contains(&form), "{form} is not in README's table");
        }
        for sub in sub_forms(def) {
            let form = format!("`!{} {sub}`", def.name);
            assert!(table.contains(&form), "{form} is not in README's table");
        }
    }
}

#[test]
fn every_name_and_alias_of_the_table_parses() {
    for def in COMMANDS {
        for name in std::iter::once(&def.name).chain(def.aliases) {
            let parsed = command::parse(&format!("!{name}"), "!", &[]).unwrap();
            if let Err(e) = parsed {
                assert!(!e.starts_with("unknown command"), "!{name}: {e}");
            }
        }
        for s in def.subs.iter().filter(|s| !s.bare) {
            for sub in std::iter::once(&s.name).chain(s.aliases) {
                let text = format!("!{} {sub}", def.name);
                if let Err(e) = command::parse(&text, "!", &[]).unwrap() {
                    assert!(!e.starts_with("unknown"), "{text}: {e}");
                }
            }
        }
    }
    // An unknown command lists the table's commands.
    let e = command::parse("!dance", "!", &[]).unwrap().unwrap_err();
    for def in COMMANDS {
        assert!(
            e.contains(&format!("!{} ", def.name)) || e.contains(&format!("!{} (", def.name)),
            "{e}"
        );
    }
    assert_eq!(
        command::parse("!t", "!", &[]).unwrap(),
        Ok(Command::Tournament(command::TourneyCommand::List))
    );
}

/// `!help COMMAND` gives that command's lines alone (by its name, an alias or with the
/// prefix), with the running settings; an unknown name is refused with the commands.
#[test]
fn help_of_one_command_gives_its_lines_alone() {
    let b = bench();
    let at = chan("general");
    for ask in ["!help new", "!HELP !new", "!help new extra words"] {
        let r = say(&b.core, &at, "alice", ask);
        assert_eq!(r.len(), 1, "{ask}");
        let text = r[0].text();
        assert!(!r[0].is_error, "{ask}: {text}");
        assert!(
            text.contains("`!new GAME ai [level N] [as south|north] [TIME]`"),
            "{text}"
        );
        assert!(!text.contains("!sow"), "{ask}: only `!new`: {text}");
    }
    let alias = say(&b.core, &at, "alice", "!help s")[0].text();
    assert!(
        alias.contains("`!sow HOLE[+|-]`") && !alias.contains("!new"),
        "{alias}"
    );
    let all = say(&b.core, &at, "alice", "!help")[0].text();
    assert!(all.contains("!sow") && all.contains("!new") && all.contains("!help [COMMAND]"));
    let bad = &say(&b.core, &at, "alice", "!help frobnicate")[0];
    assert!(bad.is_error);
    assert!(
        bad.text().contains("unknown command `!frobnicate`"),
        "{}",
        bad.text()
    );
    assert!(bad.text().contains("!sow"), "{}", bad.text());
}
