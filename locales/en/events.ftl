# events: tournaments, ratings and the leaderboard, channel settings, limits and the
# store's failures.
# Terms (see locales/GLOSSARY.md): tournament, round, organizer, rating, game, move.
# Command names and keywords (`!tournament join`, roundrobin|swiss|knockout) are typed:
# never translated.

## Counts

tournament-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
tournament-rounds = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}

## Formats and phases

tournament-format-round-robin = round robin
tournament-format-swiss = Swiss, { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
tournament-format-knockout = knockout
tournament-phase-registration = registration open
tournament-phase-running = round { $round }
tournament-phase-finished = finished
tournament-phase-cancelled = cancelled

## Who may organize

tournament-organizers-create = only organizers ({ $organizers }) can create a tournament
tournament-organizers-start = only organizers ({ $organizers }) can start a tournament
tournament-organizers-cancel = only organizers ({ $organizers }) can cancel a tournament

## Finding the tournament meant

tournament-unknown = there is no tournament `{ $name }` here; `{ $p }tournament` lists them
tournament-none-live = there is no tournament open or running here; an organizer creates one with `{ $p }tournament new NAME GAME roundrobin|double|swiss ROUNDS|knockout|arena WINDOW [TIME]`
tournament-wrong-stage = no tournament here is at that stage ({ $list }); `{ $p }tournament` lists them
tournament-several = several tournaments fit ({ $list }); name one, e.g. `{ $p }tournament { $usage } { $first }`
tournament-gone = the tournament is gone
tournament-not-started = { $name } has not started yet: { $count ->
    [0] nobody has
    [one] { $count } player has
   *[other] { $count } players have
} joined so far; an organizer starts it with `{ $p }tournament start { $name }`
tournament-running = { $name } is running (round { $round }): registration is closed; `{ $p }tournament pairings { $name }` shows the round in play
tournament-over-refusal = { $name } is over; `{ $p }tournament standings { $name }` shows the final standings
tournament-was-cancelled = { $name } was cancelled

## The commands

tournament-list-empty = No tournaments here yet. Organizers: `{ $p }tournament new NAME GAME roundrobin|double|swiss ROUNDS|knockout|arena WINDOW [TIME]`.
tournament-list = Tournaments:
tournament-created = Tournament { $name } created: { $kind }, { $format }, { $time }. Registration is open: `{ $p }tournament join { $name }`; an organizer starts it with `{ $p }tournament start { $name }`.
tournament-per-move = { $duration } per move
tournament-no-time-limit = no time limit
tournament-joins = { $player } joins { $name } ({ $players }).
tournament-leaves = { $player } leaves { $name }.
tournament-started = { $name } starts: { $players }, { $format }. Seeds: { $seeds }.
tournament-withdraw-others = only organizers can withdraw another player; you can withdraw yourself
tournament-withdrawn = { $player } is withdrawn from { $name }.
tournament-withdrawn-resigned = { $player } is withdrawn from { $name }: the game in play is resigned for them.
tournament-cancelled = Tournament { $name } is cancelled.
tournament-cancelled-aborted = Tournament { $name } is cancelled; { $count ->
    [one] { $count } game in play was aborted
   *[other] { $count } games in play were aborted
}.

## Refusals of the decisions

tournament-name-taken-running = a tournament named `{ $name }` is already running here; choose another name
tournament-name-taken-open = a tournament named `{ $name }` is already open here; choose another name
tournament-closed-started = registration for { $name } is closed; it has started
tournament-closed-ended = registration for { $name } is closed; it has ended
tournament-already-in = you are already in { $name }
tournament-full = { $name } is full ({ $count ->
    [one] { $count } player
   *[other] { $count } players
})
tournament-leave-started = { $name } has started; ask an organizer to `{ $p }tournament withdraw @you`
tournament-not-in = you are not in { $name }
tournament-already-started = { $name } has already started
tournament-too-few = { $name } needs at least 2 players to start (has { $count })
tournament-player-not-in = { $player } is not in { $name }
tournament-already-withdrawn = { $player } has already withdrawn
tournament-is-over = { $name } is over
tournament-already-cancelled = { $name } is already cancelled
tournament-already-over = { $name } is already over
tournament-game-resigned = { $player } is withdrawn from the tournament: the game is resigned.

## Pairings, results and rounds

tournament-not-started-yet = { $name } has not started yet.
tournament-pairings-title = { $name } round { $round }:
tournament-bye = { $board }. { $player } has a bye
tournament-playing-in = playing in #{ $room }
tournament-waiting-room = waiting for its room
tournament-pairing = { $board }. { $south } (South) vs { $north } (North): { $result }{ $forfeit ->
    [yes] {" (forfeit)"}
   *[no] {""}
}
tournament-game-opened = Tournament { $name }, round { $round }, board { $board }: { $kind }, { $players }. { $line }
tournament-result = { $name } round { $round }, board { $board }: { $south } { $score } { $north }.
tournament-round-begins = Round { $round } of { $name } begins.
tournament-over = Tournament { $name } is over.
tournament-over-winner = Tournament { $name } is over: { $winner }.

## Standings

tournament-registered = { $name } has not started; registered: { $players }.
tournament-registered-nobody = nobody yet
tournament-when-first = round { $round } in play
tournament-when-between = after round { $done }, round { $round } in play
tournament-when-after = after round { $done }
tournament-standings-title = { $name } standings, { $when }:
tournament-standings-title-final = { $name } standings, { $when } (final):
tournament-standings-title-cancelled = { $name } standings, { $when } (cancelled):
tournament-standing = { $rank } { $player } { $points } { $points ->
    [one] pt
   *[other] pts
} ({ $won }-{ $drawn }-{ $lost }), Buchholz { $buchholz }, SB { $sb }
tournament-standing-knockout = { $rank } { $player }: { $result }
# Appended after a space to a withdrawn player's line.
tournament-withdrawn-mark = (withdrawn)
# Appended after a space to a knockout's winner decided by forfeit.
tournament-forfeit-mark = (forfeit)
tournament-winner = { $winner } wins
tournament-winner-final = { $winner } wins { $round } against { $other }

## Knockout rounds: the stage (used after "won", "lost", "lost in", "in", "wins ... against")

tournament-stage-final = the final (round { $round })
tournament-stage-semi = the semi-final (round { $round })
tournament-stage-quarter = the quarter-final (round { $round })
tournament-stage-round = round { $round }
tournament-ko-won = won { $stage }
tournament-ko-lost = lost { $stage }
tournament-ko-lost-in = lost in { $stage }
tournament-ko-in = in { $stage }

## Standings pictures

tournament-table-standings = { $name } standings
tournament-table-crosstable = { $name } crosstable
tournament-col-player = Player
tournament-col-result = Result
tournament-col-points = Points
tournament-col-wdl = W-D-L
tournament-col-buchholz = Buchholz
tournament-col-sb = SB

## Ratings

rating-games = { $count ->
    [one] { $count } game
   *[other] { $count } games
}
rating-line = { $game } { $rating }{ $provisional ->
    [yes] {" provisional"}
   *[no] {""}
} ({ $games }: { $won } won, { $drawn } drawn, { $lost } lost{ $last })
# Appended to rating-line's counts: the last game's change, e.g. `+12`.
rating-last-change = , last change { $change }
rating-unrated = { $game } unrated
rating-summary = { $player }: { $katro }; { $hoyito }.
rating-chart-title = { $player }: rating history
rating-chart-steps = rated games
rating-chart-band = rating deviation
leaderboard-empty = { $game }: no rated games yet.
leaderboard-title = { $game } leaderboard (? = provisional):

## Channel settings

settings-theme = Board pictures here are drawn in the { $theme ->
    [dark] dark
   *[light] light
} theme.
settings-pictures-frames = Moves here are shown as every frame of a move (a contact sheet when there are many).
settings-pictures-sheet = Moves here are shown as a move's frames in one contact sheet, then the final board.
settings-pictures-final = Moves here are shown as only the final board, with the move's path drawn on it.
settings-pictures-gif = Moves here are shown as the move as an animated GIF.
settings-view-mover = Boards of games between two people here are drawn from the side of the player who moved (games against the AI: from the human's side).
settings-view-south = Boards of games between two people here are drawn from South's side (games against the AI: from the human's side).
settings-view-north = Boards of games between two people here are drawn from North's side (games against the AI: from the human's side).

## Limits and failures

limit-user-throttled = you are sending commands faster than the bot takes them; nothing was changed. Try again in { $secs } s.
limit-channel-throttled = this channel is sending commands faster than the bot takes them; nothing was changed. Try again in { $secs } s.
channel-id-refused = the bot keeps no game in this channel: { $fault }
limit-command-too-long = that command is { $len ->
    [one] { $len } character
   *[other] { $len } characters
} long; commands are at most { $max ->
    [one] { $max } character
   *[other] { $max } characters
}
busy-retry = too many commands at once in this channel; nothing was changed, try again
store-failed = the game store failed, nothing was changed: { $error }
store-not-answering = the game store is not answering right now; nothing was changed, try again in a minute (the details are in the bot's log)
store-disk-full = the game store cannot save anything right now: the server's disk is full or read-only. Nothing was changed; try again once the host has freed space

## Parse errors of typed holes, moves, games and positions (the reason comes from the
## rules, in English)

input-bad-hole = bad hole { $typed }: { $reason }; expected a column letter and a row number, like `c1`
input-bad-katro-move = bad move { $typed }: { $reason }; expected a hole and a direction, like `c1+` or `c1-` (bare `c1` means +)
input-bad-hoyito-move = bad move { $typed }: { $reason }; expected a hole of your row, like `d1`
input-bad-game = bad game { $typed }: { $reason }; expected `katro`, `katro:4x6`, `katro:4x4`, `hoyito` or `hoyito:2xN` with N from 6 to 12
input-bad-position = bad position { $typed }: { $reason }; expected `GAME/ROW1/.../ROWn TOMOVE [S N]`, e.g. `hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0`
input-reason-empty = empty move
input-reason-not-a-hole = { $text } is not a hole
input-reason-off-board = { $hole } is off the { $game } board (columns a-{ $last }, rows 1-{ $rows })
input-reason-hoyito-step = Hoyito has no lone-seed steps
input-reason-two-directions = one direction only: `+` or `-` after the hole
input-reason-hoyito-direction = Hoyito moves have no direction
input-reason-katro-size = Katro boards are 6x6, 4x6 and 4x4
input-reason-hoyito-size = Hoyito boards are 2xN
input-reason-katro-board = Katro boards are 6x6, 4x6 and 4x4 (K1), not { $rows }x{ $cols }
input-reason-hoyito-board = Hoyito boards have 6 to 12 holes per row (H1), not { $cols }
input-reason-unknown-game = unknown game

## threads
settings-threads-on = From now on each new game between people challenged here is played in a room of its own that I open (a thread on Discord), so this channel can hold many games. `{ $p }set threads off` goes back to one game per channel.
settings-threads-off = From now on games challenged here are played in this channel, one at a time.

## tournament organizer tools
tournament-organizer-only = only the organizers of { $name } ({ $organizer }, or the organizer role) can do that
tournament-org-not-started = { $name } has not started
tournament-no-board = { $name } has no board { $board } in its current round
tournament-no-game = { $name } has no game `{ $id }`
tournament-no-game-here = no tournament here has a game `{ $id }`
tournament-game-bye = round { $round }, board { $board } is a bye: there is no game
tournament-game-over = the game of round { $round }, board { $board } is already over ({ $score })
tournament-adjudicate-who = { $player } does not play that game: say south, north, draw, or one of its two players
tournament-game-ended = that game is no longer in play
tournament-game-not-open = the game of round { $round }, board { $board } has not begun yet
tournament-act-failed = that could not be done now (too many changes at once); try again
tournament-adjudicated = { $by } decides { $name } round { $round }, board { $board }: { $south } { $score } { $north }. Reason: { $reason }
tournament-extend-no-clock = the games of { $name } have no time limit
tournament-extend-late = the deadline of round { $round }, board { $board } has already passed: the game is lost on time
tournament-extended = { $by } gives more time in { $name } round { $round }, board { $board }: { $duration }. { $line }
tournament-already-paused = { $name } is already paused
tournament-not-paused = { $name } is not paused
tournament-paused = { $name } is paused by { $by }: every clock is stopped, no deadline passes and no round is paired until `{ $p }tournament resume`. Moves may still be played; the clock does not run.
tournament-resumed = { $name } resumes ({ $by }, after a pause of { $duration }): every clock restarts with the time its player had left.
tournament-room-paused = { $name } is paused. { $line }
tournament-room-resumed = { $name } resumes. { $line }
tournament-rule = unfinished game: more seeds captured wins (a match: more games won first), equal is a draw
tournament-next-paused = { $name } is paused: `{ $p }tournament resume` first
tournament-next-unfinished = round { $round } of { $name } has { $count ->
    [one] { $count } unfinished game (board { $boards })
   *[other] { $count } unfinished games (boards { $boards })
}: the next round begins when they end, or `{ $p }tournament next-round adjudicate` decides them now (more seeds captured wins, a match: more games won first; equal is a draw)
tournament-round-closed = Round { $round } of { $name } is closed.
tournament-round-closed-rule = Round { $round } of { $name } is closed by the organizer: { $count ->
    [one] { $count } unfinished game (board { $boards }) is decided
   *[other] { $count } unfinished games (boards { $boards }) are decided
} by the rule: { $rule }.
tournament-kicked = { $player } is removed from { $name } by { $by }.
tournament-kicked-why = { $player } is removed from { $name } by { $by }. Reason: { $reason }
tournament-checkin-started = check-in is before the start, and { $name } has started
tournament-checkin-not-open = check-in for { $name } is not open (an organizer opens it: `{ $p }tournament checkin open [DURATION]`)
tournament-checkin-closed = check-in for { $name } closed { $time }
tournament-checked-in-already = you are already checked in for { $name }
tournament-checked-in = { $player } checks in for { $name } ({ $count } of { $players }).
tournament-checkin-open = Check-in for { $name } is open: players, `{ $p }tournament checkin`. At the start, whoever has not checked in is removed.
tournament-checkin-open-until = Check-in for { $name } is open until { $time }: players, `{ $p }tournament checkin`. At the start, whoever has not checked in is removed.
tournament-no-shows = { $count ->
    [one] Not checked in, removed from { $name }: { $players }.
   *[other] Not checked in, removed from { $name } ({ $count }): { $players }.
}
tournament-log-empty = { $name }: no organizer action yet
tournament-log-head = Organizer log of { $name } ({ $count ->
    [one] { $count } entry
   *[other] { $count } entries
}, newest first):
tournament-log-line = { $time } { $by }: { $what }
tournament-log-older = … and { $count } older
tournament-log-started = started the tournament
tournament-log-cancelled = cancelled the tournament
tournament-log-adjudicated = decided round { $round }, board { $board }: { $score } ({ $reason })
tournament-log-extended = gave round { $round }, board { $board } { $duration } more
tournament-log-paused = paused the tournament
tournament-log-resumed = resumed the tournament after { $duration }
tournament-log-round-closed = closed round { $round } ({ $count ->
    [one] { $count } game decided
   *[other] { $count } games decided
})
tournament-log-kicked = removed { $player }
tournament-log-kicked-why = removed { $player } ({ $reason })
tournament-log-checkin = opened check-in
tournament-log-checkin-until = opened check-in until { $time }
tournament-log-no-shows = removed { $count ->
    [one] a player
   *[other] { $count } players
} not checked in: { $players }
tournament-phase-paused = round { $round }, paused
tournament-board-which = several tournaments are running ({ $list }): to name board { $board }, write the command in the game's room, or name the game by its id
## tournament results, formats and info
tournament-format-double = double round robin
tournament-accelerated-word = accelerated
tournament-ties-rematch = a drawn game is followed by a second game with the sides swapped; if that is drawn too, by deciders at half the time per move (at least 1 h), the sides swapped each time; after a third drawn decider the higher seed advances
tournament-ties-seed = a drawn game advances the higher seed
tournament-info-ties = Knockout draws (`rematch`|`seed`, chosen at creation): { $rule }.
tournament-info-accelerated = Round 1 is accelerated: the top half by rating plays among itself, and so does the bottom half.
tournament-info-head = Tournament { $name }: { $kind }, { $format }, { $time }.
tournament-info-who = Run by { $organizer }; { $phase }, { $players }.
tournament-info-standings = Standings: points (win 1, draw ½), then Buchholz, then Sonneborn-Berger; players equal on all three share a rank; withdrawn players are listed last.
tournament-info-standings-swiss = Standings: points (win 1, draw ½, a bye 1 once its round ends), then Buchholz, then Sonneborn-Berger; players equal on all three share a rank; withdrawn players are listed last.
tournament-info-standings-knockout = Standings: by the round reached; players out in the same round share a rank; withdrawn players are listed last.
tournament-info-rules = Rules: the games are rated; a passed deadline loses the game; no hints, takebacks or aborts; the game's rules: `{ $p }rules { $game }`.
tournament-tie-rematch = Board { $board } drawn: { $south } and { $north } play a second game with the sides swapped ({ $south } is South).
tournament-tie-decider = Board { $board } drawn again: { $south } and { $north } play decider { $n } at { $time } ({ $south } is South).
tournament-tie-seed = Board { $board } drawn: { $winner } advances as the higher seed ({ $rule }).
tournament-tie-seed-rule = the tournament's tie-break rule
tournament-tie-seed-cap = { $drawn } games drawn, the limit of the tie-break rule
tournament-by-rule = { $result } (higher seed, by the tie-break rule)
settings-tournament-clock = this is a room of the tournament { $name }: its time control applies ({ $time }), and a passed deadline always loses a tournament game; `{ $p }set autoforfeit` is for games outside tournaments, set it in another channel
settings-tournament-hints = this is a room of the tournament { $name }: tournament games never get hints, so `{ $p }set hints` is refused here
tournament-format-arena = arena, { $duration }
tournament-info-arena = Arena: players who are free are paired with each other at once, for { $duration } from the start; games running when it ends are played out.
tournament-info-arena-until = Arena: players who are free are paired with each other at once, until { $end }; games running then are played out.
tournament-info-standings-arena = Standings: arena points: a win 2, a draw 1; after two wins in a row each win counts 4 until a game is not won; equal points share a rank; withdrawn players are listed last.
tournament-arena-title = { $name } arena games in play (new pairings until { $end }):
tournament-arena-game = { $south } (South) vs { $north } (North): { $place }
tournament-arena-none = none right now
tournament-arena-paired = Arena { $name }: new games.
tournament-standing-arena = { $rank } { $player } { $points } { $points ->
    [one] pt
   *[other] pts
} ({ $won }-{ $drawn }-{ $lost }){ $streak ->
    [yes] , on a streak
   *[no] {""}
}
tournament-game-second = Second game of this board, after a drawn one: the sides are swapped.
tournament-game-decider = Decider { $n } of this board, after drawn games: { $time }, the sides swapped.
tournament-phase-arena = games in play
tournament-when-arena = after { $count ->
    [one] { $count } game
   *[other] { $count } games
}
tournament-over-shared = Tournament { $name } is over: { $players } share first place, equal on points and every tie-break.
