# Messages of the bot itself: languages, counts shared by every part.
# Terms (see locales/GLOSSARY.md): hole, seed, sow, lap, relay, capture, casa, South, North.

count-seeds = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
language-set = Replies here are in English now.
language-auto = Replies here follow each message's language where the platform tells it (Discord: the user's or the server's), else English.
language-unknown = { $word } is not a language here: { $codes } or auto
time-in = in { $span }
time-ago = { $span } ago
time-now = now

# The console transport's own lines: a reply's speaker (with the language's colon), its
# buttons (typed there), and the text diagram's last line.
console-bot = bot:
console-bot-refused = bot (refused):
console-button = [{ $label }: type { $command }]
console-button-only = [{ $label }: type { $command }, only { $user }]
console-pictures-failed = the pictures could not be written ({ $error }); the move stands
diagram-won = game over: { $side } wins
diagram-drawn = game over: drawn

## notify
console-direct = direct message to { $user }

## web
settings-web-on = This community's games, tournaments and players are now on web pages, hidden from search engines (`{ $p }set web index` lets them list the pages). `{ $p }set web off` takes the pages down.
settings-web-off = This community's web pages are off: their addresses now answer “not found”.
settings-web-index = This community's web pages are on, and search engines may list them. `{ $p }set web noindex` asks them not to.
settings-web-noindex = Search engines are now asked not to list this community's web pages.
parse-set-web = { $word } is not a web setting: on, off, index or noindex
web-not-found = Page not found
web-not-found-text = There is no page at this address.
web-footer = mancala-bot, the Katro and Hoyito referee
web-language = Language
web-game-title = { $kind }, game { $id }
web-game-players = Players
web-game-side = Side
web-game-player = Player
web-game-rating = Rating
web-game-captured = Captured
web-game-started = Started
web-game-time-control = Time control
web-game-per-move = { $time } per move
web-game-no-clock = no clock
web-game-result = Result
web-game-in-progress = in progress
web-game-tournament = Tournament
web-game-round = round { $round }, board { $board }
web-game-board = Board
web-game-first = Start
web-game-back = Back
web-game-forward = Forward
web-game-last = End
web-game-ply = Move { $ply } of { $total }
web-game-start-position = Start position
web-game-to-move = { $name } to move
web-game-moves = Moves
web-game-pictures = Pictures of this move
web-game-chart = Seeds over the game
web-game-analysis = Analysis
web-game-analysis-loss = Seeds lost
web-game-analysis-best = Best move
web-game-accuracy = Accuracy
web-game-download = Download
web-game-json = Game record (JSON)
web-game-gif = Animation (GIF)
web-game-live = The board updates by itself while the game goes on.
web-link = Game page: { $url }
web-link-label = Game page

## web pages: tournaments, players, communities
web-tour-game = Game
web-tour-format = Format
web-tour-stage = Stage
web-tour-organizer = Organizer
web-tour-created = Created
web-community-link = Leaderboards and tournaments of this community
web-tour-round-of = round { $round } of { $total }
web-tour-now = Round { $round } in play
web-tour-round-done = Every game of this round is over; the next round is paired soon.
web-tour-bye = bye
web-tour-game-link = game
web-tour-playing = in play
web-tour-waiting = waiting for its room
web-tour-forfeit = forfeit
web-tour-no-players = Nobody has joined yet.
web-tour-standings = Standings
web-tour-buchholz-about = Buchholz: the sum of the opponents' points
web-tour-sb-about = Sonneborn-Berger: the points of the opponents beaten, plus half the points of those drawn
web-tour-champion = champion
web-tour-out-in = out in round { $round }
web-tour-in-round = in round { $round }
web-tour-crosstable = Crosstable
web-tour-swiss-key = Each round: the opponent's place in the standings, the side played (S south, N north) and the score.
web-tour-side-south = S
web-tour-side-north = N
web-tour-round-short = R{ $round }
web-tour-bracket = Bracket
web-tour-round = Round { $round }
web-tour-rounds = Rounds
web-community-title = Leaderboards and tournaments
web-community-leaderboard = { $game } leaderboard
web-community-no-ratings = No rated games yet.
web-community-tournaments = Tournaments
web-community-no-tournaments = No tournaments yet.
web-col-games = Games
web-col-date = Date
web-col-opponent = Opponent
web-player-ratings = Ratings
web-player-unrated = No rated games yet.
web-player-record = won { $won }, drawn { $drawn }, lost { $lost }
web-player-provisional = (provisional)
web-player-chart = { $game } rating over time
web-player-games = Recent games
web-player-no-games = No games yet.
web-player-tournaments = Tournaments
web-player-no-tournaments = No tournaments yet.
web-player-registered = registered, not started yet
web-player-place = place { $place } of { $total }, { $points } pts
## organizer's log on the tournament page (issue 31)
web-tour-log = Organizer's log
## daily puzzle page (issue 32)
web-puzzle-title = Daily puzzle
web-puzzle-today = Today's puzzle ({ $date })
web-puzzle-yesterday = Yesterday's puzzle ({ $date }), with its solution
web-puzzle-about = { $board }, rated { $rating }; themes: { $themes }.
web-puzzle-to-move = { $side } to move: { $goal }.
web-puzzle-solution = Solution: { $line }
web-puzzle-how = Solve it in chat with `{ $p }puzzle daily`; the replies there count for your puzzle rating.
web-puzzle-none = No daily puzzle: this bot has no puzzles installed.
## web companion: the games of a knockout board, a match page (issue 30)
web-tour-game-n = game { $n }
web-tour-link-label = Tournament page: { $name }
web-board-link-label = Board { $board }
web-match-title = Match
web-match-score = { $south } { $south_wins } – { $north_wins } { $north }{ $draws ->
    [0] {""}
    [one] , one game drawn
   *[other] , { $draws } games drawn
}
web-match-game = Game { $n }
web-match-show = Show game { $n }
web-match-no-moves = No moves (resigned at once).
