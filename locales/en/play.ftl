# play
# Words (src/core/text/mod.rs)
side-south = South
side-north = North
game-kind = { $game } { $rows }x{ $cols }{ $lone ->
    [yes] {" "}with lone-seed steps
   *[no] {""}
}{ $is_match ->
    [yes] {" "}match
   *[no] {""}
}
move-summary = { $player } ({ $side }) sowed { $mv }: { $parts }.
move-laps = { $count ->
    [one] { $count } lap
   *[other] { $count } laps
}
move-captured = captured { $taken } from { $target }
move-casas = captured { $seeds } in { $count ->
    [one] casa
   *[other] casas
} at { $at }
move-form-katro = `{ $prefix }sow HOLE+` or `{ $prefix }sow HOLE-`
move-form-hoyito = `{ $prefix }sow HOLE`
move-event-relay = relay { $lifted } from { $hole }
move-event-capture = capture { $taken } from { $target } at { $hole }
move-event-casa = casa at { $hole }
move-event-last-four = last four
move-event-pass = { $side } passes
move-event-stop = stop at { $hole }
move-error-game-over = the game is over
move-error-off-board = { $hole } is not on this board
move-error-not-your-hole = { $hole } is not { $side }'s hole; each side sows only from its own holes
move-error-closed = { $hole } is closed for this game (M2) and cannot be played
move-error-empty = { $hole } is empty; choose a hole with seeds
move-error-wrong-row = { $hole } is not in your outermost row with seeds (K3): play from row { $row }
move-error-endless = { $mv } is an endless move: its sowing does not end within { $laps ->
    [one] { $laps } lap
   *[other] { $laps } laps
} (K8/H9)
move-error-step-one-seed = a lone-seed step (K11) needs exactly one seed on your side
move-error-step-inward = a lone-seed step (K11) goes one row inward, straight or diagonally
move-error-no-steps = lone-seed steps (K11) are not played in this game
move-error-katro-form = a Katro move is a hole and a direction, like c1+
move-error-hoyito-form = a Hoyito move is a hole, like d1
result-ongoing = The game goes on.
result-win = { $player } ({ $side }) wins: { $reason }.
result-draw = Draw: { $reason }.
result-reason-no-legal-move = no legal move (K9)
result-reason-repetition = third repetition (K10/H10)
result-reason-stalemate = neither player can move (H10)
result-reason-all-captured = all seeds captured (H7/H8)
result-reason-resignation = resignation
result-captured = Captured: South { $south }, North { $north }.
clock-hours = { $count } h
clock-minutes = { $count } min
clock-seconds = { $count } s
clock-after-max = after 9999-12-31
# Games (src/core/games.rs)
game-someone = someone
game-challenge-open-here = { $who }'s challenge to { $kind } is open here; one game per channel: `{ $p }accept` or `{ $p }decline` it first
game-in-play-here = a { $kind } game is in play here ({ $players }); one game per channel: finish it or `{ $p }resign`, or play in another channel
game-challenge-self = you cannot challenge yourself; mention another player, or leave the opponent out so that anyone may `{ $p }accept`
game-terms-plays = { $player } plays { $side }
game-terms-random-sides = sides drawn at random
game-terms-per-move = , { $time } per move
game-terms-no-limit = , no time limit
game-terms-unrated = , unrated
game-challenge = { $player } challenges { $opponent } to { $kind } ({ $terms }). { $opponent }: `{ $p }accept` or `{ $p }decline` (expires in { $expires }).
game-button-accept = Accept
game-button-decline = Decline
game-button-withdraw = Withdraw
game-open-challenge = { $player } offers a game of { $kind } ({ $terms }): anyone may `{ $p }accept` (expires in { $expires }); `{ $p }decline` withdraws it.
game-no-challenge-to-accept = there is no challenge to accept here; start one with `{ $p }new GAME [@opponent]`
game-already-started = the game here has already started ({ $players }); `{ $p }board` shows it
game-challenge-expired-at = { $player }'s challenge expired at { $date } and can no longer be accepted; start a new one with `{ $p }new GAME [@opponent]`
game-accept-own = you cannot accept your own challenge; wait for an opponent, or `{ $p }decline` to withdraw it
game-accept-only = only { $opponent } can accept { $player }'s challenge; anyone may watch with `{ $p }board`
game-accepts = { $player } accepts { $challenger }'s challenge: { $kind }, { $players }. { $line }
game-no-challenge-to-decline = there is no open challenge to decline here
game-decline-in-play = { $none }; the game in play ({ $players }) ends by `{ $p }resign`
game-expired-removed = { $player }'s challenge had already expired; it is removed.
game-withdraws = { $player } withdraws the challenge.
game-declines = { $player } declines { $challenger }'s challenge.
game-decline-only = only { $opponent } (challenged) or { $challenger } (challenger) can decline this challenge
game-withdraw-only = only { $challenger } can withdraw this open challenge; to play, `{ $p }accept` it
move-legal-list = legal moves: { $moves }
move-illegal = { $typed } is not a legal move: { $error }; { $legal }
move-not-a-player = you are not playing this game ({ $players }); only the two players move, anyone may look with `{ $p }board`
move-ai-turn = it is the AI's turn ({ $side }), not yours: { $ai } plays it; wait for its move
move-not-your-turn = it is { $player }'s turn ({ $side }), not yours; wait for the move
game-match-game-over = Game { $game } of the match is over. { $outcome } { $captured }
picture-series-side = { $side } ({ $player })
picture-chart-katro = { $south } vs { $north }: seeds on each side
picture-chart-hoyito = { $south } vs { $north }: seeds captured
picture-chart-plies = plies
game-match-next = Game { $game } starts (M1-M3): { $standing }; closed holes: { $closed }.
game-match-next-open = Game { $game } starts (M1-M3): { $standing }; closed holes: none.
game-resign-challenge = there is nothing to resign: the challenge is not accepted yet; `{ $p }decline` withdraws or declines it
game-resign-not-a-player = you are not playing this game ({ $players }); only a player can resign
game-resigns = { $player } ({ $side }) resigns.
# Views (src/core/views.rs)
view-players = { $south } (South) vs { $north } (North)
view-no-game = there is no game in play here; start one with `{ $p }new GAME [@opponent]`
view-not-started = the game has not started: the challenge is waiting for `{ $p }accept`
view-match-standing = games won { $south } { $south_wins }, { $north } { $north_wins }; reserves { $south } { $south_reserve }, { $north } { $north_reserve }
view-to-move = { $player } ({ $side }) to move.
view-to-move-form = { $player } ({ $side }) to move: { $form }.
view-side-to-move = { $side } to move.
clock-deadline = Deadline for { $player }: { $time } ({ $per_move } per move).
result-on-time = Game over. { $player } ({ $side }) wins on time.
result-draw-agreed = Game over. Draw by agreement.
result-aborted = Game aborted: no result, unrated.
result-game-over = Game over. { $outcome } { $captured }
result-match-by-resignation = {" "}by resignation
result-match-m4 = {" "}(M4): { $player } holds { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} in all (captured { $captured }, reserve { $reserve }), fewer than four
result-match-over = Match over after { $count ->
    [one] { $count } game
   *[other] { $count } games
}: { $player } ({ $side }) wins the match{ $how }. Games won: { $south } { $south_wins }, { $north } { $north_wins }.
view-board = { $kind }: { $players }, move { $number }. Position: `{ $position }`. { $player } ({ $side }) to move.
view-board-match = { $kind }: { $players }, move { $number } of game { $game }. Match (M1-M4): { $standing }. Position: `{ $position }` (its stores are this game's captures). { $player } ({ $side }) to move.
view-challenge-expired = No game here: { $challenger }'s challenge to { $opponent } ({ $kind }) expired; start one with `{ $p }new GAME [@opponent]`.
view-open-challenge-expired = No game here: { $challenger }'s open challenge ({ $kind }) expired; start one with `{ $p }new GAME [@opponent]`.
view-challenge-waiting = No game yet: { $challenger } challenged { $opponent } to { $kind }; waiting for { $opponent } to `{ $p }accept`.
view-open-challenge-waiting = No game yet: { $challenger } offers a game of { $kind } to anyone; `{ $p }accept` to play.
view-last-game = No game in play here. The last one ({ $kind }, { $players }): { $result } Position: `{ $position }`. Start a new one with `{ $p }new GAME [@opponent]`.
view-legal-moves = Legal moves for { $player } ({ $side }): { $moves }
view-replay-none = no move has been played in this game yet: nothing to replay
view-replay-broken = the stored game does not replay: { $error }
view-replay = Replay of move { $number }: { $summary }
view-record-game = Game { $id }: { $kind }
view-record-started = Started { $date }
view-record-in-play = In play: { $player } ({ $side }) to move
view-record-match = Match (M1-M4), game { $game }: { $standing }
view-record-no-moves = (no moves yet)
view-record-match-game = Game { $game }: { $moves }{ $result }
# Correspondence (src/core/correspondence.rs)
clock-timeout = { $player } ({ $side }) did not move by the deadline ({ $time }).
clock-claim-not-a-player = you are not playing this game ({ $players }); only the opponent of the player to move can claim
clock-claim-no-clock = this game has no time per move, so there is nothing to claim
clock-claim-ai = { $ai } never runs out of time: it owes its move and plays it now
clock-claim-own-move = it is your move; only { $opponent } could claim, once your deadline ({ $time }) has passed
clock-claim-own-move-late = it is your move and your deadline ({ $time }) has passed: only { $opponent } can claim the win; move now to play on
clock-claim-early = { $player }'s deadline has not passed yet: { $time }; `{ $p }claim` after it
game-abort-not-a-player = you are not playing this game ({ $players }); only a player can abort it
game-abort-tournament = a tournament game cannot be aborted; `{ $p }resign`, or an organizer can `{ $p }tournament withdraw @user`
game-abort-too-late-ai = both sides have moved, so the game can no longer be aborted; `{ $p }resign`
game-abort-too-late = both sides have moved, so the game can no longer be aborted; `{ $p }resign` or offer a `{ $p }draw`
game-aborts = { $player } aborts the game ({ $players }): no result, unrated.
game-draw-not-a-player = you are not playing this game ({ $players }); only a player can offer a draw
game-draw-offered-already = you have already offered a draw; { $other } may accept it with `{ $p }draw`
game-draw-accepts = { $player } accepts the draw offer.
game-draw-offer = { $player } offers a draw. { $opponent }: `{ $p }draw` to accept; a move declines it.
game-rematch-busy = there is already a challenge or a game here; one game per channel (`{ $p }board` shows it)
game-rematch-none = no game has finished here yet; start one with `{ $p }new GAME [@opponent]`
game-rematch-not-a-player = only the players of the last game here ({ $players }) can ask for its rematch
game-rematch-tournament = the last game here was a tournament game; challenge with `{ $p }new` instead
game-rematch-no-opponent = the last game here has no opponent to ask
game-rematch = { $player } asks { $opponent } for a rematch of { $kind }{ $rated ->
    [no] {" "}(unrated)
   *[yes] {""}
}, sides swapped: { $player } plays { $side }. { $opponent }: `{ $p }accept` or `{ $p }decline` (expires in { $expires }).
clock-reminder = { $player }, your move ({ $side }) in { $kind } ({ $players }): the deadline is { $time }. { $form }
clock-challenge-expired = { $player }: your challenge to { $opponent } ({ $kind }) was not accepted by its expiry ({ $time }). Start a new one with `{ $p }new GAME [@opponent]`.
clock-open-challenge-expired = { $player }: your open challenge ({ $kind }) was not accepted by its expiry ({ $time }). Start a new one with `{ $p }new GAME [@opponent]`.
clock-timeout-notice = { $player } ({ $side }) did not move by the deadline ({ $time }). { $opponent } may `{ $p }claim` the win, or wait for the move.
clock-muted = { $player }: move reminders are off for you here (`{ $p }unmute` turns them on).
clock-unmuted = { $player }: move reminders are on for you here.
game-organizers = on Discord Manage Server or the organizer role, on Matrix room moderators
game-settings-organizers-only = only organizers ({ $who }) can change channel settings
clock-autoforfeit-on = Auto-forfeit is on in this channel: a player whose deadline passes loses the game automatically.
clock-autoforfeit-off = Auto-forfeit is off in this channel: once a deadline passes, the opponent may `{ $p }claim` the win.
# Against the AI (src/core/vs_ai.rs)
ai-no-such-level = AI level { $level } does not exist: levels are { $levels }
ai-budget-positions = up to { $count ->
    [one] { $count } position
   *[other] { $count } positions
} per move
ai-budget-time = up to { $time } per move
ai-time-per-move = { $time } per move for { $player }; a passed deadline loses the game
ai-no-time-limit = no time limit
ai-game-start = { $player } plays { $kind } against the AI, unrated ({ $time }): { $players }. I play { $side } at level { $level } ({ $name }, thinking { $budget }). { $line } `{ $p }resign` ends the game.
ai-player = mancala-bot (level { $level }, { $name })
ai-level-name = { $level ->
    [1] beginner
    [2] casual
    [3] club
    [4] expert
    [5] master
   *[other] ?
}
ai-no-draws = { $ai } does not agree to draws; play on, or `{ $p }resign`
ai-store-failed = the game store failed, the AI's move was not played: { $error }
ai-busy = the AI is busy with { $count ->
    [one] { $count } game
   *[other] { $count } games
} right now; nothing was changed, try again in a minute
clock-milliseconds = { $count } ms
# Hints (src/core/hint.rs)
hint-no-game = no game in play here: a hint is for the player to move
hint-tournament = no hints in tournament games
hint-rated = no hints in rated games: hints are for games against the AI, and for unrated games (`{ $p }new katro @friend unrated`) where an organizer turned them on (`{ $p }set hints on`)
hint-not-a-player = hints are for the players of the game here
hint-not-your-turn = it is not your turn: a hint is for the player to move
hint-off = hints are off in this channel: an organizer may turn them on for unrated games with `{ $p }set hints on`
hint-gain = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} for you
hint-line = Hint for { $player } ({ $side }): `{ $p }sow { $mv }`: { $what }. { $verdict }
hint-depth = { $count ->
    [one] { $count } ply
   *[other] { $count } plies
}
hint-forced-win = With it the AI sees a forced win ({ $depth } deep).
hint-forced-loss = The AI sees a forced loss whatever you play; this move resists longest ({ $depth } deep).
hint-balance-for = With it the AI's search ({ $depth } deep) rates the game { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} in your favour.
hint-balance-against = With it the AI's search ({ $depth } deep) rates the game { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} against you.
hint-game-over = the game is over: no move to hint
hint-search-failed = the AI could not search: { $error }
hint-set-on = Hints are on in this channel: in unrated games, the player to move may ask `{ $p }hint`. Rated and tournament games never get hints.
hint-set-off = Hints are off in this channel (games against the AI still have them).
# Ratings after a game (src/core/aftermath.rs)
result-unrated-unmoved = Unrated: the game ended before both sides had moved.
result-ratings = Ratings ({ $family }): { $south } { $south_before } → { $south_after }, { $north } { $north_before } → { $north_after }.
# Reviews (src/core/analysis.rs)
review-no-game = no game has finished in this channel yet: `{ $p }analyze` reviews the last one
review-no-moves = the last game here has no moves to review
review-blunders = { $count ->
    [0] no blunders
    [one] { $count } blunder
   *[other] { $count } blunders
}
review-mistakes = { $count ->
    [0] no mistakes
    [one] { $count } mistake
   *[other] { $count } mistakes
}
review-inaccuracies = { $count ->
    [0] no inaccuracies
    [one] { $count } inaccuracy
   *[other] { $count } inaccuracies
}
review-head = Review of game { $id } ({ $kind }): { $south } (South) vs { $north } (North); the AI searched { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
} per move.
review-accuracy = Accuracy: { $south } { $south_accuracy }, { $north } { $north_accuracy }.
review-slip = { $ply } { $mark ->
    [blunder] blunder
    [mistake] mistake
   *[other] inaccuracy
} (lost { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}; best { $best })
review-slips = Blunders and mistakes: { $listed }.
review-slips-more = Blunders and mistakes: { $listed }; and { $count } more (see the chart).
review-perfect = Endgame tables: from { $ply } on, { $player } ({ $side }) had a position { $result ->
    [won] won
    [drawn] drawn
   *[lost] lost
} with perfect play.
review-perfect-slip = { $ply } left a { $before ->
    [won] won
    [drawn] drawn
   *[lost] lost
} position { $after ->
    [won] won
    [drawn] drawn
   *[lost] lost
}
review-perfect-kept = No move changed that.
review-chart-title = { $south } (South) vs { $north } (North), { $kind }
review-failed = the AI could not review the game: { $error }
review-cooldown = you started another analysis a short while ago; nothing was changed. Try again in { $secs } s.
review-running = this game is being analysed now; its review is kept when done. Try again in { $secs } s.
review-busy = the analyses are busy with { $count ->
    [one] { $count } game
   *[other] { $count } games
}; nothing was changed. Try again in { $secs } s.
# Pictures (src/core/painter.rs, src/core/dispatch.rs)
picture-match-game = match game { $game }
picture-match-side = reserve { $reserve }, { $count ->
    [one] { $count } game
   *[other] { $count } games
} won
picture-match-status = { $game }: games won South { $south_wins }, North { $north_wins }; reserves (M2) South { $south_reserve }, North { $north_reserve }
picture-how-on-time = on time
picture-status-win = Game over: { $side } wins, { $how }
picture-status-draw-agreed = Game over: draw, agreed
picture-status-aborted = Game aborted: no result
picture-status-to-move = { $side } to move
picture-status-draw = Game over: draw, { $how }
picture-replay-frames = , in { $count ->
    [one] { $count } frame
   *[other] { $count } frames
}.
picture-replay-alt = Animated replay, ending: { $alt }
picture-busy = the bot is busy drawing { $count ->
    [one] { $count } replay
   *[other] { $count } replays
}; nothing was changed. Try again in { $secs } s.
picture-budget = you asked for many pictures lately (a replay costs one per frame drawn); nothing was changed. Try again in { $secs } s.
picture-failed = the replay could not be drawn; try again later
picture-move-alt = Animated move, ending: { $alt }
# Picture captions and alt texts (src/render/plan.rs)
picture-game-katro-steps = Katro { $rows }x{ $cols }, lone steps
picture-rows = rows { $first }-{ $last }
picture-row = row { $row }
picture-turn-sowing = sowing
picture-turn-to-move = to move
picture-turn-wins = wins
picture-turn-draw = draw
picture-alt-row = row { $row }: { $cells }
picture-alt-board = Board, columns a to { $last }{ $closed ->
    [yes] , x = closed hole
   *[no] {""}
}: { $rows }.
picture-stats-katro = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}, took { $took }
picture-stats-hoyito = captured { $captured }
picture-seeds = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
picture-plays = { $side } plays { $mv }
picture-casa-captures = casa at { $hole }: { $side } captures 4
picture-lap = lap { $lap }: { $what }
picture-in-hand = { $count } in hand, sown on from the next hole
picture-alt-frame = Frame { $n } of { $frames }, { $headline } ({ $game }, seen from { $view }): lap { $lap }: { $what }; sown this lap: { $sown }; { $hand } in hand. { $board } { $players }
picture-alt-final = Frame { $frames } of { $frames }, { $headline } ({ $game }, seen from { $view }): { $closing }. The whole move: { $all }. { $board } { $players } { $status }.
picture-end = end
picture-end-with = end: { $events }
picture-alt-position = { $game } position, seen from { $view }: { $status }. { $board } { $players }
# Pictures drawn (src/render/sheet.rs, paint.rs, chart.rs)
picture-sheet-empty = no frames
picture-sheet-empty-alt = Contact sheet with no frames.
picture-sheet-alt = Contact sheet of { $count ->
    [one] { $count } frame
   *[other] { $count } frames
}, in order: { $items }.
picture-tag-start = start
picture-tag-capture = capture
picture-tag-taken = { $taken } taken
picture-tag-casa-four = casa 4
picture-tag-casa = casa, lap { $lap }
picture-tag-capture-lap = capture, lap { $lap }
picture-tag-end = end
picture-chart-band = { $steps } (band: { $band })
picture-chart-eval-axis = ply (seeds ahead: S above, N below)
picture-chart-series-alt = { $name }: from { $first } to { $last }{ $band } over { $count } { $steps }, highest { $best } after step { $step }
picture-chart-alt = Chart, { $title }. { $parts }.
picture-chart-mark = ply { $ply } { $kind ->
    [inaccuracy] inaccuracy
    [mistake] mistake
    [blunder] blunder
   *[other] mark
}
picture-chart-marked-none = none
picture-chart-eval-alt = Evaluation chart, { $title }: South's lead in seeds over { $count ->
    [one] { $count } ply
   *[other] { $count } plies
}, from { $first } to { $last }; highest { $high } at ply { $high_ply }, lowest { $low } at ply { $low_ply }. Marked: { $marked }.

## Words and pictures: names, letters, tags and usage words written per language
# A side's letter in game records (`12.S c1+`) and charts.
side-letter-south = S
side-letter-north = N
# The games' names, in the language's letters.
game-name-katro = Katro
game-name-hoyito = Hoyito
# A label and its text joined in code, with the language's spacing before the colon.
text-colon = { $head }: { $tail }
# Path pictures: the lap, or laps, that ended in a hole ($laps: `2`, `1,4`).
picture-tag-lap = { $count ->
    [one] lap
   *[other] laps
} { $laps }
# A frame's relay tag: the seeds lifted from the hole.
picture-tag-relay-lifted = relay of { $count }
# H7: a hole whose seeds the mover took in the last-four sweep.
picture-tag-last-four = last four
# The placeholders of commands' usage lines (`new GAME [@opponent] [TIME]`).
usage-word-game = GAME
usage-word-time = TIME
usage-word-name = NAME
usage-word-hole = HOLE
usage-word-rounds = ROUNDS
usage-word-setting = SETTING
usage-word-value = VALUE
usage-word-command = COMMAND
usage-word-opponent = @opponent
usage-word-user = @user

## takeback
takeback-move = { $mv } ({ $player })
takeback-not-a-player = only the players ({ $players }) can take back a move
takeback-tournament = no takebacks in a tournament game
takeback-rated = no takebacks in a rated game: only unrated games allow them
takeback-ai-level = the AI allows takebacks up to level { $max }; this game is against level { $level }
takeback-nothing = you have no move to take back in this game yet; `{ $p }moves` lists the legal moves
takeback-ai = { $player } takes a move back against the AI (allowed up to level { $max }).
takeback-asks = { $player } asks to take back: { $moves }. { $opponent }: `{ $p }accept` or `{ $p }decline`; any move cancels the request.
takeback-asked-already = you asked for a takeback already; { $opponent } has to answer (`{ $p }decline` withdraws it)
takeback-pending-other = { $asker } asked for a takeback first: `{ $p }accept` or `{ $p }decline` it
takeback-accept-own = you asked for this takeback; { $opponent } has to accept it
takeback-accepts = { $player } accepts the takeback asked by { $asker }.
takeback-undone = Taken back: { $moves }. Takebacks in this game: { $count }.
takeback-declines = { $player } declines the takeback asked by { $asker }; the game goes on as it stands.
takeback-withdraws = { $player } withdraws the takeback request.
takeback-cancelled = The pending takeback request is cancelled by this move.
takeback-record = Takebacks: { $count } (so the game is unrated)

## vacation
vacation-board = { $player } is on vacation until { $date }: their clock is stopped.
vacation-claim = { $player } is on vacation until { $date }: their clock is stopped, no claim before then
vacation-on = { $player } is on vacation until { $date }; { $left } of { $allowance ->
    [one] { $allowance } vacation day
   *[other] { $allowance } vacation days
} left this year.
vacation-off-now = You are not on vacation; { $left } of { $allowance ->
    [one] { $allowance } vacation day
   *[other] { $allowance } vacation days
} left this year. `{ $p }vacation 7d` starts one, `{ $p }vacation off` ends it.
vacation-not-on = you are not on vacation; `{ $p }vacation 7d` starts one
vacation-already = you are on vacation until { $date } already; `{ $p }vacation off` ends it
vacation-over-allowance = { $days ->
    [one] { $days } day is
   *[other] { $days } days are
} more than you have left: { $left } of { $allowance ->
    [one] { $allowance } vacation day
   *[other] { $allowance } vacation days
} this year
vacation-ended = The vacation of { $player } ends now: the clocks run again. { $left ->
    [one] { $left } day
   *[other] { $left } days
} left this year.
vacation-starts = { $player } is on vacation until { $date }: the clocks of unrated correspondence games here are stopped until then. { $left } of { $allowance ->
    [one] { $allowance } day
   *[other] { $allowance } days
} left this year.
## Live clocks, match lengths, !resign game|match

game-terms-live = , live clock { $clock }
clock-live-control = { $minutes } min{ $seconds ->
    [0] {""}
   *[other] {" "}+ { $seconds } s per move
}
clock-live = Clocks: { $south } { $south_left }, { $north } { $north_left } ({ $control }); { $player }'s flag falls { $time }.
match-kind-first-to = { $kind }, first to { $count ->
    [one] { $count } win
   *[other] { $count } wins
}
match-kind-games = { $kind } of { $count ->
    [one] { $count } game
   *[other] { $count } games
}
match-resigns-game = { $player } ({ $side }) resigns game { $game } of the match.
game-resign-which = this is a match: `{ $p }resign game` gives up this game (the match goes on), `{ $p }resign match` the whole match
game-resign-no-match = this is a single game, not a match: `{ $p }resign` resigns it
result-match-first-to = {" "}(first to { $count ->
    [one] { $count } win
   *[other] { $count } wins
})
result-match-games = {" "}({ $count ->
    [one] the only game
   *[other] all { $count } games
} played)
result-match-repetition = {" "}by repetition: game { $game } would have started exactly as an earlier game did (same closed holes, reserves and first mover), so the match would go round for ever; decided by { $by_seeds ->
    [yes] the seeds each holds, as a repeated game is (H10, H8): { $south } { $south_seeds }, { $north } { $north_seeds }
   *[no] the games won
}
result-match-drawn = Match over after { $count ->
    [one] { $count } game
   *[other] { $count } games
}: the match is drawn{ $how }. Games won: { $south } { $south_wins }, { $north } { $north_wins }.
result-match-verdict = The match ends with game { $game }. Games won: { $south } { $south_wins }, { $north } { $north_wins }.
## archive
archive-game-started = Game id: { $id } (`{ $p }game ID` shows it from any channel, `{ $p }games` lists yours).
archive-game-ended = Game id: { $id } (`{ $p }analyze ID` reviews it, `{ $p }history` lists this channel's games).
archive-unknown-id = there is no game { $id } in this community: `{ $p }games` lists yours, `{ $p }history` this channel's
parse-game-id = { $word } is not a game id: an id is 8 letters and digits such as `k7m2q9xd` (or an older one such as `1700000000000-3`); usage: `{ $usage }`
parse-game-id-missing = which game? Give its id; usage: `{ $usage }` (`{ $p }games` lists yours)
archive-games-none = you have no games in this community yet: start one with `{ $p }new GAME [@opponent]`
archive-games-head = Games of { $player }:
archive-games-running = In play ({ $count }):
archive-games-finished = Last finished ({ $count }):
archive-games-footer = `{ $p }game ID` shows a game from any channel.
archive-turn-challenge = challenge not accepted yet
archive-clock = due { $time }
archive-no-clock = no clock
archive-turn-yours = your move, { $clock }
archive-turn-of = { $player } to move, { $clock }
archive-running-line = { $id } { $kind } vs { $opponent } in { $channel }: { $turn }
archive-result-won = won
archive-result-lost = lost
archive-result-draw = draw
archive-result-none = no result
archive-result-won-by = { $player } won
archive-finished-line = { $id } { $kind } vs { $opponent }: { $result }, { $date }
archive-game-where = Game { $id }, played in { $channel }:
archive-game-challenge = a challenge to { $kind } not accepted yet: it has no moves
archive-game-ended-at = Ended { $date }
archive-history-none = no game has finished in this channel yet
archive-history-head = Last games finished here ({ $count }):
archive-history-line = { $id } { $players }: { $result }, { $date }
archive-history-footer = `{ $p }game ID` shows one, `{ $p }record` the moves of the game here.
review-not-finished = game { $id } is not finished yet: `{ $p }analyze ID` reviews finished games
## notify
parse-notify-unknown = { $word } is not a way to be told: use `{ $p }notify dm` (a direct message), `{ $p }notify mention` (a ping in the game's channel), `{ $p }notify off` or `{ $p }notify digest` (one direct message a day)
notify-shown = { $player }: you are told it is your turn by `{ $mode }`. Change it with `{ $p }notify dm`, `{ $p }notify mention` or `{ $p }notify off`.
notify-set-dm = { $player }: from now on a direct message tells you it is your turn, and the game's channel names you without a ping.
notify-set-mention = { $player }: from now on the game's channel pings you when it is your turn.
notify-set-off = { $player }: from now on you are not told when it is your turn; the game's channel names you without a ping.
notify-turn = { $player }, your turn: { $game } against { $opponent } in { $channel } (game `{ $id }`).
notify-turn-deadline = Move by { $due }.
## threads
threads-room-failed = I could not open a room for this game ({ $why }); nothing was created. An organizer can turn rooms per game off with `{ $p }set threads off`.
threads-room-taken = a game is already played in this room
threads-game-in = { $player }'s game is in { $room }.
notify-set-digest = { $player }: from now on the game's channel names you without a ping, and once a day a direct message lists your games here where it is your turn.
notify-digest = { $player }, your daily digest: { $count ->
    [one] it is your turn in 1 game.
   *[other] it is your turn in { $count } games.
}
notify-digest-game = • { $game } against { $opponent } in { $channel } (game `{ $id }`)
notify-digest-due = , move by { $due }
notify-digest-more = … and { $count } more (`{ $p }games` lists them all).
## games on vacation
archive-clock-vacation = on vacation until { $time }: that clock waits
## why a move was marked (issue 32)
review-slip-why = { $slip }: { $why }
review-slip-proven = { $ply } { $mark ->
    [blunder] blunder
    [mistake] mistake
   *[other] inaccuracy
} ({ $why }; best { $best })
review-why-win-thrown = throws away a won position
review-why-win-thrown-in = throws away a win in { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
review-why-loss = walks into a lost position
review-why-loss-in = walks into a loss in { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
review-why-allows = lets { $player } capture { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} with { $reply }
review-why-misses = misses { $best }, which captures { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}

## tournament organizer tools (games)
result-adjudicated-win = Game over. { $player } ({ $side }) wins by the organizer's decision.
result-adjudicated-draw = Game over. Drawn by the organizer's decision.
picture-how-adjudicated = by decision
clock-held = The clock is stopped while the tournament is paused: { $player } has { $left } left.
archive-clock-held = clock stopped (tournament paused), { $left } left

## puzzles (issue 32)
puzzle-theme = { $theme ->
    [relay-capture] relay capture
    [casa-in-passing] casa in passing
    [last-four] last four
    [endgame] endgame
    [capture] capture
    [defence] defence
   *[deep] deep line
}
puzzle-goal-win = find the move that wins
puzzle-goal-seeds = find the move that gains the most seeds (at least { $margin } more than any other)
puzzle-opponent = Opponent
puzzle-daily-head = Daily puzzle: the same for everyone today (UTC).
puzzle-shown = Puzzle `{ $id }` for { $player }: { $board }, rated { $rating }; themes: { $themes }.
puzzle-to-find = You play { $side }: { $goal }.
puzzle-line-long = The line takes { $count ->
    [one] { $count } move
   *[other] { $count } moves
} of yours; the bot plays each reply.
puzzle-answer-with = Answer with { $form }; `{ $p }puzzle skip` gives up.
puzzle-seen-before = You tried this puzzle before: it does not count this time.
puzzle-web-link = Daily puzzle page
puzzle-right = { $mv } is right.
puzzle-your-move = Your move again ({ $side }): { $form }.
puzzle-solved = { $mv } is right: puzzle `{ $id }` solved!
puzzle-failed = { $mv } is not the move: puzzle `{ $id }` failed. The solution: { $line }.
puzzle-skipped = Puzzle `{ $id }` skipped: it does not count. The solution: { $line }.
puzzle-given-up = Puzzle `{ $id }` given up after a move: it counts as failed. The solution: { $line }.
puzzle-rating-change = { $before } → { $after } ({ $delta })
puzzle-rating-line = Puzzle rating ({ $game }): { $change }.
puzzle-streak = Puzzles solved in a row: { $count }.
puzzle-daily-streak = Daily puzzles solved in a row: { $count }.
puzzle-not-counted = Not counted: you had tried this puzzle before.
puzzle-open-already = you have puzzle `{ $id }` open { $here ->
    [yes] here
   *[other] in another channel
}: answer it with `{ $p }sow`, or give it up with `{ $p }puzzle skip`
puzzle-none-open = you have no puzzle open; `{ $p }puzzle` gives you one
puzzle-none-installed = this bot has no puzzles installed
puzzle-no-board = no puzzles for { $board } yet; boards with puzzles: { $boards }
puzzle-all-solved = you have solved all { $count } puzzles of { $board }; other boards: { $boards }
puzzle-gone = your open puzzle `{ $id }` is no longer in this bot's sets; `{ $p }puzzle skip` closes it
puzzle-stats-none = { $player } has not tried a puzzle yet; `{ $p }puzzle` gives one.
puzzle-stats-head = Puzzles of { $player }: { $solved } solved, { $failed } failed.
puzzle-stats-family = { $game }: puzzle rating { $rating } ({ $solved } solved, { $failed } failed).
puzzle-stats-streaks = Solved in a row: { $streak } (best { $best }); daily puzzles in a row: { $daily } (best { $daily_best }).
puzzle-stats-open = Open: puzzle `{ $id }`.
puzzle-playing-here = you play the game in this channel, so your moves here go to it: ask for a puzzle in another channel (`{ $p }puzzle`)
puzzle-hint = Hint: your move starts from { $hole }.
puzzle-hint-uncounted = With a hint this puzzle no longer counts.
