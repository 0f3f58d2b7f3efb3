count-seeds = { $count ->
    [one] { $count } камень
    [few] { $count } камня
   *[many] { $count } камней
}
language-set = Теперь ответы здесь на русском языке.
language-auto = Ответы здесь следуют языку каждого сообщения, если платформа его сообщает (Discord: язык пользователя или сервера), иначе английскому.
language-unknown = { $word } — недоступный здесь язык: { $codes } или auto
time-in = через { $span }
time-ago = { $span } назад
time-now = сейчас

# The console transport's own lines: a reply's speaker (with the language's colon), its
# buttons (typed there), and the text diagram's last line.
console-bot = бот:
console-bot-refused = бот (отказ):
console-button = [{ $label }: введите { $command }]
console-button-only = [{ $label }: введите { $command }, только { $user }]
console-pictures-failed = не удалось записать изображения ({ $error }); ход сделан
diagram-won = партия окончена: победа стороны { $side }
diagram-drawn = партия окончена: ничья

## notify
console-direct = личное сообщение для { $user }
