# commands: the command table's texts (help lines, slash descriptions, choice labels),
# usage and parse errors, !help and !rules.
# Ids of the table are made from the command's name: help-NAME-I (its I-th help line),
# help-COMMAND-SUB, slash-NAME (the slash description, at most 100 characters),
# slash-NAME-OPTION, slash-COMMAND-SUB, slash-COMMAND-SUB-OPTION (at most 100 characters).
# Command names, keywords (katro, as north, on|off) and rule ids are never translated.

## !help: $p is the prefix, $default the configured AI level, $game the configured
## default game (`katro`).

help-intro = Mancala referee: Katro and Hoyito I, one game per channel.
help-outro = Only the two players move, taking turns; anyone may look.
# A line of !help: `!name args` (and its aliases, organizers), then what it does.
help-line = { $form }: { $text }.
help-aliases = (or { $aliases })
help-organizers = (organizers)
help-new-0 = challenge someone or anyone; GAME katro[:4x6|:4x4] [lone], hoyito[:2x6-12] [match|first-to N|games N], default { $game }; TIME `12h`, `2d`, `notime`, `5m+3s`
help-new-1 = play the AI at once, unrated; level 1 (beginner) to 5 (master), default { $default }
help-accept-0 = accept the challenge here
help-decline-0 = decline or withdraw a challenge
help-sow-0 = your move, e.g. `{ $p }sow c1+` in Katro, `{ $p }sow d1` in Hoyito
help-board-0 = the board, whose turn
help-moves-0 = the legal moves
help-resign-0 = resign (a match: `game`/`match`)
help-hint-0 = the AI's best move and why (vs the AI, or unrated with hints on)
help-analyze-0 = the AI's review of the last game here, or of game ID, with a chart
help-history-0 = the last games finished here
help-replay-0 = the last move as an animated GIF
help-rules-0 = the rules in short
help-help-0 = this help or a COMMAND's
help-draw-0 = offer or accept a draw
help-abort-0 = abort with no result, before both sides have moved
help-claim-0 = win on the opponent's passed deadline
help-rematch-0 = your last opponent again, sides swapped
help-mute-0 = no deadline reminders
help-unmute-0 = reminders again
help-set-0 = autoforfeit|hints|threads on|off, pictures frames|sheet|final|gif, view mover|south|north, theme light|dark, language en|fr|es|ru|auto, web on|off|index|noindex
help-rating-0 = Glicko-2 ratings (`?`: provisional)
help-leaderboard-0 = the best-rated players
help-tournament-0 = list the tournaments here
help-tournament-leave = before the start

## Slash commands: descriptions (1 to 100 characters each).

slash-new = Challenge someone (or anyone, or the bot's AI) to a game of Katro or Hoyito here
slash-new-game = The game: Katro 6x6, 4x6 or 4x4, Hoyito 2x6 to 2x12, or a Hoyito match
slash-new-opponent = Who you challenge; leave empty to let anyone accept
slash-new-ai-level = Play the bot's AI instead, at this level
slash-new-side = Play as south (moves first) or north; random if empty
slash-new-time = Time per move (12h, 2d, notime) or a live clock (5m+3s, 3+2); the server's default if empty
slash-new-rating = rated (the default) or unrated: no rating change, hints where the channel allows
slash-accept = Accept the challenge in this channel
slash-decline = Decline the challenge in this channel, or withdraw yours
slash-sow = Make a move: sow from a hole (Katro c1+ or c1-, Hoyito d1)
slash-sow-hole = The hole to sow from, e.g. c1+ (Katro) or d1 (Hoyito)
slash-board = Show the board of the game here, its position string and whose turn it is
slash-moves = List the legal moves of the player to move
slash-resign = Resign the game in this channel
slash-hint = The AI's best move for you now, and why (games against the AI; unrated games where hints are on)
slash-analyze = Review a finished game (by default the last one here): every move against the AI's best
slash-history = List the last games finished in this channel: ids, players, results, dates
slash-replay = The last move of the game in this channel, step by step, as an animated picture
slash-rules = A short summary of the rules of Katro or Hoyito I
slash-rules-game = katro or hoyito; both if empty
slash-help = How to use the bot: the commands and what they do
slash-draw = Offer a draw, or accept the one your opponent offered
slash-abort = Abort the game before both sides have moved: no result, unrated
slash-claim = Claim the win when your opponent's deadline has passed
slash-rematch = Challenge your last opponent here to the same game again, sides swapped
slash-mute = Stop the bot's reminders of your deadlines
slash-unmute = Get the bot's reminders of your deadlines again
slash-set = Change a setting of this channel (organizers): autoforfeit, hints, pictures, view, theme, language
slash-set-setting = autoforfeit, hints, pictures (of a move), view (side drawn from), theme, language, threads
slash-set-value = on|off; pictures: frames|sheet|final|gif; view: mover|south|north; theme; language
slash-rating = Show a player's Glicko-2 ratings in this server (yours if empty)
slash-rating-user = The player; you if empty
slash-leaderboard = Show this server's best-rated players of Katro or Hoyito
slash-leaderboard-game = { slash-rules-game }
slash-tournament = Tournaments: list, new, join, leave, start, pairings, standings, withdraw, cancel, info
slash-tournament-list = List this server's tournaments
slash-tournament-new = Create a tournament (organizers)
slash-tournament-new-name = 1 to 24 letters, digits, - or _
slash-tournament-new-game = The game: Katro 6x6, 4x6 or 4x4, Hoyito 2x6 to 2x12, or Hoyito matches
slash-tournament-new-format = roundrobin, double (round robin twice), swiss (give the rounds), knockout or arena
slash-tournament-new-rounds = For swiss: the number of rounds, 1 to 20
slash-tournament-new-time = { slash-new-time }
slash-tournament-join = Enter a tournament before it starts
slash-tournament-join-name = The tournament; needed only when this server has more than one
slash-tournament-leave = Leave a tournament before it starts
slash-tournament-leave-name = { slash-tournament-join-name }
slash-tournament-start = Start a tournament: pair its first round (organizers)
slash-tournament-start-name = { slash-tournament-join-name }
slash-tournament-pairings = Show the games of a tournament's round in play
slash-tournament-pairings-name = { slash-tournament-join-name }
slash-tournament-standings = Show a tournament's standings
slash-tournament-standings-name = { slash-tournament-join-name }
slash-tournament-withdraw = Take a player out of a tournament (organizers, or that player)
slash-tournament-withdraw-user = The player
slash-tournament-withdraw-name = { slash-tournament-join-name }
slash-tournament-cancel = Cancel a tournament (organizers)
slash-tournament-cancel-name = { slash-tournament-join-name }

## Choices of slash options that are words (1 to 100 characters); the AI levels are
## also how errors and help name them.

choice-katro-lone = katro lone (K11 lone-seed steps)
choice-level-1 = 1 beginner
choice-level-2 = 2 casual
choice-level-3 = 3 club
choice-level-4 = 4 expert
choice-level-5 = 5 master

## Usage: $usage is a command's usage with the prefix, e.g. `!new GAME ...`.

usage-time = TIME is hours or days per move, e.g. `12h` or `2d` (1 h to 30 d), or `notime`
usage-games = GAME is katro, katro:4x6, katro:4x4 (add `lone` for the K11 lone-seed steps), hoyito, hoyito:2xN (N 6-12) or `hoyito match`
usage-new = usage: `{ $usage }`, { usage-games }; { usage-time }

## Parse errors: $p is the prefix, $word a word as typed (in `...`), $usage a usage
## line (`usage: ...`).

parse-usage = usage: `{ $usage }`
parse-joined = { $error }; { $usage }
parse-unknown-command = unknown command { $name }; commands: { $commands } (`{ $p }help` explains them)
parse-unknown-sub = unknown { $sub }; usage: `{ $usage }`
parse-no-args = `{ $command }` takes no arguments (got { $words })
parse-time-bad = bad time { $word }; { usage-time }
parse-time-range = time per move { $word } is out of range; { usage-time }
parse-sow-hole = `{ $p }{ $name }` needs a hole: `{ $p }sow c1+` or `{ $p }sow c1-` in Katro, `{ $p }sow d1` in Hoyito (`{ $p }moves` lists them)
parse-set-pictures = { $word } is not a picture style: frames, sheet, final or gif
parse-set-view = { $word } is not a view: mover, south or north
parse-set-theme = { $word } is not a theme: light or dark
parse-set-usage = usage: `{ $usage }` (autoforfeit on: a game whose deadline passes here is forfeited by itself, off: the opponent may `{ $p }claim`; hints on: `{ $p }hint` in unrated games here; pictures: every frame, one contact sheet, the final board with the path, or a GIF; view: boards drawn from the mover's side, South's or North's; theme: light or dark pictures; language: en, fr, es, ru, or auto to follow the platform; threads on: each new game between people in a room of its own; web on: this community's games, tournaments and players on web pages (index: search engines may list them))
parse-rating-usage = usage: `{ $p }rating` (yours) or `{ $p }rating @user`
parse-rules-unknown = no rules for { $word }: use `{ $p }rules katro` or `{ $p }rules hoyito`
parse-level-missing = `level` needs a number: levels are { $levels }; e.g. `{ $p }new katro ai level 3`
parse-level-range = AI level { $level } does not exist: levels are { $levels }
parse-level-nan = `level` takes a number, not { $word }: levels are { $levels }
parse-as-missing = `as` needs a side, `south` or `north`; { $usage }
parse-as-twice = one side, please (`as south` or `as north`); { $usage }
parse-as-bad = `as` takes `south` or `north`, not { $word }; { $usage }
parse-match-katro = match play (M1-M4) is for Hoyito: `{ $p }new hoyito match`
parse-match-alone = `match` follows a Hoyito game; { $usage }
parse-rated-twice = `rated` or `unrated` once, please; { $usage }
parse-time-twice = one time per move, please; { $usage }
parse-ai-twice = `ai` once, please; { $usage }
parse-level-without-ai = `level` follows `ai`: `{ $p }new katro ai level 3`; { $usage }
parse-game-bad = { $error }, or `hoyito match`; usage: `{ $usage }`
parse-unexpected = unexpected { $word }; { $usage }
parse-lone-twice = `lone` once, please; { $usage }
parse-lone-hoyito = lone-seed steps (K11) are a Katro house rule: `{ $p }new katro lone`
parse-lone-alone = `lone` follows a Katro game: `{ $p }new katro lone`; { $usage }
parse-one-opponent = challenge one opponent at a time; { $usage }
parse-ai-rated = games against the AI are unrated; { $usage }
parse-player-and-ai = challenge one opponent at a time: a player or the AI, not both; { $usage }
parse-mention-unknown = I could not tell who the mentioned user is; mention them so that the chat links the name; { $usage }
parse-tournament-name = bad tournament name { $word }: use 1 to 24 letters, digits, `-` or `_`; { $usage }
parse-tournament-one-name = `{ $p }tournament { $sub }` takes at most a name; { $usage }
parse-withdraw-user = `{ $p }tournament withdraw` needs the player: `{ $p }tournament withdraw @user [NAME]`
parse-tournament-new-args = `{ $p }tournament new` needs a name, a game and a format; { $usage }
parse-tournament-match-katro = match play (M1-M4) is for Hoyito; { $usage }
parse-tournament-unexpected = unexpected { $word }; { usage-time }; { $usage }
parse-too-many = too many words; { $usage }
parse-swiss-rounds = `swiss` needs the number of rounds, 1 to 20 (`swiss 5`); { $usage }
parse-format-unknown = unknown format { $word }: roundrobin, double, swiss ROUNDS, knockout or arena WINDOW; { $usage }
parse-format-missing = `{ $p }tournament new` needs a format: roundrobin, double, swiss ROUNDS, knockout or arena WINDOW; { $usage }

## !rules: $p is the prefix, $game the game to practise (e.g. katro:4x4, or GAME).

rules-katro = Katro (Madagascar): 6x6 board (also 4x6, 4x4), 2 seeds per hole; each player owns one half (South rows 1-3). You sow only on your half, serpentine: along your outer row, back along the next, round to the start (K2). Start from your outermost row with seeds (K3), in either direction, `+` to your right or `-` to your left (K4). If the last seed falls in an occupied hole you lift it all and sow on (relay, K6c). If that hole is in your front row and the opponent's front-row hole in the same column has seeds, you capture them and sow them on with your hole's seeds (K6b, K7). A player with no move loses (K9); a third repetition draws (K10).
rules-katro-lone = House rule, chosen when the game is created (`{ $p }new katro lone`): a player with one seed left may step it one row inward, straight or diagonally (`{ $p }sow b1^b2`), capturing as a sowing would (K11).
rules-hoyito = Hoyito I (Dominican Republic): 2 rows of 6 (up to 12) holes, 4 seeds each; South owns row 1. Lift any hole of your row and sow anticlockwise round the whole board (H2, H3). Any hole a dropped seed makes exactly four is a casa: you capture those four at once (H5, H6a). A last seed in an occupied hole relays (H6c); in an empty one the move ends (H6b). When only four seeds are left in play, whoever captured last takes them (H7); whoever captured more seeds wins (H8). A match (M1-M4) refills each row from the captures, closes the holes left unfilled, and ends when a player has fewer than four seeds, or when a game would start as an earlier one did (MX2); `first-to N` and `games N` play to N wins or N games (MX1).
rules-ai = Practise against the AI: `{ $p }new { $game } ai level N` (1 beginner to 5 master, unrated; it answers each move at once).

## Discord: the transport's own notes. $ahead is how many games wait for the AI.

discord-thinking = { $ahead ->
    [0] Thinking...
    [one] Thinking... (1 game ahead in the AI's queue)
   *[other] Thinking... ({ $ahead } games ahead in the AI's queue)
}
discord-failed = Sorry, that failed on the bot's side.
discord-failed-retry = Sorry, that failed on the bot's side. Please try again.
discord-nothing = Nothing to show.
discord-posted-in = Posted in { $places }.
discord-file-too-large = ({ $file } is not attached: { $size } MiB, and Discord takes at most { $max } MiB.)
discord-alt-cut = ... (whole text in { $file })
discord-alt-file = Text alternative of { $file }
discord-closed-gone = the channel no longer exists
discord-closed-no-access = the bot cannot see that channel (it needs the View Channel permission there)
discord-closed-locked = the thread is locked
discord-not-posted = (Could not post in { $place }: { $why }.)
discord-not-posted-failed = (Could not post in { $place }; Discord refused it.)
discord-threads-full = { $organizer }: the server has reached Discord's limit of active threads, so the thread for { $room } could not be opened. Its game starts as soon as a thread can be opened: archive finished threads to make room.

## takeback and vacation
help-takeback-0 = take back your last move (unrated games; the opponent accepts)
slash-takeback = Take back your last move: unrated games, or the AI up to level 3
help-vacation-0 = pause your correspondence clocks for some days, end the pause, or see what is left
slash-vacation = Pause your clocks in unrated correspondence games for some days
slash-vacation-days = Days, e.g. 7d; off ends the vacation; empty shows what is left
parse-vacation = `{ $p }vacation` takes days from 1d to { $max }d, or `off` (got { $got })
## Live clocks, match lengths, !resign game|match

parse-live-bad = { $word } is not a live clock: minutes of bank, then `+` and seconds per move, e.g. `5m+3s`, `3+2` or `10m` (1 to 180 min, 0 to 60 s)
parse-live-range = the live clock { $word } is out of range: the bank is 1 to 180 minutes, the increment 0 to 60 seconds (e.g. `5m+3s`, `3+2`, `10m`)
parse-clock-twice = one clock, please: a time per move (`12h`, `2d`, `notime`) or a live clock (`5m+3s`), not both; { $usage }
parse-ai-live = live clocks are for games between players; against the AI give a time per move or none; { $usage }
parse-length-number = { $word } needs a number of games from 1 to 20, not { $got } (e.g. `first-to 3` or `games 5`); { $usage }
parse-length-twice = one match length, please (`first-to N` or `games N`); { $usage }
parse-resign-usage = `{ $p }resign` takes `game` or `match` (in a match), not { $words }
slash-resign-what = In a match: the current game only, or the whole match
parse-length-missing = { $word } needs a number of games from 1 to 20 (e.g. `first-to 3` or `games 5`); { $usage }
## archive
help-games-0 = your games here: in play, then the last finished
help-game-0 = one game by its id, from any channel
help-record-0 = the moves of the game here, or of game ID
slash-analyze-id = The game's id (as `!games` or `!history` show it); by default the last game here
slash-games = List your games in this community: in play first, then the last finished
slash-game = Show one game by its id, from any channel of this community
slash-game-id = The game's id, e.g. k7m2q9xd (as `!games` or `!history` show it)
slash-record = Show the move record of the game here, or of the game with that id
slash-record-id = The game's id; by default the game in this channel
## notify
help-notify-0 = how you are told it is your turn: a direct message, a ping, nothing, or a daily digest
slash-notify = Choose how you are told that it is your turn
slash-notify-mode = dm, mention, off or digest; your current mode if empty

## tournament organizer tools
help-tournament-adjudicate = end a game with a result (organizers); GAME is its id or its board in the current round, the reason is required
help-tournament-extend = more time for a game's current move, e.g. `24h` (1 min to 30 days; organizers)
help-tournament-pause = stop every clock of the tournament (organizers)
help-tournament-resume = restart them with the time each player had left (organizers)
help-tournament-next-round = close the current round; with `adjudicate`, its unfinished games are decided: more seeds captured wins (organizers)
help-tournament-kick = take a player out, with a reason (organizers)
help-tournament-checkin = check in before the start; `open` opens check-in, for a time if given (organizers): at the start, whoever has not checked in is removed
help-tournament-log = what the organizers did, newest first
slash-tournament-adjudicate = End a tournament game with a result (organizers)
slash-tournament-adjudicate-game = The game's id, or its board number in the current round
slash-tournament-adjudicate-result = south, north, draw, or the name of the player who wins
slash-tournament-adjudicate-reason = Why (required; shown to everyone)
slash-tournament-extend = Give more time for a game's current move (organizers)
slash-tournament-extend-game = { slash-tournament-adjudicate-game }
slash-tournament-extend-duration = How much more: 30m, 24h, 2d (1 min to 30 days)
slash-tournament-pause = Stop every clock of a tournament (organizers)
slash-tournament-pause-name = { slash-tournament-join-name }
slash-tournament-resume = Restart the clocks of a paused tournament (organizers)
slash-tournament-resume-name = { slash-tournament-join-name }
slash-tournament-next-round = Close the current round (organizers)
slash-tournament-next-round-adjudicate = Decide its unfinished games now (more seeds captured wins)
slash-tournament-next-round-name = { slash-tournament-join-name }
slash-tournament-kick = Take a player out of a tournament (organizers)
slash-tournament-kick-user = The player
slash-tournament-kick-name = { slash-tournament-join-name }
slash-tournament-kick-reason = Why (shown to everyone)
slash-tournament-checkin = Check in before a tournament starts; organizers open check-in
slash-tournament-checkin-open = Organizers: open check-in
slash-tournament-checkin-duration = Organizers: close check-in after this long, e.g. 30m
slash-tournament-checkin-name = { slash-tournament-join-name }
slash-tournament-log = Show what the organizers of a tournament did
slash-tournament-log-name = { slash-tournament-join-name }
parse-duration = bad duration { $word }: a number with m, h or d (30m, 24h, 2d), from 1 minute to 30 days
parse-game-ref = bad game { $word }: give its id or its board number in the current round; { $usage }
parse-adjudicate-args = `adjudicate` needs a game, a result and a reason; { $usage }
parse-adjudicate-reason = an adjudication needs a reason, shown to everyone; { $usage }
parse-extend-args = `extend` needs a game and a duration; { $usage }
parse-kick-user = `kick` needs the player, as a mention; { $usage }
parse-checkin-open = to open check-in for a time, write `open` before the time; { $usage }
## tournament results, formats and info
help-tournament-new = knockout draws: `rematch` (default: a second game, sides swapped, then deciders) or `seed` (higher seed through); `accelerated`: Swiss round 1 in two groups
help-tournament-info = format, time, tie-breaks and rules of a tournament
slash-tournament-new-tiebreak = Knockout draws: rematch (default: second game, then deciders) or seed
slash-tournament-new-pairing = For swiss: accelerated pairs the top half among itself in round 1
slash-tournament-info = How a tournament is played: format, time, tie-breaks, rules
slash-tournament-info-name = { slash-tournament-join-name }
parse-tournament-one-tiebreak = one knockout tie-break, please: `rematch` or `seed`; { $usage }
parse-tournament-option-for = { $word } is an option of `{ $format }` only; { $usage }
slash-tournament-new-window = For arena: how long players are paired, e.g. 90m, 2h, 1d (10m to 7d)
parse-arena-window = `arena` needs how long it runs, 10 minutes to 7 days (`arena 90m`, `arena 2h`); { $usage }

## puzzles (issue 32)
help-puzzle-0 = a puzzle near your puzzle rating on that board (default: the game here); answer with `{ $p }sow`
help-puzzle-1 = the day's puzzle, the same for everyone (UTC)
help-puzzle-2 = give up your open puzzle (it counts as failed once you have moved)
help-puzzle-3 = puzzle rating, puzzles solved and failed, streaks
slash-puzzle = A puzzle near your puzzle rating: find the best move, answer with /sow
slash-puzzle-what = A board, or daily (the day's puzzle), stats, skip or hint
slash-puzzle-user = With stats: whose puzzle record (yours if empty)
parse-puzzle-word = { $word } is neither a board nor `daily`, `skip`, `hint` or `stats`; usage: `{ $usage }`
parse-puzzle-extra = too many words: { $words }; usage: `{ $usage }`
parse-puzzle-who = could not tell who you mean; usage: `{ $usage }`
help-puzzle-4 = the hole your next move starts from (the puzzle then no longer counts)
