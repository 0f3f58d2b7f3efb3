//! The texts of `!help` and `!rules`: each command's help from the command table (its
//! words in `locales/*/commands.ftl`), the rule summaries of both games.

use crate::core::command::table::{join_words, message_id, CommandDef};
use crate::i18n::{self, Arg};

/// `!help`, with the prefix, the AI's default level and the default game (the running
/// settings): the lines of [`command_help`] for every command of the table
/// ([`crate::core::command::table::COMMANDS`]), between an introduction and the rule of
/// turns.
pub fn help(p: &str, default_level: u8, default_game: &str) -> String {
    let mut lines = vec![tr!("help-intro")];
    for def in crate::core::command::table::COMMANDS {
        lines.extend(command_help(def, p, default_level, default_game));
    }
    lines.push(tr!("help-outro"));
    lines.join("\n")
}

/// The lines of `!help` for one command: one for each way to call it, with its aliases,
/// whether it is for organizers, and what it does (the message `help-NAME-I`, with the
/// prefix `p`, the AI's default level and the default game, as `!new` plays it:
/// `katro`); then its subcommands: a long entry on a line of its own, the others as
/// many to a line as fit in 300 characters.
pub fn command_help(
    def: &CommandDef,
    p: &str,
    default_level: u8,
    default_game: &str,
) -> Vec<String> {
    let levels = crate::core::command::ai_levels_text();
    let fill = |id: String| {
        i18n::text(
            &id,
            &[
                ("p", Arg::from(p)),
                ("levels", Arg::from(&levels)),
                ("default", Arg::from(default_level)),
                ("game", Arg::from(default_game)),
            ],
        )
    };
    let organizers = tr!("help-organizers");
    let mut lines = Vec::new();
    for (i, form) in def.help.iter().enumerate() {
        let mut line = format!("`{p}{}`", join_words(def.name, form.args));
        if i == 0 && !def.aliases.is_empty() {
            let aliases: Vec<String> = def.aliases.iter().map(|a| format!("`{p}{a}`")).collect();
            line.push(' ');
            line.push_str(&tr!("help-aliases", aliases = aliases.join(", ")));
        }
        if def.organizers_only {
            line.push(' ');
            line.push_str(&organizers);
        }
        let text = fill(message_id("help", &[def.name, &i.to_string()]));
        lines.push(tr!("help-line", form = line, text = text));
    }
    let mut subs: Vec<String> = Vec::new();
    for s in def.subs.iter().filter(|s| !s.bare) {
        let mut sub = format!("`{}`", join_words(s.name, s.args));
        if s.organizers_only {
            sub.push(' ');
            sub.push_str(&organizers);
        }
        if !s.help {
            subs.push(sub);
            continue;
        }
        let text = fill(message_id("help", &[def.name, s.name]));
        if sub.chars().count() + text.chars().count() > OWN_LINE {
            // A long entry (`new` with its options) gets a line of its own, so that
            // every line stays short.
            let form = format!("`{p}{} {}", def.name, &sub[1..]);
            lines.push(tr!("help-line", form = form, text = text));
        } else {
            subs.push(format!("{sub} {text}"));
        }
    }
    let form = format!("`{p}{} ...`", def.name);
    let line = |subs: &[String]| {
        let text = crate::i18n::join_semicolons(subs);
        tr!("help-line", form = form.as_str(), text = text)
    };
    // The others share lines of at most MAX_LINE characters.
    let mut start = 0;
    for end in 1..=subs.len() {
        // The line so far is full: it ends before this subcommand.
        if end - start > 1 && line(&subs[start..end]).chars().count() > MAX_LINE {
            lines.push(line(&subs[start..end - 1]));
            start = end - 1;
        }
    }
    if start < subs.len() {
        lines.push(line(&subs[start..]));
    }
    lines
}

/// Longest line of `!help` a command's subcommands fill, in characters.
const MAX_LINE: usize = 300;
/// A subcommand whose entry (usage and help) is longer than this, in characters, is
/// written on a line of its own in `!help`.
const OWN_LINE: usize = 100;

/// The line `!rules` ends with: how to practise the rules against the AI.
pub fn rules_ai_line(p: &str, game: &str) -> String {
    tr!("rules-ai", p = p, game = game)
}

/// `!rules katro`.
pub fn katro_rules() -> String {
    tr!("rules-katro")
}

/// The line of `!rules katro` on the K11 house rule, with the prefix `p`.
pub fn katro_house_rule(p: &str) -> String {
    tr!("rules-katro-lone", p = p)
}

/// `!rules hoyito`.
pub fn hoyito_rules() -> String {
    tr!("rules-hoyito")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{with_lang, Lang};

    /// The `!set` line of `!help` names every setting `!set` takes (`threads` was
    /// missing), in every language.
    #[test]
    fn help_names_every_setting_of_set() {
        let settings = [
            "autoforfeit",
            "hints",
            "threads",
            "web",
            "pictures",
            "view",
            "theme",
            "language",
        ];
        for lang in Lang::ALL {
            let text = with_lang(lang, || help("!", 3, "katro"));
            let line = text
                .lines()
                .find(|l| l.starts_with("`!set "))
                .unwrap_or_else(|| panic!("{lang:?}: no `!set` line in {text}"));
            for s in settings {
                assert!(line.contains(s), "{lang:?}: `{s}` is not in {line}");
            }
        }
    }

    /// Every line of `!help` is short (at most 300 characters, far below any platform's
    /// message: the splitter cuts a long `!help` between lines, so a new command adds a
    /// line, never a broken one), in every language; and the lines are said in the
    /// language of the command.
    #[test]
    fn help_lines_each_fit_a_message_in_every_language() {
        for lang in Lang::ALL {
            let text = with_lang(lang, || help("!", 3, "katro"));
            let longest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
            assert!(longest <= 300, "{lang:?}: a line of {longest} characters");
        }
        let fr = with_lang(Lang::Fr, || help("!", 3, "katro"));
        assert!(fr
            .starts_with("Arbitre de mancala\u{202f}: Katro et Hoyito I, une partie par salon.\n"));
        assert!(fr.contains(
            "\n`!new JEU ai [level N] [as south|north] [TEMPS]`\u{202f}: jouer aussitôt contre \
             l'IA, partie non classée\u{202f}; niveaux de 1 (débutant) à 5 (maître), 3 par défaut.\n"
        ));
        assert!(fr.contains(
            "\n`!sow TROU[+|-]` (ou `!s`)\u{202f}: votre coup, p. ex. `!sow c1+` au Katro"
        ));
        assert!(fr.contains(
            "\n`!set RÉGLAGE VALEUR` (organisateurs)\u{202f}: autoforfeit|hints|threads on|off"
        ));
        assert!(fr.contains(
            "`leave [NOM]` avant le début\u{202f}; `start [NOM]` (organisateurs)\u{202f};"
        ));
        // A long subcommand entry has a line of its own, with its options explained.
        let en = with_lang(Lang::En, || help("!", 3, "katro"));
        assert!(
            en.lines().any(|l| l.starts_with(
                "`!tournament new NAME GAME roundrobin|double|swiss ROUNDS [accelerated]|knockout \
                 [rematch|seed]|arena WINDOW [TIME]` (organizers): knockout draws: `rematch`"
            )),
            "{en}"
        );
        let ru = with_lang(Lang::Ru, || rules_ai_line("?", "hoyito:2x8"));
        assert_eq!(
            ru,
            "Потренируйтесь с ИИ: `?new hoyito:2x8 ai level N` (уровни от 1 «новичок» до 5 \
             «мастер», без рейтинга; ИИ отвечает на каждый ход сразу)."
        );
    }
}
