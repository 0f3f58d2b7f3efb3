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
