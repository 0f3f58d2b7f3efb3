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

## web pages: tournaments, players, communities
web-tour-game = Игра
web-tour-format = Система
web-tour-stage = Стадия
web-tour-organizer = Организатор
web-tour-created = Создан
web-community-link = Рейтинги и турниры этого сообщества
web-tour-round-of = тур { $round } из { $total }
web-tour-now = Идёт тур { $round }
web-tour-round-done = Все партии этого тура окончены; скоро будут пары следующего.
web-tour-bye = без пары
web-tour-game-link = партия
web-tour-playing = идёт
web-tour-waiting = ждёт свою комнату
web-tour-forfeit = неявка
web-tour-no-players = Пока никто не записался.
web-tour-standings = Таблица
web-tour-buchholz-about = Бухгольц: сумма очков соперников
web-tour-sb-about = Зоннеборн — Бергер: очки побеждённых соперников плюс половина очков тех, с кем сыграна ничья
web-tour-champion = первое место
web-tour-out-in = вылет в туре { $round }
web-tour-in-round = в туре { $round }
web-tour-crosstable = Турнирная таблица
web-tour-swiss-key = В каждом туре: место соперника в таблице, сторона (Ю — юг, С — север) и результат.
web-tour-side-south = Ю
web-tour-side-north = С
web-tour-round-short = Т{ $round }
web-tour-bracket = Сетка
web-tour-round = Тур { $round }
web-tour-rounds = Туры
web-community-title = Рейтинги и турниры
web-community-leaderboard = Рейтинг: { $game }
web-community-no-ratings = Рейтинговых партий пока нет.
web-community-tournaments = Турниры
web-community-no-tournaments = Турниров пока нет.
web-col-games = Партии
web-col-date = Дата
web-col-opponent = Соперник
web-player-ratings = Рейтинги
web-player-unrated = Рейтинговых партий пока нет.
web-player-record = побед: { $won }, ничьих: { $drawn }, поражений: { $lost }
web-player-provisional = (предварительный)
web-player-chart = Рейтинг в игре { $game } со временем
web-player-games = Последние партии
web-player-no-games = Партий пока нет.
web-player-tournaments = Турниры
web-player-no-tournaments = Турниров пока нет.
web-player-registered = запись принята, турнир ещё не начался
web-player-place = место { $place } из { $total }, очков: { $points }
## organizer's log on the tournament page (issue 31)
web-tour-log = Журнал организатора
## daily puzzle page (issue 32)
web-puzzle-title = Задача дня
web-puzzle-today = Задача на сегодня ({ $date })
web-puzzle-yesterday = Вчерашняя задача ({ $date }) с решением
web-puzzle-about = { $board }, рейтинг { $rating }; темы: { $themes }.
web-puzzle-to-move = Ходит { $side }: { $goal }.
web-puzzle-solution = Решение: { $line }
web-puzzle-how = Решайте её в чате: `{ $p }puzzle daily`; ответы там идут в ваш рейтинг задач.
web-puzzle-none = Задачи дня нет: у этого бота нет задач.
## web companion: the games of a knockout board, a match page (issue 30)
web-tour-game-n = партия { $n }
web-tour-link-label = Страница турнира { $name }
web-board-link-label = Доска { $board }
web-match-title = Матч
web-match-score = { $south } { $south_wins } – { $north_wins } { $north }{ $draws ->
    [0] {""}
    [one] , { $draws } партия вничью
    [few] , { $draws } партии вничью
   *[many] , { $draws } партий вничью
}
web-match-game = Партия { $n }
web-match-show = Показать партию { $n }
web-match-no-moves = Ходов нет (сдача сразу).
