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

## web
settings-web-on = Партии, турниры и игроки этого сообщества теперь на веб-страницах, скрытых от поисковиков (`{ $p }set web index` разрешает их индексировать). `{ $p }set web off` убирает страницы.
settings-web-off = Веб-страницы этого сообщества выключены: по их адресам теперь «страница не найдена».
settings-web-index = Веб-страницы этого сообщества включены, и поисковики могут их индексировать. `{ $p }set web noindex` просит их этого не делать.
settings-web-noindex = Теперь поисковиков просят не индексировать веб-страницы этого сообщества.
parse-set-web = { $word } — не настройка веб-страниц: on, off, index или noindex
web-not-found = Страница не найдена
web-not-found-text = По этому адресу страницы нет.
web-footer = mancala-bot, судья партий в катро и хойито
web-language = Язык
web-game-title = { $kind }, партия { $id }
web-game-players = Игроки
web-game-side = Сторона
web-game-player = Участник
web-game-rating = Рейтинг
web-game-captured = Взято
web-game-started = Начало
web-game-time-control = Контроль времени
web-game-per-move = { $time } на ход
web-game-no-clock = без часов
web-game-result = Результат
web-game-in-progress = идёт
web-game-tournament = Турнир
web-game-round = тур { $round }, стол { $board }
web-game-board = Доска
web-game-first = В начало
web-game-back = Назад
web-game-forward = Вперёд
web-game-last = В конец
web-game-ply = Ход { $ply } из { $total }
web-game-start-position = Начальная позиция
web-game-to-move = Ходит { $name }
web-game-moves = Ходы
web-game-pictures = Картинки этого хода
web-game-chart = Камни по ходу партии
web-game-analysis = Анализ
web-game-analysis-loss = Потеряно камней
web-game-analysis-best = Лучший ход
web-game-accuracy = Точность
web-game-download = Скачать
web-game-json = Запись партии (JSON)
web-game-gif = Анимация (GIF)
web-game-live = Доска обновляется сама, пока идёт партия.
web-link = Страница партии: { $url }
web-link-label = Страница партии
