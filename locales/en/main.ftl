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
